package org.kanon.db;

import java.util.List;
import org.jooq.BatchBindStep;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.InsertValuesStepN;
import org.jooq.Name;
import org.jooq.impl.DSL;
import org.kanon.db.dialect.DatabaseProfiles;

/**
 * Rows inserted into one table in batches: one prepared statement bound per row and sent together where the driver
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

    private final DSLContext tx;
    private final Name table;
    private final List<Field<?>> fields;
    private final boolean batches;
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
        this.batches = DatabaseProfiles.of(tx.dialect()).batchesRows();
        this.rowsPerRoundTrip = batches ? BATCH : rowsPerStatement(fields.size());
    }

    /** Rows of {@code columns} values each in one multi-row VALUES statement. */
    public static int rowsPerStatement(int columns) {
        return Math.max(1, Math.min(BATCH * 5, VALUES_PER_STATEMENT / Math.max(1, columns)));
    }

    public void add(Object[] values) {
        if (batches) {
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
        if (batches) {
            step.execute();
            step = null;
        } else {
            rows.execute();
            rows = null;
        }
        pending = 0;
        roundTrips++;
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
