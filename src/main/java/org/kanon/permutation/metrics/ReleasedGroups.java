package org.kanon.permutation.metrics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jooq.Cursor;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.kanon.permutation.Microdata;
import org.kanon.schema.Column;

/**
 * A two-table release read back for its figures: the partition record's rows (the true tuples, by group) and, per
 * group, what an adversary reads in the released tables: how often each value of each QI attribute occurs in the
 * group of the QI table, and how often each sensitive value occurs in the group of the sensitive table. One read of
 * the partition record, one {@code GROUP BY GID, A} per QI attribute and one {@code GROUP BY GID, S}.
 */
public final class ReleasedGroups {
    private final List<Column> qis;
    private final int[] groupOf;
    private final Object[][] values;
    private final String[] sensitive;
    private final long[] sizes;
    private final List<Map<GroupValue, Long>> valueCounts;
    private final int[][] distinct;
    private final List<Map<String, Long>> sensitiveCounts;
    private final List<int[]> members;

    /** A value of one attribute in one group (group as its ordinal). */
    private record GroupValue(int group, Object value) {
    }

    private ReleasedGroups(List<Column> qis, int[] groupOf, Object[][] values, String[] sensitive, int groups,
                           List<Map<GroupValue, Long>> valueCounts, List<Map<String, Long>> sensitiveCounts) {
        this.qis = List.copyOf(qis);
        this.groupOf = groupOf;
        this.values = values;
        this.sensitive = sensitive;
        this.valueCounts = valueCounts;
        this.sensitiveCounts = sensitiveCounts;
        this.sizes = new long[groups];
        for (int g : groupOf) {
            sizes[g]++;
        }
        this.distinct = new int[qis.size()][groups];
        for (int i = 0; i < qis.size(); i++) {
            for (GroupValue gv : valueCounts.get(i).keySet()) {
                distinct[i][gv.group()]++;
            }
        }
        int[] at = new int[groups];
        this.members = new ArrayList<>(groups);
        for (int g = 0; g < groups; g++) {
            members.add(new int[(int) sizes[g]]);
        }
        for (int r = 0; r < groupOf.length; r++) {
            members.get(groupOf[r])[at[groupOf[r]]++] = r;
        }
    }

    public static ReleasedGroups read(DSLContext ctx, TwoTableLayout layout) {
        Field<Integer> gid = DSL.field(DSL.name(layout.gid()), Integer.class);
        Field<Object> s = DSL.field(DSL.name(layout.sensitive()));
        int d = layout.qis().size();
        List<Field<?>> select = new ArrayList<>();
        for (Column c : layout.qis()) {
            select.add(DSL.field(DSL.name(c.name())));
        }
        select.add(s);
        select.add(gid);
        Map<Integer, Integer> ordinal = new HashMap<>();
        List<Integer> groupOf = new ArrayList<>();
        List<Object[]> rows = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        try (Cursor<Record> cursor = ctx.select(select).from(DSL.table(layout.partition())).orderBy(gid).fetchLazy()) {
            for (Record r : cursor) {
                Object[] v = new Object[d];
                for (int i = 0; i < d; i++) {
                    v[i] = r.get(i);
                }
                rows.add(v);
                Object text = r.get(d);
                texts.add(text == null ? null : text.toString());
                groupOf.add(ordinal.computeIfAbsent(r.get(d + 1, Integer.class), g -> ordinal.size()));
            }
        }
        Object[][] values = new Object[d][rows.size()];
        for (int r = 0; r < rows.size(); r++) {
            for (int i = 0; i < d; i++) {
                values[i][r] = rows.get(r)[i];
            }
        }
        Table<?> qiTable = DSL.table(layout.qiTable());
        List<Map<GroupValue, Long>> counts = new ArrayList<>();
        for (Column c : layout.qis()) {
            Field<Object> a = DSL.field(DSL.name(c.name()));
            Map<GroupValue, Long> m = new HashMap<>();
            for (Record r : ctx.select(gid, a, DSL.count()).from(qiTable).groupBy(gid, a).fetch()) {
                m.put(new GroupValue(group(ordinal, r.get(0, Integer.class), layout), r.get(1)), r.get(2, Long.class));
            }
            counts.add(m);
        }
        List<Map<String, Long>> sensitiveCounts = new ArrayList<>();
        for (int g = 0; g < ordinal.size(); g++) {
            sensitiveCounts.add(new HashMap<>());
        }
        for (Record r : ctx.select(gid, s, DSL.count()).from(DSL.table(layout.sensitiveTable())).groupBy(gid, s).fetch()) {
            Object text = r.get(1);
            sensitiveCounts.get(group(ordinal, r.get(0, Integer.class), layout)).put(text == null ? null : text.toString(), r.get(2, Long.class));
        }
        return new ReleasedGroups(layout.qis(), groupOf.stream().mapToInt(Integer::intValue).toArray(), values,
                texts.toArray(String[]::new), ordinal.size(), counts, sensitiveCounts);
    }

    private static int group(Map<Integer, Integer> ordinal, Integer gid, TwoTableLayout layout) {
        Integer g = ordinal.get(gid);
        if (g == null) {
            // the re-check of the release compares every group with the partition record; this only follows tampering
            throw new IllegalStateException("group " + gid + " of " + layout.qiTable() + " or " + layout.sensitiveTable()
                    + " is not in the partition record " + layout.partition());
        }
        return g;
    }

    public int rows() {
        return groupOf.length;
    }

    public int groups() {
        return sizes.length;
    }

    public int attributes() {
        return qis.size();
    }

    /** The group (ordinal, in GID order) of a row of the partition record. */
    public int groupOf(int row) {
        return groupOf[row];
    }

    public long size(int group) {
        return sizes[group];
    }

    /** The row's true value of a QI attribute, as the partition record holds it. */
    public Object value(int attribute, int row) {
        return values[attribute][row];
    }

    /** The row's true sensitive value (text). */
    public String sensitive(int row) {
        return sensitive[row];
    }

    /** n_ij of Lemma 1: how often {@code value} occurs on the attribute in the group of the released QI table. */
    public long count(int attribute, int group, Object value) {
        return valueCounts.get(attribute).getOrDefault(new GroupValue(group, value), 0L);
    }

    /** |QI_j.A_i| of Theorem 1: distinct values of the attribute in the group of the released QI table. */
    public int distinct(int attribute, int group) {
        return distinct[attribute][group];
    }

    /** c_j(v) for every sensitive value v of the group, from the released sensitive table. */
    public Map<String, Long> sensitiveCounts(int group) {
        return sensitiveCounts.get(group);
    }

    /** The partition record's rows as the permutation package measures them, with the groups as row indexes. */
    public Microdata microdata() {
        List<Microdata.Column> columns = new ArrayList<>();
        for (int i = 0; i < qis.size(); i++) {
            columns.add(new Microdata.Column(qis.get(i).name(), qis.get(i).isNumeric(), Arrays.asList(values[i])));
        }
        return Microdata.of(columns, Arrays.asList(sensitive));
    }

    public List<int[]> members() {
        return members;
    }
}
