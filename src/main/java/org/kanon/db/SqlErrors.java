package org.kanon.db;

import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.regex.Pattern;
import org.jooq.exception.DataAccessException;
import org.kanon.InvalidInputException;
import org.kanon.db.dialect.DatabaseProfiles;
import org.kanon.db.dialect.JdbcUrls;

/**
 * Translates database errors at the boundary: what a user can fix (no such table, refused connection, missing
 * permission) becomes an {@link InvalidInputException}; everything else stays a bug and propagates.
 */
public final class SqlErrors {
    private SqlErrors() {
    }

    public static RuntimeException translate(Throwable e, ConnectionSettings settings) {
        SQLException sql = sqlException(e);
        String state = sql == null ? null : DatabaseProfiles.sqlState(sql);
        if (state != null) {
            if (state.startsWith("08") || "XJ004".equals(state) || "XJ040".equals(state) || "28P01".equals(state) || "3D000".equals(state)) {
                return cannotConnect(e, settings);
            }
            if ("42501".equals(state)) {
                return new InvalidInputException("permission denied: " + describe(sql, settings), e);
            }
        }
        return e instanceof RuntimeException r ? r : new DataAccessException(e.getMessage(), e);
    }

    /**
     * A connection refused, as the user can act on it. Derby's "Failed to start database" says that the reason is
     * in the next exception, which the pool does not show: the usual one, XSDB6, is another process having the
     * embedded database open, and embedded Derby lets one process in at a time.
     */
    public static InvalidInputException cannotConnect(Throwable e, ConnectionSettings settings) {
        if (hasState(e, DERBY_BOOTED_ELSEWHERE)) {
            return new InvalidInputException("cannot open " + settings.maskedUrl() + ": another process has this embedded Derby "
                    + "database open (" + DERBY_BOOTED_ELSEWHERE + "), and embedded Derby admits one process at a time; stop the other "
                    + "kanon, ij or application using it (a kanon worker, a kanon sql console), or serve the database with Derby's "
                    + "network server and connect to it as jdbc:derby://HOST:1527/DATABASE", e);
        }
        SQLException sql = sqlException(e);
        SQLException reason = sql == null ? null : deepest(sql);
        return new InvalidInputException("cannot connect to " + settings.maskedUrl() + ": " + describe(sql == null ? e : sql, settings)
                + (reason != null && reason != sql ? " (" + reason.getSQLState() + ": " + describe(reason, settings) + ")" : ""), e);
    }

    /** Derby's SQLState for a database booted by another process (class loader or JVM). */
    static final String DERBY_BOOTED_ELSEWHERE = "XSDB6";

    /** Whether {@code state} is anywhere in the causes of {@code e} or the next exceptions of its SQLExceptions. */
    static boolean hasState(Throwable e, String state) {
        Deque<Throwable> todo = new ArrayDeque<>();
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        todo.push(e);
        while (!todo.isEmpty()) {
            Throwable t = todo.pop();
            if (!seen.add(t)) {
                continue;
            }
            if (t instanceof SQLException s) {
                if (state.equals(s.getSQLState())) {
                    return true;
                }
                if (s.getNextException() != null) {
                    todo.push(s.getNextException());
                }
            }
            if (t.getCause() != null) {
                todo.push(t.getCause());
            }
        }
        return false;
    }

    /** The last of the next exceptions (and their causes), where Derby puts the reason of a failed boot. */
    private static SQLException deepest(SQLException e) {
        SQLException last = e;
        for (SQLException n = e.getNextException(); n != null; n = n.getNextException()) {
            last = n;
        }
        if (last == e && e.getCause() instanceof SQLException cause && cause != e) {
            return deepest(cause);
        }
        return last;
    }

    public static SQLException sqlException(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException s) {
                return s;
            }
        }
        return null;
    }

    public static String sqlState(Throwable e) {
        SQLException s = sqlException(e);
        return s == null ? null : DatabaseProfiles.sqlState(s);
    }

    /**
     * The database's own message about a connection, first line only, with the URL's password masked and the
     * password itself masked wherever it stands as a whole token (a driver may echo it), never inside other words.
     */
    public static String describe(Throwable e, ConnectionSettings settings) {
        String message = firstLine(e);
        if (settings != null) {
            message = message.replace(settings.url(), settings.maskedUrl());
        }
        return JdbcUrls.maskPasswordsIn(maskToken(message, settings == null ? null : settings.password()));
    }

    /** As {@link #describe(Throwable, ConnectionSettings)}, knowing only the password. */
    public static String describe(Throwable e, String password) {
        return JdbcUrls.maskPasswordsIn(maskToken(firstLine(e), password));
    }

    private static String firstLine(Throwable e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int nl = message.indexOf('\n');
        return nl >= 0 ? message.substring(0, nl) : message;
    }

    /**
     * Replaces {@code password} where it is a whole token (before a URL's {@code password=} is masked: that mask ends
     * at a quote or a space, which the password itself may hold): neither preceded nor followed by a letter or digit. A
     * one-character password "e" masks a lone "e", never every e of the message.
     */
    public static String maskToken(String text, String password) {
        if (password == null || password.isEmpty()) {
            return text;
        }
        return Pattern.compile("(?<![\\p{L}\\p{N}])" + Pattern.quote(password) + "(?![\\p{L}\\p{N}])")
                .matcher(text).replaceAll("<masked>");
    }
}
