package org.kanon.frequency;

import java.util.ArrayList;
import java.util.List;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Record6;
import org.jooq.SelectHavingStep;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.kanon.lattice.LevelVector;
import org.kanon.privacy.ClassStatistics;
import org.kanon.privacy.ModelSql;
import org.kanon.privacy.PrivacyModel;

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

    /**
     * The set counted per (QI values, sensitive value): each row's values end with the sensitive column's value
     * (the 1/0 indicator of the sensitive class for the simple (alpha,k) model).
     */
    public List<FrequencyRow> fetch(StarSchema schema, LevelVector node, SensitiveColumn sensitive) {
        List<FrequencyRow> rows = new ArrayList<>();
        int n = schema.quasiIdentifiers().size() + 1;
        for (Record r : query(schema, node, sensitive).fetch()) {
            List<Object> values = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                values.add(r.get(i));
            }
            rows.add(new FrequencyRow(values, r.get(n, Long.class)));
        }
        return rows;
    }

    /** {@link #query(StarSchema, LevelVector)} grouped by the sensitive column too, which comes after the QIs. */
    public SelectHavingStep<Record> query(StarSchema schema, LevelVector node, SensitiveColumn sensitive) {
        schema.validate(node);
        List<Field<?>> generalized = schema.generalized(node);
        Field<?> s = sensitive.expression(ctx.dialect());
        List<Field<?>> select = new ArrayList<>(generalized);
        select.add(s);
        select.add(DSL.count());
        List<Field<?>> groups = new ArrayList<>(generalized);
        groups.add(s);
        return ctx.select(select).from(schema.from(node)).groupBy(groups);
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

    /**
     * The summary of a node under a model that reads a sensitive attribute: counts per (class, sensitive value),
     * then per class its size and figures, then the classes the model refuses ("below k" in the summary's terms:
     * the rows a release would suppress). Three nested SELECTs of one statement; Derby needs no CTE for it.
     */
    public FrequencySummary summarize(StarSchema schema, LevelVector node, PrivacyModel model, SensitiveColumn sensitive) {
        schema.validate(node);
        List<Field<?>> generalized = schema.generalized(node);
        Field<?> s = sensitive.expression(ctx.dialect());
        List<Field<?>> inner = new ArrayList<>();
        List<Field<?>> innerGroups = new ArrayList<>(generalized);
        innerGroups.add(s);
        List<Field<?>> classKey = new ArrayList<>();
        for (int i = 0; i < generalized.size(); i++) {
            inner.add(generalized.get(i).as(DSL.name("q" + (i + 1))));
            classKey.add(DSL.field(DSL.name("v", "q" + (i + 1))));
        }
        inner.add(s.as(DSL.name("s")));
        inner.add(DSL.count().as(DSL.name(COUNT)));
        Table<?> values = ctx.select(inner).from(schema.from(node)).groupBy(innerGroups).asTable(DSL.name("v"));
        Table<?> classes = classFigures(values, classKey, sensitive.indicator()).asTable(DSL.name("e"));
        return summarizeClasses(classes, model);
    }

    /** The whole table as one class: its figures decide whether the model can be met at all. */
    public ClassStatistics wholeTable(StarSchema schema, SensitiveColumn sensitive) {
        Field<?> s = sensitive.expression(ctx.dialect());
        Table<?> values = ctx.select(s.as(DSL.name("s")), DSL.count().as(DSL.name(COUNT)))
                .from(schema.fact().table(StarSchema.FACT_ALIAS)).groupBy(s).asTable(DSL.name("v"));
        Record r = classFigures(values, List.of(), sensitive.indicator()).fetchSingle();
        return new ClassStatistics(asLong(r.get(0, Long.class)), asLong(r.get(1, Long.class)), asLong(r.get(2, Long.class)),
                asLong(r.get(3, Long.class)));
    }

    /** Per class (grouped by {@code classKey} over counts per sensitive value): size, sensitive rows, largest, distinct. */
    private org.jooq.Select<Record> classFigures(Table<?> values, List<Field<?>> classKey, boolean indicator) {
        Field<Long> c = DSL.field(DSL.name("v", COUNT), SQLDataType.BIGINT);
        Field<Integer> sv = DSL.field(DSL.name("v", "s"), SQLDataType.INTEGER);
        List<Field<?>> select = new ArrayList<>(classKey);
        select.add(DSL.sum(c).cast(SQLDataType.BIGINT).as(DSL.name("size")));
        select.add((indicator ? DSL.sum(DSL.when(sv.eq(DSL.inline(1)), c).else_(DSL.inline(0L))) : DSL.inline(0L))
                .cast(SQLDataType.BIGINT).as(DSL.name("sens")));
        select.add(DSL.max(c).cast(SQLDataType.BIGINT).as(DSL.name("largest")));
        select.add(DSL.count().cast(SQLDataType.BIGINT).as(DSL.name("dv")));
        return classKey.isEmpty() ? ctx.select(select).from(values) : ctx.select(select).from(values).groupBy(classKey);
    }

    private FrequencySummary summarizeClasses(Table<?> classes, PrivacyModel model) {
        Field<Long> size = DSL.field(DSL.name("e", "size"), SQLDataType.BIGINT);
        Condition ok = ModelSql.accepts(model, size, DSL.field(DSL.name("e", "sens"), SQLDataType.BIGINT),
                DSL.field(DSL.name("e", "largest"), SQLDataType.BIGINT), DSL.field(DSL.name("e", "dv"), SQLDataType.BIGINT));
        Record r = ctx.select(
                        DSL.count(),
                        DSL.min(size),
                        DSL.sum(size),
                        DSL.sum(DSL.when(ok, DSL.inline(0L)).else_(size)),
                        DSL.sum(DSL.when(ok, DSL.inline(0)).else_(DSL.inline(1))),
                        DSL.sum(DSL.when(ok, size.mul(size)).else_(DSL.inline(0L))))
                .from(classes)
                .fetchSingle();
        return new FrequencySummary(asLong(r.get(2, Long.class)), asLong(r.get(0, Long.class)), asLong(r.get(1, Long.class)),
                asLong(r.get(3, Long.class)), asLong(r.get(4, Long.class)), model.k(), asLong(r.get(5, Long.class)));
    }
}
