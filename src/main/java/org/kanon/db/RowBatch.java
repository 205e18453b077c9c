package org.kanon.db;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jooq.BatchBindStep;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.InsertValuesStepN;
import org.jooq.Name;
import org.jooq.impl.DSL;
import org.kanon.db.dialect.BulkLoader;
import org.kanon.db.dialect.DatabaseProfile;
import org.kanon.db.dialect.DatabaseProfiles;

/**
 * Rows inserted into one table in batches: through the database's bulk path where it has one
 * ({@link org.kanon.db.dialect.DatabaseProfile#bulkLoader()}: PostgreSQL's COPY, DuckDB's appender, which runs a JDBC
 * batch as one statement per row), else one prepared statement bound per row and sent together where the driver
 * batches ({@link org.kanon.db.dialect.DatabaseProfile#batchesRows()}), else one multi-row VALUES statement per
 * batch (Trino's driver runs a batch as one query per row: 200 rows took a minute).
 */
public final class RowBatch {
    /** Rows per round trip where the driver batches. */
    public static final int BATCH = 1000;
    /**
     * Bound values per multi-row statement: the coordinator parses and plans the whole VALUES list in its heap
     * (20,000 values ran a 1.5 GB Trino coordinator out of it).
     */
    private static final int VALUES_PER_STATEMENT = 4_000;
    /** Rows per load on a bulk path: each load costs a statement or two, the rows wait in the heap until it. */
    private static final int BULK_ROWS = 20_000;

    private final DSLContext tx;
    private final Name table;
    private final List<Field<?>> fields;
    private final boolean batches;
    private final Optional<BulkLoader> bulk;
    private final List<Object[]> buffered = new ArrayList<>();
    private final int rowsPerRoundTrip;
    private BatchBindStep step;
    private InsertValuesStepN<?> rows;
    private int pending;
    private long written;
    private int roundTrips;

    public RowBatch(DSLContext tx, Name table, List<Field<?>> fields) {
        this.tx = tx;
        this.table = table;
        this.fields = fields;
        DatabaseProfile profile = DatabaseProfiles.of(tx.dialect());
        this.batches = profile.batchesRows();
        this.bulk = profile.bulkLoader();
        this.rowsPerRoundTrip = bulk.isPresent() ? BULK_ROWS : batches ? BATCH : rowsPerStatement(fields.size());
    }

    /** Rows of {@code columns} values each in one multi-row VALUES statement. */
    public static int rowsPerStatement(int columns) {
        return Math.max(1, Math.min(BATCH * 5, VALUES_PER_STATEMENT / Math.max(1, columns)));
    }

    public void add(Object[] values) {
        if (bulk.isPresent()) {
            buffered.add(values.clone());
        } else if (batches) {
            step = (step == null ? tx.batch(tx.insertInto(DSL.table(table)).columns(fields).values(new Object[fields.size()])) : step)
                    .bind(values);
        } else {
            rows = rows == null ? tx.insertInto(DSL.table(table)).columns(fields).values(values) : rows.values(values);
        }
        written++;
        if (++pending == rowsPerRoundTrip) {
            flush();
        }
    }

    /** Sends the rows added since the last flush. */
    public void flush() {
        if (pending == 0) {
            return;
        }
        if (bulk.isPresent()) {
            load(bulk.get());
        } else if (batches) {
            step.execute();
            step = null;
        } else {
            rows.execute();
            rows = null;
        }
        pending = 0;
        roundTrips++;
    }

    private void load(BulkLoader loader) {
        String target = tx.render(DSL.table(table));
        List<String> columns = fields.stream().map(f -> tx.render(DSL.name(f.getName()))).toList();
        tx.connection(connection -> loader.load(connection, target, columns, new BulkLoader.Rows() {
            private int row = -1;

            @Override
            public boolean next() {
                return ++row < buffered.size();
            }

            @Override
            public String value(int column) {
                return text(buffered.get(row)[column]);
            }
        }));
        buffered.clear();
    }

    /** A value in the input syntax both bulk paths read: a number in full (no exponent for a decimal), a time in ISO form. */
    static String text(Object value) {
        if (value == null) {
            return null;
        }
        if (value instanceof BigDecimal d) {
            return d.toPlainString();
        }
        if (value instanceof byte[]) {
            throw new IllegalArgumentException("binary values have no text form for a bulk load");
        }
        return value.toString();
    }

    /** Statements (or batches) sent so far. */
    public int roundTrips() {
        return roundTrips;
    }

    /** Rows added so far. */
    public long written() {
        return written;
    }
}
