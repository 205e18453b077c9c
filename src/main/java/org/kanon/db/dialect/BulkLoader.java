package org.kanon.db.dialect;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * A database's own path for many rows at once, faster than JDBC batches of one prepared INSERT (PostgreSQL's
 * {@code COPY ... FROM STDIN}). It writes on the caller's connection, inside the caller's transaction, so a failed
 * load is undone with everything else the transaction did. The caller has validated every value; the loader only
 * moves text. See {@link DatabaseProfile#bulkLoader()}.
 */
public interface BulkLoader {
    /** The rows to load, one at a time. */
    interface Rows {
        /** Moves to the next row; false at the end. */
        boolean next();

        /** Column {@code column} of the current row in the database's input syntax, or null for NULL. */
        String value(int column);
    }

    /**
     * Loads every row into {@code columns} of {@code table} (both rendered as the database quotes them).
     *
     * @return the number of rows loaded
     * @throws SQLException the database refused the load; {@link #refusedRow} says which row, its message may quote
     *                      values and must not reach a user
     */
    long load(Connection connection, String table, List<String> columns, Rows rows) throws SQLException;

    /** The 1-based position, in load order, of the row a refusal of {@link #load} names; 0 when it names none. */
    long refusedRow(SQLException refusal);
}
