package org.kanon.db.dialect;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;

/**
 * DuckDB's bulk path: its appender fills a temporary stage of text columns, then one {@code INSERT ... SELECT} moves
 * the stage into the table, casting each text to the column's type as an INSERT of a literal would. JDBC batches run
 * one statement per row here (a 45,222-row permutation release took 64 s to write). The appender accepts only the
 * column's exact Java type, so it writes text to a text stage rather than to the typed table. The stage is temporary
 * (the session's own) and dropped after the move; appender and INSERT run inside the caller's transaction.
 */
final class DuckDbAppender implements BulkLoader {
    private static final AtomicLong STAGES = new AtomicLong();

    @Override
    public long load(Connection connection, String table, List<String> columns, Rows rows) throws SQLException {
        String stage = "kanon_stage_" + STAGES.incrementAndGet();
        List<String> stageColumns = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            stageColumns.add("c" + i);
        }
        try (Statement s = connection.createStatement()) {
            s.execute("CREATE TEMPORARY TABLE \"" + stage + "\" (" + String.join(" VARCHAR, ", stageColumns) + " VARCHAR)");
        }
        SQLException failed = null;
        long loaded = 0;
        try {
            int width = columns.size();
            try (DuckDBAppender appender = connection.unwrap(DuckDBConnection.class).createAppender("temp", "main", stage)) {
                while (rows.next()) {
                    appender.beginRow();
                    for (int i = 0; i < width; i++) {
                        String value = rows.value(i);
                        if (value == null) {
                            appender.appendNull();
                        } else {
                            appender.append(value);
                        }
                    }
                    appender.endRow();
                    loaded++;
                }
                appender.flush();
            }
            try (Statement s = connection.createStatement()) {
                s.executeUpdate("INSERT INTO " + table + " (" + String.join(", ", columns) + ") SELECT " + String.join(", ", stageColumns)
                        + " FROM temp.main.\"" + stage + "\"");
            }
        } catch (SQLException e) {
            failed = e;
            throw e;
        } finally {
            try (Statement s = connection.createStatement()) {
                s.execute("DROP TABLE IF EXISTS temp.main.\"" + stage + "\"");
            } catch (SQLException e) {
                // a failed transaction refuses every statement until it is rolled back, which ends the stage with it
                if (failed == null) {
                    throw e;
                }
                failed.addSuppressed(e);
            }
        }
        return loaded;
    }

    /** DuckDB names no row when a text does not fit its column. */
    @Override
    public long refusedRow(SQLException refusal) {
        return 0;
    }
}
