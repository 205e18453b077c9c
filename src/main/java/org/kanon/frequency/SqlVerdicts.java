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

/**
 * Summaries of the frequency sets of several nodes of one {@link SqlGrouping}, in ONE statement and without
 * storing a set: most checked nodes pass, and a passing node's set is never used again. On PostgreSQL a GROUP BY
 * GROUPING SETS reads the source once for all nodes, and {@code GROUPING()} of each group column tells the sets
 * apart; Derby has no GROUPING SETS, so there it is a UNION ALL of one aggregate per node, tagged by position.
 */
final class SqlVerdicts {
    private static final String COUNT = "c";
    private static final String TAG = "tag";
    /** GROUPING() bits per tag column: an INTEGER sum of 2^j for j < 30 cannot overflow. */
    private static final int BITS = 30;

    private SqlVerdicts() {
    }

    /** One summary per node, in the order given; each node must be one of the grouping's. */
    static List<FrequencySummary> summarize(DSLContext ctx, boolean groupingSets, SqlGrouping grouping, List<Node> nodes, int k) {
        if (nodes.size() == 1) {
            Table<?> t = grouping.counts(ctx, nodes.get(0), COUNT).asTable(DSL.name("t"));
            return List.of(SqlSummary.read(ctx.select(SqlSummary.aggregates(count("t"), k)).from(t).fetchSingle(), 0, k));
        }
        return groupingSets ? byGroupingSets(ctx, grouping, nodes, k) : byUnion(ctx, grouping, nodes, k);
    }

    private static List<FrequencySummary> byUnion(DSLContext ctx, SqlGrouping grouping, List<Node> nodes, int k) {
        Select<? extends Record> union = null;
        for (int i = 0; i < nodes.size(); i++) {
            String alias = "t" + i;
            List<SelectField<?>> select = new ArrayList<>();
            select.add(DSL.inline(i).as(TAG));
            select.addAll(SqlSummary.aggregates(count(alias), k));
            Select<? extends Record> one = ctx.select(select).from(grouping.counts(ctx, nodes.get(i), COUNT).asTable(DSL.name(alias)));
            union = union == null ? one : union.unionAll((Select) one);
        }
        FrequencySummary[] summaries = new FrequencySummary[nodes.size()];
        for (Record r : ctx.fetch((ResultQuery<? extends Record>) union)) {
            int i = ((Number) r.get(0)).intValue();
            summaries[i] = SqlSummary.read(r, 1, k);
        }
        return List.of(summaries);
    }

    /**
     * {@code SELECT tag.., aggregates FROM (SELECT tag.., count FROM source GROUP BY GROUPING SETS (..)) t GROUP BY
     * tag..}: tag column c holds, per row of the inner query, the bits GROUPING(column) of group columns
     * 30c..30c+29, which differ between the nodes since no two nodes group by the same columns.
     */
    private static List<FrequencySummary> byGroupingSets(DSLContext ctx, SqlGrouping grouping, List<Node> nodes, int k) {
        List<List<Field<?>>> sets = new ArrayList<>();
        List<Field<?>> all = new ArrayList<>(); // GROUPING() takes only columns some set groups by
        for (Node node : nodes) {
            List<Field<?>> groups = grouping.groups(node);
            sets.add(groups);
            groups.stream().filter(f -> !containsSame(all, f)).forEach(all::add);
        }
        int tags = (all.size() + BITS - 1) / BITS;
        List<SelectField<?>> inner = new ArrayList<>();
        List<Field<?>> outerTags = new ArrayList<>();
        for (int c = 0; c < tags; c++) {
            Field<Integer> tag = null;
            for (int j = c * BITS; j < Math.min(all.size(), (c + 1) * BITS); j++) {
                Field<Integer> bit = DSL.grouping(all.get(j)).mul(DSL.inline(1 << (j - c * BITS)));
                tag = tag == null ? bit : tag.plus(bit);
            }
            inner.add(tag.as(TAG + c));
            outerTags.add(DSL.field(DSL.name("t", TAG + c), SQLDataType.INTEGER));
        }
        inner.add(grouping.count().as(COUNT));
        @SuppressWarnings("unchecked")
        Table<?> t = ctx.select(inner).from(grouping.from()).groupBy(DSL.groupingSets(sets.toArray(new List[0])))
                .asTable(DSL.name("t"));
        List<SelectField<?>> outer = new ArrayList<>(outerTags);
        outer.addAll(SqlSummary.aggregates(count("t"), k));
        List<FrequencySummary> summaries = new ArrayList<>();
        Map<List<Integer>, FrequencySummary> byTag = new HashMap<>();
        for (Record r : ctx.select(outer).from(t).groupBy(outerTags).fetch()) {
            List<Integer> tag = new ArrayList<>();
            for (int c = 0; c < tags; c++) {
                tag.add(((Number) r.get(c)).intValue());
            }
            byTag.put(tag, SqlSummary.read(r, tags, k));
        }
        for (List<Field<?>> set : sets) {
            summaries.add(byTag.getOrDefault(expectedTag(set, all, tags), SqlSummary.empty(k)));
        }
        return summaries;
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
