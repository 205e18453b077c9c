package org.kanon.db;

import java.sql.SQLException;
import org.jooq.exception.DataAccessException;
import org.kanon.InvalidInputException;

/**
 * Translates database errors at the boundary: what a user can fix (no such table, refused connection, missing
 * permission) becomes an {@link InvalidInputException}; everything else stays a bug and propagates.
 */
public final class SqlErrors {
    private SqlErrors() {
    }

    public static RuntimeException translate(Throwable e, ConnectionSettings settings) {
        SQLException sql = sqlException(e);
        String state = sql == null ? null : sql.getSQLState();
        if (state != null) {
            if (state.startsWith("08") || "XJ004".equals(state) || "28P01".equals(state) || "3D000".equals(state)) {
                return new InvalidInputException("cannot connect to " + settings.maskedUrl() + ": " + describe(sql, settings.password()), e);
            }
            if ("42501".equals(state)) {
                return new InvalidInputException("permission denied: " + describe(sql, settings.password()), e);
            }
        }
        return e instanceof RuntimeException r ? r : new DataAccessException(e.getMessage(), e);
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
        return s == null ? null : s.getSQLState();
    }

    /** The database's own message, first line only, with the password blanked in case a driver echoed it. */
    public static String describe(Throwable e, String password) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int nl = message.indexOf('\n');
        if (nl >= 0) {
            message = message.substring(0, nl);
        }
        if (password != null && !password.isEmpty()) {
            message = message.replace(password, "<masked>");
        }
        return JdbcUrls.maskPassword(message);
    }
}
