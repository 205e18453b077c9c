package org.kanon.verify;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.kanon.db.Database;
import org.kanon.db.KanonSchemas;
import org.kanon.db.Relations;
import org.kanon.privacy.ClassStatistics;
import org.kanon.privacy.PrivacyModel;
import org.kanon.release.ReleaseRecord;
import org.kanon.release.TwoTableRecheckQuery;
import org.kanon.schema.Column;
import org.kanon.schema.ColumnTypes;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TextValues;

/**
 * A two-table release (permutation anonymization's PQT/PST, Anatomy's QIT/ST) recomputed from its published tables,
 * not from the stored SQL:
 * <ul>
 *   <li>every group of the sensitive table meets the registered l-diversity (its most frequent value at most |G|/l
 *       of its rows, hence at least l distinct values), and both tables hold the same groups with the same sizes;</li>
 *   <li>against the source alone: the sensitive table's values are the source's (as a multiset), and so are the QI
 *       table's tuples (Anatomy publishes them exactly) or each QI column's values (a permutation keeps every value,
 *       moving it only within its group);</li>
 *   <li>against the engine's private partition record, when it is there: the record holds exactly the source's
 *       (QI tuple, sensitive value) rows, and each group's sensitive multiset and QI tuples (Anatomy) or QI column
 *       multisets (permutation) are the record's for that group.</li>
 * </ul>
 * Sensitive values are never named in a violation; groups are named by GID.
 */
final class TwoTableVerification {
    private final Database db;

    TwoTableVerification(Database db) {
        this.db = db;
    }

    List<Violation> verify(ReleaseRecord r, SourceTable source, PrivacyModel model, int limit) {
        DSLContext ctx = db.dsl();
        List<Violation> found = new ArrayList<>();
        List<Column> qis = source.columns(r.qiNames());
        Column sensitive = source.column(r.sensitiveAttribute());
        boolean anatomy = ReleaseRecord.ANATOMY.equals(r.recoding());
        Table<?> q = DSL.table(DSL.name(r.relationSchema(), r.relationName()));
        Table<?> s = DSL.table(DSL.name(r.relationSchema(), r.sensitiveRelation()));
        Field<Integer> gid = DSL.field(DSL.name(TwoTableRecheckQuery.GID), Integer.class);
        Field<String> sValue = DSL.field(DSL.name(sensitive.name()), String.class);

        // the sensitive table: per group, per value
        Map<Integer, Map<String, Long>> groups = new TreeMap<>();
        for (var row : ctx.select(gid, sValue).from(s).fetch()) {
            groups.computeIfAbsent(row.value1(), g -> new HashMap<>()).merge(row.value2(), 1L, Long::sum);
        }
        int failing = 0;
        for (Map.Entry<Integer, Map<String, Long>> g : groups.entrySet()) {
            long size = g.getValue().values().stream().mapToLong(Long::longValue).sum();
            long largest = g.getValue().values().stream().mapToLong(Long::longValue).max().orElse(0);
            ClassStatistics stats = new ClassStatistics(size, 0, largest, g.getValue().size());
            if (!model.accepts(stats) && failing++ < limit) {
                found.add(new Violation("group", "GID " + g.getKey() + " of " + r.sensitiveRelation() + ": its most frequent sensitive value holds "
                        + largest + " of its " + size + " rows, " + g.getValue().size() + " distinct value(s); " + model + " fails"));
            }
        }
        if (failing > limit) {
            found.add(Violation.more("group", failing - limit, "group(s) fail " + model));
        }
        if (groups.size() != r.classes()) {
            found.add(new Violation("classes", r.sensitiveRelation() + " has " + groups.size() + " group(s), the register says " + r.classes()));
        }

        // the QI table: its rows per group
        List<Field<?>> qFields = new ArrayList<>();
        qis.forEach(c -> qFields.add(DSL.field(DSL.name(c.name()))));
        qFields.add(gid);
        List<Record> qRows = ctx.select(qFields).from(q).fetch();
        Map<Integer, Long> qSizes = new TreeMap<>();
        qRows.forEach(row -> qSizes.merge(row.get(qis.size(), Integer.class), 1L, Long::sum));
        Map<Integer, Long> sSizes = new TreeMap<>();
        groups.forEach((g, values) -> sSizes.put(g, values.values().stream().mapToLong(Long::longValue).sum()));
        if (!qSizes.equals(sSizes)) {
            found.add(new Violation("groups", r.relationName() + " and " + r.sensitiveRelation() + " hold different groups or group sizes"));
        }

        // against the source
        List<Field<?>> sourceFields = new ArrayList<>();
        qis.forEach(c -> sourceFields.add(DSL.field(DSL.name("f", c.name()))));
        sourceFields.add(TextValues.of(DSL.field(DSL.name("f", sensitive.name())), sensitive, ctx.dialect()));
        List<Record> sourceRows = ctx.select(sourceFields).from(source.table("f")).fetch();
        Multiset sourceSensitive = new Multiset();
        sourceRows.forEach(row -> sourceSensitive.add(java.util.Arrays.asList(text(row.get(qis.size()))), 1));
        groups.values().forEach(values -> values.forEach((v, n) -> sourceSensitive.add(java.util.Arrays.asList(text(v)), -n)));
        if (!sourceSensitive.balanced()) {
            found.add(new Violation("sensitive", r.sensitiveRelation() + "'s values are not the source's: " + sourceSensitive.unbalanced()
                    + " value(s) differ in count"));
        }
        if (anatomy) {
            Multiset tuples = new Multiset();
            sourceRows.forEach(row -> tuples.add(values(row, 0, qis.size()), 1));
            qRows.forEach(row -> tuples.add(values(row, 0, qis.size()), -1));
            if (!tuples.balanced()) {
                found.add(new Violation("qi", r.relationName() + "'s QI tuples are not the source's: " + tuples.unbalanced() + " tuple(s) differ in count"));
            }
        } else {
            for (int i = 0; i < qis.size(); i++) {
                Multiset column = new Multiset();
                int at = i;
                sourceRows.forEach(row -> column.add(values(row, at, at + 1), 1));
                qRows.forEach(row -> column.add(values(row, at, at + 1), -1));
                if (!column.balanced()) {
                    found.add(new Violation("qi", r.relationName() + "." + qis.get(i).name() + " does not hold the source's values: "
                            + column.unbalanced() + " value(s) differ in count"));
                }
            }
        }
        partition(ctx, r, qis, sensitive, anatomy, sourceRows, qRows, groups, limit, found);
        return found;
    }

    /** The checks the private partition record allows: it holds the source's rows, and each group is the record's group. */
    private void partition(DSLContext ctx, ReleaseRecord r, List<Column> qis, Column sensitive, boolean anatomy, List<Record> sourceRows,
                           List<Record> qRows, Map<Integer, Map<String, Long>> groups, int limit, List<Violation> found) {
        String schema = db.identifiers().namespace(KanonSchemas.CATALOG);
        if (r.partitionRelation() == null || !Relations.exists(ctx, schema, r.partitionRelation())) {
            found.add(new Violation("partition", "the partition record " + schema + "." + r.partitionRelation()
                    + " is missing: the groups cannot be compared with the source rows"));
            return;
        }
        List<Field<?>> fields = new ArrayList<>();
        qis.forEach(c -> fields.add(DSL.field(DSL.name(c.name()))));
        fields.add(DSL.field(DSL.name(sensitive.name()), String.class));
        fields.add(DSL.field(DSL.name(TwoTableRecheckQuery.GID), Integer.class));
        List<Record> pRows = ctx.select(fields).from(DSL.table(DSL.name(schema, r.partitionRelation()))).fetch();
        int d = qis.size();
        Multiset rows = new Multiset();
        sourceRows.forEach(row -> rows.add(values(row, 0, d + 1), 1));
        pRows.forEach(row -> rows.add(values(row, 0, d + 1), -1));
        if (!rows.balanced()) {
            found.add(new Violation("partition", "the partition record does not hold the source's rows: " + rows.unbalanced()
                    + " (QI tuple, sensitive value) combination(s) differ in count"));
        }
        // per group: the sensitive values, and the QI tuples (Anatomy) or each QI column's values (permutation)
        Multiset sensitiveByGroup = new Multiset();
        pRows.forEach(row -> sensitiveByGroup.add(java.util.Arrays.asList(row.get(d + 1), text(row.get(d))), 1));
        groups.forEach((g, values) -> values.forEach((v, n) -> sensitiveByGroup.add(java.util.Arrays.asList(g, text(v)), -n)));
        report(sensitiveByGroup, "sensitive values of " + r.sensitiveRelation(), limit, found);
        List<int[]> spans = anatomy ? List.of(new int[] {0, d}) : new ArrayList<>();
        for (int i = 0; !anatomy && i < d; i++) {
            spans.add(new int[] {i, i + 1});
        }
        for (int[] span : spans) {
            Multiset byGroup = new Multiset();
            pRows.forEach(row -> byGroup.add(grouped(row.get(d + 1), values(row, span[0], span[1])), 1));
            qRows.forEach(row -> byGroup.add(grouped(row.get(d), values(row, span[0], span[1])), -1));
            report(byGroup, (anatomy ? "QI tuples" : qis.get(span[0]).name() + " values") + " of " + r.relationName(), limit, found);
        }
    }

    private static void report(Multiset m, String what, int limit, List<Violation> found) {
        List<Object> bad = new ArrayList<>(new java.util.TreeSet<>(m.unbalancedGroups()));
        for (int i = 0; i < bad.size() && i < limit; i++) {
            found.add(new Violation("group", "GID " + bad.get(i) + ": the " + what + " differ from the partition record's for that group"));
        }
        if (bad.size() > limit) {
            found.add(Violation.more("group", bad.size() - limit, "group(s) whose " + what + " differ from the partition record's"));
        }
    }

    private static List<Object> grouped(Object gid, List<Object> values) {
        List<Object> key = new ArrayList<>();
        key.add(gid);
        key.addAll(values);
        return key;
    }

    private static List<Object> values(Record row, int from, int to) {
        List<Object> key = new ArrayList<>(to - from);
        for (int i = from; i < to; i++) {
            key.add(ColumnTypes.normalize(row.get(i)));
        }
        return key;
    }

    private static String text(Object v) {
        return v == null ? null : String.valueOf(v);
    }

    /** Counts +1 from one side, -1 from the other; balanced when every count is 0. */
    private static final class Multiset {
        private final Map<List<Object>, Long> counts = new HashMap<>();

        void add(List<Object> key, long n) {
            counts.merge(key, n, Long::sum);
        }

        boolean balanced() {
            return unbalanced() == 0;
        }

        long unbalanced() {
            return counts.values().stream().filter(n -> n != 0).count();
        }

        /** The first component (the GID) of every unbalanced key. */
        java.util.Set<Integer> unbalancedGroups() {
            java.util.Set<Integer> gids = new java.util.HashSet<>();
            counts.forEach((k, n) -> {
                if (n != 0) {
                    gids.add(k.get(0) == null ? null : ((Number) k.get(0)).intValue());
                }
            });
            return gids;
        }
    }
}
