package org.kanon.frequency;

import java.util.List;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.SelectField;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;

/**
 * The aggregates of a {@link FrequencySummary} over a column of class counts, and reading them back: the same
 * six numbers whether the counts are a stored set's or a GROUP BY's that is never stored.
 */
final class SqlSummary {
    static final int WIDTH = 6;

    private SqlSummary() {
    }

    /** Classes, smallest class, rows, rows below k, classes below k, sum of squares of classes of k or more. */
    static List<SelectField<?>> aggregates(Field<Long> cnt, int k) {
        Field<Long> bigK = DSL.val(k).cast(SQLDataType.BIGINT);
        return List.of(
                DSL.count(),
                DSL.min(cnt),
                DSL.sum(cnt),
                DSL.sum(DSL.when(cnt.lt(bigK), cnt).else_(DSL.inline(0L))),
                DSL.sum(DSL.when(cnt.lt(bigK), DSL.inline(1)).else_(DSL.inline(0))),
                DSL.sum(DSL.when(cnt.ge(bigK), cnt.mul(cnt)).else_(DSL.inline(0L))));
    }

    /** The summary from {@link #aggregates} starting at column {@code offset} of {@code r}. */
    static FrequencySummary read(Record r, int offset, int k) {
        return new FrequencySummary(asLong(r.get(offset + 2)), asLong(r.get(offset)), asLong(r.get(offset + 1)),
                asLong(r.get(offset + 3)), asLong(r.get(offset + 4)), k, asLong(r.get(offset + 5)));
    }

    /** A summary of no classes: what an empty GROUP BY would have given. */
    static FrequencySummary empty(int k) {
        return new FrequencySummary(0, 0, 0, 0, 0, k, 0);
    }

    private static long asLong(Object n) {
        return n == null ? 0 : ((Number) n).longValue();
    }
}
