package org.kanon.db;

/**
 * An error kanon did not expect, as one line without any of its messages: the exception's class, its SQLState and
 * where in kanon it happened. A database's message may quote the row it failed on (a value too wide, a NUL byte, a
 * duplicate key, a failed cast), and no data value may reach a terminal, a log or a stored error column. The command
 * line prints this line (with the stack trace only on request); a worker logs it and stores it with the request.
 * {@link #ofDatabase} says the same of a database error in SQL the user wrote, as far as that can be said safely.
 */
public final class ErrorLine {
    private ErrorLine() {
    }

    /** The line for {@code e}: "internal error (please report it): CLASS, SQLState S, caused by ROOT, at FRAME". */
    public static String of(Throwable e) {
        String heap = OutOfHeap.of(e);
        if (heap != null) {
            // the JVM's own text ("Java heap space", "Metaspace", ...) never holds data
            return "out of memory (" + heap + "): give kanon more heap (KANON_JAVA_OPTS=-Xmx4g), "
                    + "or ask for less work (fewer quasi-identifiers, a local-recoding algorithm, --executor sql)";
        }
        String state = SqlErrors.sqlState(e);
        if (state != null && state.startsWith("08")) {
            // the server went away mid-run (a lost Trino coordinator, a restarted PostgreSQL): not a defect of kanon,
            // and a connection's message holds no row
            return "lost the connection to the database or one of its nodes (SQLState " + state + ": " + firstLine(primaryMessage(SqlErrors.sqlException(e)))
                    + "); what the command wrote is dropped where the database could still be reached, nothing was registered";
        }
        StringBuilder line = new StringBuilder("internal error (please report it): ").append(e.getClass().getName());
        if (state != null) {
            line.append(", SQLState ").append(state);
        }
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        if (root != e) {
            line.append(", caused by ").append(root.getClass().getName());
        }
        StackTraceElement where = ours(e);
        if (where != null) {
            line.append(", at ").append(where);
        }
        return line.toString();
    }

    /**
     * SQLState classes whose errors the database raises before it reads a row (a connection, the statement's text,
     * names, types, permissions, the transaction's state, resources, a cancel): their messages name the query's own
     * words and the catalog's names, never a value of a row. Any other class — data exceptions (22: a failed cast
     * quotes the value), constraint violations (23: the key), a function's own RAISE (P0), Derby's Java functions
     * (38) — may quote a row, so its message is never shown.
     */
    private static final java.util.Set<String> WITHOUT_ROWS = java.util.Set.of("08", "0A", "25", "28", "3D", "3F", "42", "53", "57");

    /**
     * A database error on SQL kanon did not write (a spec's source query), as one line the user can act on and
     * that holds no data value: "SQLState S: the database's message" (its first line, without DETAIL or HINT)
     * where the error's class cannot see rows; otherwise the SQLState and what its class means.
     */
    public static String ofDatabase(Throwable e) {
        java.sql.SQLException sql = SqlErrors.sqlException(e);
        String state = sql == null ? null : SqlErrors.sqlState(sql);
        if (state == null || state.length() != 5) {
            return "a database error without an SQLState (" + e.getClass().getName() + "; its message is not shown: it may quote a value)";
        }
        String category = state.substring(0, 2);
        if (beforeRows(sql)) {
            return "SQLState " + state + ": " + firstLine(primaryMessage(sql));
        }
        return "SQLState " + state + ", " + meaning(category) + " (the database's message is not shown: it may quote a value of a row)";
    }

    /** Whether the database raised {@code e} before it read any row (its SQLState's class is one of those). */
    public static boolean beforeRows(Throwable e) {
        String state = SqlErrors.sqlState(e);
        return state != null && state.length() == 5 && WITHOUT_ROWS.contains(state.substring(0, 2));
    }

    /** The database's own message without what its driver wraps it in (PostgreSQL's DETAIL, HINT, position). */
    private static String primaryMessage(java.sql.SQLException e) {
        return org.kanon.db.dialect.DatabaseProfiles.primaryMessage(e);
    }

    private static String meaning(String category) {
        return switch (category) {
            case "22" -> "a data exception: a value of a row that the query's expressions cannot take (a failed cast, "
                    + "a value out of range, a division by zero)";
            case "23" -> "an integrity constraint violation";
            case "P0" -> "an error raised by a database function";
            case "38" -> "an error in a database function";
            case "40" -> "the transaction was rolled back (a serialization failure or deadlock): try again";
            case "54" -> "a database limit was exceeded";
            default -> "a database error";
        };
    }

    private static String firstLine(String message) {
        String m = String.valueOf(message);
        int nl = m.indexOf('\n');
        return (nl < 0 ? m : m.substring(0, nl)).strip();
    }

    /** The top frame in kanon's own code of the error or, failing that, of its causes: where to look, without any message. */
    private static StackTraceElement ours(Throwable e) {
        StackTraceElement found = null;
        for (Throwable t = e; t != null && found == null; t = t.getCause() == t ? null : t.getCause()) {
            for (StackTraceElement frame : t.getStackTrace()) {
                if (frame.getClassName().startsWith("org.kanon.")) {
                    found = frame;
                    break;
                }
            }
        }
        return found;
    }
}
