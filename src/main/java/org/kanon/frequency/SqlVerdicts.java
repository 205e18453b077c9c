package org.kanon.frequency;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.ResultQuery;
import org.jooq.Select;
import org.jooq.SelectField;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.kanon.lattice.Node;
import org.kanon.privacy.PrivacyModel;

/**
 * Summaries of the frequency sets of several nodes of one {@link SqlGrouping}, in ONE statement and without
 * storing a set: most checked nodes pass, and a passing node's set is never used again. On PostgreSQL a GROUP BY
 * GROUPING SETS reads the source once for all nodes, and {@code GROUPING()} of each group column tells the sets
 * apart; Derby has no GROUPING SETS, so there it is a UNION ALL of one aggregate per node, tagged by position.
 * Under a model with a sensitive attribute ({@link Verdict#model} not null) the grouping counts per (class,
 * sensitive value), one more level of GROUP BY folds those into classes ({@link SqlSummary#figures}), and the
 * summary counts the classes the model refuses as "below k".
 */
final class SqlVerdicts {
    private static final String COUNT = "c";
    private static final String TAG = "tag";
    private static final String CLASS = "g";
    private static final String SENSITIVE = "s";
    /** GROUPING() bits per tag column: an INTEGER sum of 2^j for j < 30 cannot overflow. */
    private static final int BITS = 30;

    private SqlVerdicts() {
    }

    /**
     * What decides a class: k alone ({@code model} null), or the model, reading the sensitive column the grouping
     * counts by ({@code indicator}: the 1/0 indicator of the sensitive class rather than the value).
     */
    record Verdict(int k, PrivacyModel model, boolean indicator) {
        static Verdict of(int k) {
            return new Verdict(k, null, false);
        }

        /** The summary's k: the model's own under a model. */
        int summaryK() {
            return model == null ? k : model.k();
        }

        /** The aggregates of a summary over table {@code t}: class counts in column c, or class figures. */
        List<SelectField<?>> aggregates(String t) {
            return model == null ? SqlSummary.aggregates(count(t), k) : SqlSummary.aggregates(model, t);
        }

        /** One row per class of the node: its count (named c), or its figures. */
        Select<?> perClass(DSLContext ctx, SqlGrouping grouping, Node node) {
            return model == null ? grouping.counts(ctx, node, COUNT) : grouping.figures(ctx, node, indicator);
        }
    }

    /** One summary per node, in the order given; each node must be one of the grouping's. */
    static List<FrequencySummary> summarize(DSLContext ctx, boolean groupingSets, SqlGrouping grouping, List<Node> nodes, Verdict v) {
        if (nodes.size() == 1) {
            Table<?> t = v.perClass(ctx, grouping, nodes.get(0)).asTable(DSL.name("t"));
            return List.of(SqlSummary.read(ctx.select(v.aggregates("t")).from(t).fetchSingle(), 0, v.summaryK()));
        }
        return groupingSets ? byGroupingSets(ctx, grouping, nodes, v) : byUnion(ctx, grouping, nodes, v);
    }

    private static List<FrequencySummary> byUnion(DSLContext ctx, SqlGrouping grouping, List<Node> nodes, Verdict v) {
        Select<? extends Record> union = null;
        for (int i = 0; i < nodes.size(); i++) {
            String alias = "t" + i;
            List<SelectField<?>> select = new ArrayList<>();
            select.add(DSL.inline(i).as(TAG));
            select.addAll(v.aggregates(alias));
            Select<? extends Record> one = ctx.select(select).from(v.perClass(ctx, grouping, nodes.get(i)).asTable(DSL.name(alias)));
            union = union == null ? one : union.unionAll((Select) one);
        }
        FrequencySummary[] summaries = new FrequencySummary[nodes.size()];
        for (Record r : ctx.fetch((ResultQuery<? extends Record>) union)) {
            int i = ((Number) r.get(0)).intValue();
            summaries[i] = SqlSummary.read(r, 1, v.summaryK());
        }
        return List.of(summaries);
    }

    /**
     * {@code SELECT tag.., aggregates FROM (SELECT tag.., count FROM source GROUP BY GROUPING SETS (..)) t GROUP BY
     * tag..}: tag column c holds, per row of the inner query, the bits GROUPING(column) of group columns
     * 30c..30c+29, which differ between the nodes since no two nodes group by the same columns. Under a model every
     * set also groups by the sensitive column, and a middle query folds the inner rows into classes: {@code GROUP BY
     * tag.., g..} over every group column (NULL in the columns a set does not group by), giving each class's figures.
     */
    private static List<FrequencySummary> byGroupingSets(DSLContext ctx, SqlGrouping batch, List<Node> nodes, Verdict v) {
        SqlGrouping grouping = batch.preAggregated(ctx, nodes);
        List<List<Field<?>>> sets = new ArrayList<>();
        List<Field<?>> all = new ArrayList<>(); // GROUPING() takes only columns some set groups by
        for (Node node : nodes) {
            List<Field<?>> groups = grouping.groups(node);
            sets.add(groups);
            for (Field<?> f : groups) {
                if (!containsSame(all, f)) {
                    all.add(f);
                }
            }
        }
        Table<?> from = grouping.from();
        Field<Long> count = grouping.count();
        Field<?> sensitive = grouping.sensitiveField();
        int tags = (all.size() + BITS - 1) / BITS;
        List<SelectField<?>> inner = new ArrayList<>();
        List<Field<?>> innerTags = new ArrayList<>();
        for (int c = 0; c < tags; c++) {
            Field<Integer> tag = null;
            for (int j = c * BITS; j < Math.min(all.size(), (c + 1) * BITS); j++) {
                Field<Integer> bit = DSL.grouping(all.get(j)).mul(DSL.inline(1 << (j - c * BITS)));
                tag = tag == null ? bit : tag.plus(bit);
            }
            inner.add(tag.as(TAG + c));
            innerTags.add(DSL.field(DSL.name("t", TAG + c), SQLDataType.INTEGER));
        }
        inner.add(count.as(COUNT));
        List<List<Field<?>>> groupingSets = sets;
        Table<?> folded;
        List<Field<?>> outerTags;
        if (v.model() == null) {
            folded = null;
            outerTags = innerTags;
        } else {
            Field<?> s = sensitive;
            List<Field<?>> classKey = new ArrayList<>(innerTags);
            for (int j = 0; j < all.size(); j++) {
                inner.add(all.get(j).as(CLASS + j));
                classKey.add(DSL.field(DSL.name("t", CLASS + j)));
            }
            inner.add(s.as(SENSITIVE));
            groupingSets = new ArrayList<>();
            for (List<Field<?>> set : sets) {
                List<Field<?>> withSensitive = new ArrayList<>(set);
                withSensitive.add(s);
                groupingSets.add(withSensitive);
            }
            List<SelectField<?>> middle = new ArrayList<>(innerTags);
            middle.addAll(SqlSummary.figures(count("t"), DSL.field(DSL.name("t", SENSITIVE)), v.indicator()));
            folded = ctx.select(middle).from(innerTable(ctx, from, inner, groupingSets)).groupBy(classKey).asTable(DSL.name("e"));
            outerTags = new ArrayList<>();
            for (int c = 0; c < tags; c++) {
                outerTags.add(DSL.field(DSL.name("e", TAG + c), SQLDataType.INTEGER));
            }
        }
        Table<?> source = folded != null ? folded : innerTable(ctx, from, inner, groupingSets);
        List<SelectField<?>> outer = new ArrayList<>(outerTags);
        outer.addAll(v.aggregates(folded != null ? "e" : "t"));
        List<FrequencySummary> summaries = new ArrayList<>();
        Map<List<Integer>, FrequencySummary> byTag = new HashMap<>();
        for (Record r : ctx.select(outer).from(source).groupBy(outerTags).fetch()) {
            List<Integer> tag = new ArrayList<>();
            for (int c = 0; c < tags; c++) {
                tag.add(((Number) r.get(c)).intValue());
            }
            byTag.put(tag, SqlSummary.read(r, tags, v.summaryK()));
        }
        for (List<Field<?>> set : sets) {
            summaries.add(byTag.getOrDefault(expectedTag(set, all, tags), SqlSummary.empty(v.summaryK())));
        }
        return summaries;
    }

    @SuppressWarnings("unchecked")
    private static Table<?> innerTable(DSLContext ctx, Table<?> from, List<SelectField<?>> inner, List<List<Field<?>>> sets) {
        return ctx.select(inner).from(from).groupBy(DSL.groupingSets(sets.toArray(new List[0]))).asTable(DSL.name("t"));
    }

    /** The tag values of the node's rows: bit j set for each group column the node does NOT group by. */
    private static List<Integer> expectedTag(List<Field<?>> set, List<Field<?>> all, int tags) {
        List<Integer> tag = new ArrayList<>();
        for (int c = 0; c < tags; c++) {
            int bits = 0;
            for (int j = c * BITS; j < Math.min(all.size(), (c + 1) * BITS); j++) {
                if (!containsSame(set, all.get(j))) {
                    bits |= 1 << (j - c * BITS);
                }
            }
            tag.add(bits);
        }
        return tag;
    }

    /** Membership by identity: {@link SqlGrouping} hands out one instance per column. */
    private static boolean containsSame(List<Field<?>> fields, Field<?> field) {
        for (Field<?> f : fields) {
            if (f == field) {
                return true;
            }
        }
        return false;
    }

    private static Field<Long> count(String table) {
        return DSL.field(DSL.name(table, COUNT), SQLDataType.BIGINT);
    }
}
