package org.kanon.frequency;

import java.util.ArrayList;
import java.util.List;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Record6;
import org.jooq.SelectHavingStep;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.kanon.lattice.LevelVector;

/**
 * Frequency sets in SQL (Incognito, section 1.1 and Figure 4): the frequency set of a node is one GROUP BY over
 * the fact table joined to the dimension tables, and every verdict about it is computed by the database in the
 * same statement, so only a handful of numbers cross the wire.
 */
public final class FrequencySets {
    public static final String COUNT = "cnt";

    private final DSLContext ctx;

    public FrequencySets(DSLContext ctx) {
        this.ctx = ctx;
    }

    /** {@code SELECT g1 AS q1, .., COUNT(*) AS cnt FROM fact JOIN dims GROUP BY g1, ..}. */
    public SelectHavingStep<Record> query(StarSchema schema, LevelVector node) {
        schema.validate(node);
        List<Field<?>> generalized = schema.generalized(node);
        List<Field<?>> select = new ArrayList<>();
        for (int i = 0; i < generalized.size(); i++) {
            select.add(generalized.get(i).as(DSL.name("q" + (i + 1))));
        }
        select.add(DSL.count().as(DSL.name(COUNT)));
        return ctx.select(select).from(schema.from(node)).groupBy(generalized);
    }

    public List<FrequencyRow> fetch(StarSchema schema, LevelVector node) {
        List<FrequencyRow> rows = new ArrayList<>();
        int n = schema.quasiIdentifiers().size();
        for (Record r : query(schema, node).fetch()) {
            List<Object> values = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                values.add(r.get(i));
            }
            rows.add(new FrequencyRow(values, r.get(n, Long.class)));
        }
        return rows;
    }

    public FrequencySummary summarize(StarSchema schema, LevelVector node, int k) {
        Table<?> fs = query(schema, node).asTable(DSL.name("fs"));
        Field<Integer> cnt = DSL.field(DSL.name("fs", COUNT), SQLDataType.INTEGER);
        Field<Integer> kValue = DSL.val(k);
        Field<Long> wide = cnt.cast(SQLDataType.BIGINT); // squares of Adult-sized classes overflow INTEGER
        Record6<Integer, Integer, java.math.BigDecimal, java.math.BigDecimal, java.math.BigDecimal, java.math.BigDecimal> r = ctx.select(
                        DSL.count(),
                        DSL.min(cnt),
                        DSL.sum(cnt),
                        DSL.sum(DSL.when(cnt.lt(kValue), cnt).else_(DSL.inline(0))),
                        DSL.sum(DSL.when(cnt.lt(kValue), DSL.inline(1)).else_(DSL.inline(0))),
                        DSL.sum(DSL.when(cnt.ge(kValue), wide.mul(wide)).else_(DSL.inline(0L))))
                .from(fs)
                .fetchSingle();
        return new FrequencySummary(asLong(r.value3()), r.value1(), r.value2() == null ? 0 : r.value2(), asLong(r.value4()),
                asLong(r.value5()), k, asLong(r.value6()));
    }

    private static long asLong(Number n) {
        return n == null ? 0 : n.longValue();
    }
}
