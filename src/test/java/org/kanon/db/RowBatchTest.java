package org.kanon.db;

import static org.junit.jupiter.api.Assertions.*;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Name;
import org.jooq.Record;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.junit.jupiter.api.DisplayName;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.TestDatabases;

/**
 * Rows written through {@link RowBatch} (every release table, hierarchy and candidate table) come back exactly as
 * given, on the bulk path too (issue 32, item 8: DuckDB's appender, PostgreSQL's COPY): NULL apart from the empty
 * string, quotes, tabs and line breaks in text, a DECIMAL's scale, a BIGINT past an INTEGER, a DOUBLE, a date and
 * a time on a whole minute; they are part of the writer's transaction; and DuckDB, which runs a JDBC batch as a
 * statement per row, takes its bulk path: thousands of rows in one load.
 */
class RowBatchTest {
    private static final Name TABLE = DSL.name("row_batch_t");
    private static final int MANY = 5_000;

    @DatabaseTest
    @DisplayName("typed values, NULL and '' and odd text round-trip exactly; a rollback takes the rows back; DuckDB loads 5,000 rows at once")
    void rowsComeBackAsWritten(TestDatabases.Kind kind, Database db) {
        List<Field<?>> fields = List.of(DSL.field(DSL.name("id"), SQLDataType.INTEGER), DSL.field(DSL.name("big"), SQLDataType.BIGINT),
                DSL.field(DSL.name("dec"), SQLDataType.DECIMAL(10, 2)), DSL.field(DSL.name("dbl"), SQLDataType.DOUBLE),
                DSL.field(DSL.name("txt"), SQLDataType.VARCHAR(40)), DSL.field(DSL.name("day"), SQLDataType.LOCALDATE),
                DSL.field(DSL.name("at"), SQLDataType.LOCALDATETIME));
        db.dsl().createTable(TABLE).columns(fields).execute();
        List<Object[]> rows = new ArrayList<>();
        rows.add(new Object[] {1, 12_345_678_901L, new BigDecimal("1.50"), 0.1, "it's \"quoted\", y", LocalDate.of(1976, 1, 21),
                LocalDateTime.of(2020, 1, 2, 3, 4)});
        rows.add(new Object[] {2, null, null, null, "", null, null});
        rows.add(new Object[] {3, -1L, new BigDecimal("-0.05"), 1.0E-5, "tab\tline\nbreak \\N", LocalDate.of(2000, 2, 29),
                LocalDateTime.of(1999, 12, 31, 23, 59, 58)});
        rows.add(new Object[] {4, 0L, new BigDecimal("12345678.99"), -2.5E10, null, LocalDate.of(1900, 1, 1), null});
        int[] roundTrips = {0};
        db.dsl().transaction(cfg -> {
            RowBatch batch = new RowBatch(cfg.dsl(), TABLE, fields);
            rows.forEach(batch::add);
            batch.flush();
            roundTrips[0] = batch.roundTrips();
        });
        assertEquals(1, roundTrips[0]);
        List<Record> back = db.dsl().select(fields).from(DSL.table(TABLE)).orderBy(fields.get(0)).fetch();
        assertEquals(rows.size(), back.size());
        for (int r = 0; r < rows.size(); r++) {
            Object[] expected = rows.get(r);
            for (int c = 0; c < fields.size(); c++) {
                Object actual = back.get(r).get(c);
                String where = kind + " row " + (r + 1) + " column " + fields.get(c).getName();
                if (expected[c] instanceof BigDecimal d) {
                    assertEquals(0, d.compareTo((BigDecimal) actual), where + ": " + actual);
                } else {
                    assertEquals(expected[c], actual, where);
                }
            }
        }

        assertThrows(IllegalStateException.class, () -> db.dsl().transaction(cfg -> {
            RowBatch batch = new RowBatch(cfg.dsl(), TABLE, fields);
            for (int i = 0; i < MANY; i++) {
                batch.add(new Object[] {100 + i, (long) i, BigDecimal.ONE, 1.0, "r" + i, null, null});
            }
            batch.flush();
            assertEquals(MANY, cfg.dsl().fetchCount(DSL.table(TABLE), DSL.field(DSL.name("id"), Integer.class).ge(100)));
            if (kind == TestDatabases.Kind.DUCKDB) {
                assertTrue(db.profile().bulkLoader().isPresent(), "DuckDB writes through its appender");
                assertEquals(1, batch.roundTrips(), "5,000 rows in one load");
            }
            throw new IllegalStateException("roll back");
        }));
        assertEquals(rows.size(), db.dsl().fetchCount(DSL.table(TABLE)), "the rolled-back rows are gone");
    }
}
