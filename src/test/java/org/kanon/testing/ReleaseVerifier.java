package org.kanon.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Result;
import org.jooq.impl.DSL;
import org.kanon.db.Database;
import org.kanon.privacy.AlphaKAnonymity;
import org.kanon.privacy.KAnonymity;
import org.kanon.privacy.LDiversity;
import org.kanon.privacy.PrivacyModel;
import org.kanon.release.ReleaseRecord;
import org.kanon.schema.Column;
import org.kanon.schema.ColumnTypes;
import org.kanon.schema.SourceTable;
import org.kanon.schema.hierarchy.Dimension;
import org.kanon.schema.hierarchy.HierarchyCatalog;

/**
 * Checks a release without suppressed rows (a local recoding, or a full-domain generalization that kept every row)
 * against its source without any of the code that produced it: the same number of
 * rows; the rows projected on the non-QI columns are the same multiset; the release rows can be paired one to one
 * with source rows of the same non-QI values such that every QI cell is the source value's label at some level of
 * its hierarchy (the value itself or an ancestor) or, for a numeric column, a range {@code [lo-hi]} holding the value;
 * and every class (rows with equal QI cells) meets the model, with
 * the model's conditions written out here in integers.
 */
public final class ReleaseVerifier {
    private ReleaseVerifier() {
    }

    public static void verify(Database db, SourceTable source, ReleaseRecord release, List<String> qiNames, PrivacyModel model,
                       Set<String> identifying) {
        List<Column> qis = source.columns(qiNames);
        List<Column> others = source.columns().stream().filter(c -> !qis.contains(c) && !identifying.contains(c.name())).toList();
        Result<Record> in = db.dsl().select().from(source.table()).fetch();
        Result<Record> out = db.dsl().select().from(DSL.table(DSL.name(release.relationSchema(), release.relationName()))).fetch();
        // rows deleted from a local recoding (the approximation paper's row deletion) are registered as suppressed
        boolean deletes = ReleaseRecord.LOCAL.equals(release.recoding()) && release.rowsSuppressed() > 0;
        assertEquals(in.size() - (deletes ? release.rowsSuppressed() : 0), out.size(), "rows in = rows out + rows deleted");
        for (String id : identifying) {
            assertTrue(Arrays.stream(out.fields()).noneMatch(f -> f.getName().equals(id)), "identifying column " + id + " is dropped");
        }
        List<Map<Object, Set<String>>> ancestors = new ArrayList<>();
        HierarchyCatalog catalog = new HierarchyCatalog(db);
        for (Column q : qis) {
            ancestors.add(catalog.find(source, q).map(d -> labels(db, d)).orElse(null));
        }

        Map<List<String>, List<Record>> sourceBuckets = bucket(in, others);
        Map<List<String>, List<Record>> releaseBuckets = bucket(out, others);
        if (deletes) {
            multiset(releaseBuckets).forEach((key, n) -> assertTrue(n <= multiset(sourceBuckets).getOrDefault(key, 0),
                    "more release rows than source rows with non-QI values " + key));
        } else {
            assertEquals(multiset(sourceBuckets), multiset(releaseBuckets), "rows projected on the non-QI columns " + names(others));
        }
        for (Map.Entry<List<String>, List<Record>> e : releaseBuckets.entrySet()) {
            List<Record> src = sourceBuckets.get(e.getKey());
            List<Record> rel = e.getValue();
            boolean[][] compatible = new boolean[rel.size()][src.size()];
            for (int r = 0; r < rel.size(); r++) {
                for (int s = 0; s < src.size(); s++) {
                    compatible[r][s] = generalizes(rel.get(r), src.get(s), qis, ancestors);
                }
            }
            int matched = maximumMatching(compatible, src.size());
            if (matched != rel.size()) {
                fail("release rows with non-QI values " + e.getKey() + ": only " + matched + " of " + rel.size()
                        + " can be paired with a source row whose QI values they generalize");
            }
        }

        Map<List<String>, List<Record>> classes = bucket(out, qis);
        for (Map.Entry<List<String>, List<Record>> c : classes.entrySet()) {
            String why = violation(model, source, c.getValue());
            if (why != null) {
                fail("class " + c.getKey() + " of " + release.relation() + " (" + c.getValue().size() + " rows) violates " + model + ": " + why);
            }
        }
    }

    /** Null when the rows meet the model; otherwise what fails. */
    public static String violation(PrivacyModel model, SourceTable source, List<Record> rows) {
        long size = rows.size();
        if (size < model.k()) {
            return "size " + size + " < k = " + model.k();
        }
        if (model instanceof KAnonymity) {
            return null;
        }
        String column = source.column(model.sensitive().orElseThrow().column()).name();
        Map<String, Long> counts = new HashMap<>();
        for (Record r : rows) {
            Object v = r.get(column);
            counts.merge(v == null ? null : String.valueOf(v), 1L, Long::sum);
        }
        long largest = counts.values().stream().mapToLong(Long::longValue).max().orElse(0);
        if (model instanceof AlphaKAnonymity a) {
            long x = a.simple()
                    ? counts.entrySet().stream().filter(e -> e.getKey() != null && a.attribute().values().contains(e.getKey()))
                            .mapToLong(Map.Entry::getValue).sum()
                    : largest;
            return x * a.alpha().denominator() <= a.alpha().numerator() * size ? null
                    : x + " of " + size + " rows above alpha " + a.alpha();
        }
        LDiversity d = (LDiversity) model;
        if (d.form() == LDiversity.Form.FREQUENCY) {
            return largest * d.l() <= size ? null : "most frequent value holds " + largest + " of " + size;
        }
        return counts.size() >= d.l() ? null : "only " + counts.size() + " distinct value(s)";
    }

    private static boolean generalizes(Record released, Record original, List<Column> qis, List<Map<Object, Set<String>>> ancestors) {
        for (int q = 0; q < qis.size(); q++) {
            Object raw = original.get(qis.get(q).name());
            Object cell = released.get(qis.get(q).name());
            String text = cell == null ? null : String.valueOf(cell);
            Set<String> allowed = ancestors.get(q) == null
                    ? new HashSet<>(Arrays.asList(raw == null ? null : String.valueOf(raw)))
                    : ancestors.get(q).get(ColumnTypes.normalize(raw));
            if ((allowed == null || !allowed.contains(text)) && !inRange(text, raw)) {
                return false;
            }
        }
        return true;
    }

    /** A numeric range {@code [lo-hi]} (Mondrian's cells) or a single number, as a number: ends may be negative or decimal. */
    private static final java.util.regex.Pattern RANGE = java.util.regex.Pattern.compile(
            "\\[(-?\\d+(?:\\.\\d+)?(?:[eE][-+]?\\d+)?)-(-?\\d+(?:\\.\\d+)?(?:[eE][-+]?\\d+)?)]");

    /** Whether the cell is a numeric range holding the numeric source value (lo <= v <= hi), or that value itself. */
    private static boolean inRange(String cell, Object raw) {
        if (cell == null || !(raw instanceof Number n)) {
            return false;
        }
        java.math.BigDecimal v = new java.math.BigDecimal(n.toString());
        java.util.regex.Matcher m = RANGE.matcher(cell);
        if (m.matches()) {
            java.math.BigDecimal lo = new java.math.BigDecimal(m.group(1));
            java.math.BigDecimal hi = new java.math.BigDecimal(m.group(2));
            return lo.compareTo(hi) < 0 && lo.compareTo(v) <= 0 && v.compareTo(hi) <= 0;
        }
        try {
            return new java.math.BigDecimal(cell.trim()).compareTo(v) == 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static Map<Object, Set<String>> labels(Database db, Dimension d) {
        Map<Object, Set<String>> result = new HashMap<>();
        List<Field<?>> fields = new ArrayList<>();
        fields.add(DSL.field(DSL.name(d.keyColumn())));
        for (int l = 0; l <= d.height(); l++) {
            fields.add(DSL.field(DSL.name(d.levelColumnPrefix() + l)));
        }
        for (Record r : db.dsl().select(fields).from(DSL.table(DSL.name(d.schema(), d.table()))).fetch()) {
            Set<String> labels = new HashSet<>();
            for (int l = 0; l <= d.height(); l++) {
                labels.add(r.get(l + 1, String.class));
            }
            result.put(ColumnTypes.normalize(r.get(0)), labels);
        }
        return result;
    }

    private static Map<List<String>, List<Record>> bucket(Result<Record> rows, List<Column> columns) {
        Map<List<String>, List<Record>> buckets = new LinkedHashMap<>();
        for (Record r : rows) {
            List<String> key = new ArrayList<>();
            for (Column c : columns) {
                Object v = r.get(c.name());
                key.add(v == null ? null : String.valueOf(ColumnTypes.normalize(v)));
            }
            buckets.computeIfAbsent(key, x -> new ArrayList<>()).add(r);
        }
        return buckets;
    }

    private static Map<List<String>, Integer> multiset(Map<List<String>, List<Record>> buckets) {
        Map<List<String>, Integer> m = new HashMap<>();
        buckets.forEach((k, v) -> m.put(k, v.size()));
        return m;
    }

    private static List<String> names(List<Column> columns) {
        return columns.stream().map(Column::name).toList();
    }

    /** Kuhn's augmenting paths: the size of a maximum matching of left rows to right rows. */
    private static int maximumMatching(boolean[][] edges, int right) {
        int[] matchOfRight = new int[right];
        Arrays.fill(matchOfRight, -1);
        int matched = 0;
        for (int l = 0; l < edges.length; l++) {
            if (augment(l, edges, matchOfRight, new boolean[right])) {
                matched++;
            }
        }
        return matched;
    }

    private static boolean augment(int l, boolean[][] edges, int[] matchOfRight, boolean[] seen) {
        for (int r = 0; r < matchOfRight.length; r++) {
            if (edges[l][r] && !seen[r]) {
                seen[r] = true;
                if (matchOfRight[r] < 0 || augment(matchOfRight[r], edges, matchOfRight, seen)) {
                    matchOfRight[r] = l;
                    return true;
                }
            }
        }
        return false;
    }

}
