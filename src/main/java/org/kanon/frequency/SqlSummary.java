package org.kanon.frequency;

import java.util.List;
import java.util.ArrayList;
import org.jooq.Condition;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.SelectField;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.kanon.privacy.ModelSql;
import org.kanon.privacy.PrivacyModel;

/**
 * The aggregates of a {@link FrequencySummary} over a column of class counts, and reading them back: the same
 * six numbers whether the counts are a stored set's or a GROUP BY's that is never stored. Under a model with a
 * sensitive attribute the counts are per (class, sensitive value): {@link #figures} folds them into one row per
 * class (size, sensitive rows, largest value, distinct values), and {@link #aggregates(PrivacyModel, String)}
 * summarizes those rows with the model's verdict in place of "below k", as {@link ClassFold#summarize} does.
 */
final class SqlSummary {
    static final int WIDTH = 6;
    static final String SIZE = "size";
    static final String SENSITIVE = "sens";
    static final String LARGEST = "largest";
    static final String DISTINCT = "dv";

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

    /**
     * Per class, over rows of counts per (class, sensitive value) grouped by the class: its size, sensitive rows
     * (the indicator's 1 rows; 0 when the column holds values), largest value and distinct values, named
     * {@value #SIZE}, {@value #SENSITIVE}, {@value #LARGEST}, {@value #DISTINCT}.
     */
    static List<SelectField<?>> figures(Field<Long> cnt, Field<?> sensitive, boolean indicator) {
        List<SelectField<?>> select = new ArrayList<>();
        select.add(DSL.sum(cnt).cast(SQLDataType.BIGINT).as(SIZE));
        select.add((indicator ? DSL.sum(DSL.when(sensitive.cast(SQLDataType.INTEGER).eq(DSL.inline(1)), cnt).else_(DSL.inline(0L)))
                : DSL.inline(0L)).cast(SQLDataType.BIGINT).as(SENSITIVE));
        select.add(DSL.max(cnt).cast(SQLDataType.BIGINT).as(LARGEST));
        select.add(DSL.count().cast(SQLDataType.BIGINT).as(DISTINCT));
        return select;
    }

    /**
     * The six numbers of {@link #aggregates(Field, int)} over the rows of {@link #figures} in table {@code e}: rows
     * and classes the model refuses count as "below k", squares are those of the classes it accepts.
     */
    static List<SelectField<?>> aggregates(PrivacyModel model, String e) {
        Field<Long> size = figure(e, SIZE);
        Condition ok = ModelSql.accepts(model, size, figure(e, SENSITIVE), figure(e, LARGEST), figure(e, DISTINCT));
        return List.of(
                DSL.count(),
                DSL.min(size),
                DSL.sum(size),
                DSL.sum(DSL.when(ok, DSL.inline(0L)).else_(size)),
                DSL.sum(DSL.when(ok, DSL.inline(0)).else_(DSL.inline(1))),
                DSL.sum(DSL.when(ok, size.mul(size)).else_(DSL.inline(0L))));
    }

    private static Field<Long> figure(String table, String name) {
        return DSL.field(DSL.name(table, name), SQLDataType.BIGINT);
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
