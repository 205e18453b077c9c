package org.kanon.evaluation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jooq.Cursor;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Name;
import org.jooq.Record;
import org.jooq.impl.DSL;
import org.kanon.schema.Column;

/**
 * The groups of a two-table release as an analyst reads them: per group, the rows of the QI table (PQT or QIT; values
 * normalized by {@link Values}) and the count of every sensitive value in the sensitive table (PST or ST). Read by one
 * scan of the QI table and one {@code GROUP BY GID, S} of the sensitive table, or built row by row.
 */
public final class TwoTableGroups {
    /** A group's QI rows, values[attribute][row], and its sensitive counts. */
    record Group(Object[][] values, Map<String, Long> sensitive) {
        int size() {
            return values.length == 0 ? 0 : values[0].length;
        }
    }

    /** A group holding a sensitive value, and how often. */
    record Holding(Group group, long count) {
    }

    private final List<Group> groups;
    private final Map<String, List<Holding>> byValue = new HashMap<>();

    private TwoTableGroups(List<Group> groups) {
        this.groups = List.copyOf(groups);
        for (Group g : groups) {
            g.sensitive().forEach((v, c) -> byValue.computeIfAbsent(v, x -> new ArrayList<>()).add(new Holding(g, c)));
        }
    }

    public int groups() {
        return groups.size();
    }

    List<Holding> holding(String sensitiveValue) {
        return byValue.getOrDefault(sensitiveValue, List.of());
    }

    /** Reads a released pair of tables; {@code qis} are the QI table's columns in the release's QI order. */
    public static TwoTableGroups read(DSLContext ctx, Name qiTable, List<Column> qis, Name sensitiveTable, String sensitive, String gid) {
        Builder b = new Builder(qis.stream().map(Column::isNumeric).toList());
        Field<Integer> g = DSL.field(DSL.name(gid), Integer.class);
        List<Field<?>> select = new ArrayList<>();
        for (Column c : qis) {
            select.add(DSL.field(DSL.name(c.name())));
        }
        select.add(g);
        try (Cursor<Record> cursor = ctx.select(select).from(DSL.table(qiTable)).fetchLazy()) {
            for (Record r : cursor) {
                Object[] row = new Object[qis.size()];
                for (int i = 0; i < row.length; i++) {
                    row[i] = r.get(i);
                }
                b.qiRow(r.get(qis.size(), Integer.class), row);
            }
        }
        Field<Object> s = DSL.field(DSL.name(sensitive));
        for (Record r : ctx.select(g, s, DSL.count()).from(DSL.table(sensitiveTable)).groupBy(g, s).fetch()) {
            Object v = r.get(1);
            b.sensitive(r.get(0, Integer.class), v == null ? null : v.toString(), r.get(2, Long.class));
        }
        return b.build();
    }

    /** Collects the rows of the two tables by group id. */
    public static final class Builder {
        private final List<Boolean> numeric;
        private final Map<Integer, List<Object[]>> rows = new LinkedHashMap<>();
        private final Map<Integer, Map<String, Long>> sensitive = new HashMap<>();

        public Builder(List<Boolean> numeric) {
            this.numeric = List.copyOf(numeric);
        }

        /** A row of the QI table, values as the columns type them. */
        public Builder qiRow(int gid, Object[] raw) {
            Object[] v = new Object[raw.length];
            for (int i = 0; i < raw.length; i++) {
                v[i] = Values.of(raw[i], numeric.get(i));
            }
            rows.computeIfAbsent(gid, x -> new ArrayList<>()).add(v);
            return this;
        }

        /** {@code count} rows of the sensitive table in group {@code gid} hold {@code value}. */
        public Builder sensitive(int gid, String value, long count) {
            sensitive.computeIfAbsent(gid, x -> new HashMap<>()).merge(value, count, Long::sum);
            return this;
        }

        public TwoTableGroups build() {
            List<Group> groups = new ArrayList<>();
            for (Map.Entry<Integer, List<Object[]>> e : rows.entrySet()) {
                List<Object[]> members = e.getValue();
                Object[][] values = new Object[numeric.size()][members.size()];
                for (int r = 0; r < members.size(); r++) {
                    for (int i = 0; i < numeric.size(); i++) {
                        values[i][r] = members.get(r)[i];
                    }
                }
                groups.add(new Group(values, sensitive.getOrDefault(e.getKey(), Map.of())));
            }
            return new TwoTableGroups(groups);
        }
    }
}
