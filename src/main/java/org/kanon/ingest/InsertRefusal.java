package org.kanon.ingest;

import java.nio.file.Path;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.kanon.db.SqlErrors;
import org.kanon.db.dialect.DatabaseProfile;
import org.kanon.InvalidInputException;

/**
 * Turns a batch the database refused into one line naming the file and the line of the refused row. Database
 * messages about data may quote it (PostgreSQL's driver repeats the whole INSERT with its values; "invalid input
 * syntax" quotes the value), so only messages known to carry nothing but sizes are passed on; otherwise the SQLSTATE.
 * The exception returned never has the driver's exception as its cause, so no stack trace can print the values.
 */
final class InsertRefusal {
    /** PostgreSQL's "row is too big: size 18024, maximum size 8160": sizes only. */
    private static final Pattern ROW_TOO_BIG = Pattern.compile("row is too big: size \\d+, maximum size \\d+");

    interface Binder {
        void bind(PreparedStatement statement, CsvReader.Row row) throws SQLException;
    }

    private final String database;
    private final Path file;

    InsertRefusal(DatabaseProfile profile, Path file) {
        this.database = profile.displayName();
        this.file = file;
    }

    /** Re-runs the batch's rows one at a time (the caller has rolled the batch back) until the database refuses one. */
    RuntimeException locate(Connection connection, String insert, List<CsvReader.Row> batch, SQLException batchError, Binder binder)
            throws SQLException {
        try (PreparedStatement single = connection.prepareStatement(insert)) {
            for (CsvReader.Row row : batch) {
                binder.bind(single, row);
                try {
                    single.executeUpdate();
                } catch (SQLException refused) {
                    return describe(refused, String.valueOf(row.line()));
                }
            }
        }
        // refused as a batch, accepted row by row: name the batch's lines
        SQLException cause = batchError instanceof BatchUpdateException && batchError.getNextException() != null
                ? batchError.getNextException() : batchError;
        return describe(cause, batch.get(0).line() + "-" + batch.get(batch.size() - 1).line());
    }

    /** A refused batch that cannot be undone alone (no savepoints): its lines, without locating the row. */
    RuntimeException inBatch(List<CsvReader.Row> batch, SQLException refused) {
        SQLException cause = refused instanceof BatchUpdateException && refused.getNextException() != null
                ? refused.getNextException() : refused;
        return describe(cause, batch.get(0).line() + "-" + batch.get(batch.size() - 1).line());
    }

    /** A refused bulk load: the line of the refused row, or the range of lines sent when the database named none. */
    RuntimeException atLines(String lines, SQLException refused) {
        return describe(refused, lines);
    }

    private RuntimeException describe(SQLException e, String lines) {
        String state = SqlErrors.sqlState(e) == null ? "" : SqlErrors.sqlState(e);
        String where = file + ":" + lines + ": ";
        if (state.startsWith("54")) {
            Matcher size = ROW_TOO_BIG.matcher(String.valueOf(e.getMessage()));
            return new InvalidInputException(where + "the row is too large for " + database
                    + (size.find() ? " (" + size.group() + " bytes)" : " (SQLSTATE " + state + ")")
                    + "; fewer or narrower columns would fit; nothing was written");
        }
        if (state.startsWith("22")) {
            return new InvalidInputException(where + database + " refused a value of this row (SQLSTATE " + state
                    + "); nothing was written");
        }
        if (state.startsWith("08")) {
            return new InvalidInputException(where + "the connection to " + database + " was lost (SQLSTATE " + state
                    + "); nothing was written");
        }
        return new IllegalStateException(where + database + " refused the row (SQLSTATE " + state + ", error code "
                + e.getErrorCode() + "); nothing was written");
    }
}
