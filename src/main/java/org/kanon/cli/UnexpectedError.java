package org.kanon.cli;

import java.io.PrintWriter;
import org.kanon.db.SqlErrors;

/**
 * How an error kanon did not expect is reported: one line naming the exception's class, its SQLState and where in
 * kanon it happened, but never its message — a database's message may quote the row it failed on (a value too wide,
 * a NUL byte, a duplicate key), and no data value may reach a terminal or a log. The stack trace, messages and all,
 * only when the user asks for it with {@value #DEBUG_VARIABLE}.
 */
final class UnexpectedError {
    static final String DEBUG_VARIABLE = "KANON_DEBUG";

    private UnexpectedError() {
    }

    /** Reports {@code e} on {@code err}; the exit code is always {@link ExitCodes#BUG}. */
    static int report(Throwable e, PrintWriter err, boolean debug) {
        return report(e, "", err, debug);
    }

    /** As {@link #report(Throwable, PrintWriter, boolean)}, {@code where} (e.g. "in thread x: ") after "kanon: ". */
    static int report(Throwable e, String where, PrintWriter err, boolean debug) {
        err.println("kanon: " + where + line(e) + (debug ? "" : " (" + DEBUG_VARIABLE + "=1 prints the stack trace)"));
        if (debug) {
            e.printStackTrace(err);
        }
        err.flush();
        return ExitCodes.BUG;
    }

    static String line(Throwable e) {
        if (e instanceof OutOfMemoryError) {
            // the JVM's own text ("Java heap space", "Metaspace", ...) never holds data
            return "out of memory (" + e.getMessage() + "): give kanon more heap (KANON_JAVA_OPTS=-Xmx4g), "
                    + "or ask for less work (fewer quasi-identifiers, a local-recoding algorithm, --executor sql)";
        }
        StringBuilder line = new StringBuilder("internal error (please report it): ").append(e.getClass().getName());
        String state = SqlErrors.sqlState(e);
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
