package org.kanon.local.mondrian;

import static org.junit.jupiter.api.Assertions.*;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jooq.Record;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.ingest.CsvImporter;
import org.kanon.ingest.ImportOptions;
import org.kanon.privacy.AlphaKAnonymity;
import org.kanon.privacy.KAnonymity;
import org.kanon.privacy.LDiversity;
import org.kanon.privacy.PrivacyModel;
import org.kanon.privacy.SensitiveAttribute;
import org.kanon.privacy.Share;
import org.kanon.release.LocalRecodingReleaseWriter;
import org.kanon.release.LocalReleaseRequest;
import org.kanon.release.ReleaseRecord;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.schema.hierarchy.DimensionTableWriter;
import org.kanon.schema.hierarchy.HierarchyBuilders;
import org.kanon.schema.hierarchy.HierarchyFolder;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.ReleaseVerifier;
import org.kanon.testing.TestDatabases;

/**
 * Mondrian on random tables: n1 numeric without hierarchy, n2 numeric with an interval hierarchy (unused: numeric QIs
 * are ranges), cat categorical with a random hierarchy of height 2 or 3, col categorical without hierarchy, s the
 * sensitive attribute, w a payload. For random QI sets and every model kind, Mondrian refuses exactly when a class
 * of the fully generalized table fails the model, or its release passes {@link ReleaseVerifier}, its stored re-check,
 * and, worked out here from the source rows and the hierarchy as written to the file, without the algorithm's code:
 * <ul>
 * <li>strict: the released classes' regions (numeric ranges, the leaves under a label) are disjoint, and every
 *     source row lies in exactly one, which holds as many source rows as the class has release rows;</li>
 * <li>tight: each cell is the range [min-max] of its class's values (the value when one), or the lowest common
 *     ancestor of its class's values;</li>
 * <li>final: no class has an allowable cut left (the median cut of a numeric QI; the cut of a categorical QI into
 *     the children of its node) — the greedy's stop condition.</li>
 * </ul>
 */
class MondrianPropertyTest {
    private static final int TRIALS = 14;
    private static final List<String> NUMERIC = List.of("n1", "n2");
    private static final Pattern RANGE = Pattern.compile("\\[(-?[0-9.]+)-(-?[0-9.]+)]");

    /** A random table and the hierarchy of cat as written: leaf -> labels at levels 0..h. */
    private record Table(SourceTable source, Map<String, List<String>> catPaths) {
    }

    @DatabaseTest
    @DisplayName("random tables, QIs and models: verified release, strict and tight partitions, no allowable cut left; or the top-class refusal")
    void partitionsAreStrictTightAndFinal(TestDatabases.Kind kind, Database db, @TempDir Path dir) throws Exception {
        Random random = new Random(20060403L + kind.ordinal());
        int released = 0;
        int refused = 0;
        for (int trial = 0; trial < TRIALS; trial++) {
            Table table = create(db, dir, random, "m" + trial);
            SourceTable t = table.source();
            List<String> candidates = new ArrayList<>(List.of("n1", "n2", "cat", "cat", "n1", "col"));
            Collections.shuffle(candidates, random);
            List<String> qis = candidates.stream().distinct().limit(1 + random.nextInt(3)).toList();
            PrivacyModel model = model(trial, random);
            String label = "trial " + trial + ": " + model + " on " + qis + " of " + t.displayName();

            List<Record> rows = db.dsl().select().from(t.table()).fetch();
            boolean feasible = topClasses(rows, t, qis).stream().allMatch(c -> ReleaseVerifier.violation(model, t, c) == null);
            MondrianResult result;
            try {
                result = new Mondrian().anonymize(db, t, t.columns(qis), model);
            } catch (InvalidInputException e) {
                assertFalse(feasible, label + ": refused although every class of the fully generalized table passes: " + e.getMessage());
                refused++;
                continue;
            }
            assertTrue(feasible, label + ": no refusal although a class of the fully generalized table fails");
            ReleaseRecord r = new LocalRecodingReleaseWriter(db).write(
                    new LocalReleaseRequest("mrel_" + trial, result, Set.of(), false, Mondrian.ALGORITHM));
            ReleaseVerifier.verify(db, t, r, qis, model, Set.of());
            assertEquals(0, db.dsl().fetch(r.recheckSql()).size(), label + ": re-check " + r.recheckSql());
            assertEquals(result.metrics().classes(), r.classes(), label);
            assertEquals(result.metrics().smallestClass(), r.smallestClass(), label);

            Map<List<String>, Long> classes = releasedClasses(db, r, t, qis);
            Map<List<String>, List<Record>> members = strictMembers(rows, t, qis, classes, table.catPaths(), label);
            for (Map.Entry<List<String>, List<Record>> c : members.entrySet()) {
                assertTight(c.getKey(), c.getValue(), t, qis, table.catPaths(), label);
                assertNoAllowableCut(c.getKey(), c.getValue(), t, qis, table.catPaths(), model, label);
            }
            released++;
        }
        assertTrue(released >= TRIALS / 2, released + " released, " + refused + " refused");
    }

    /** Every model kind in turn, with random parameters; s is x, y or z, x the most frequent. */
    private static PrivacyModel model(int trial, Random random) {
        int k = 1 + random.nextInt(5);
        Share alpha = Share.parse("--alpha", new String[] {"0.5", "0.67", "0.8", "1"}[random.nextInt(4)]);
        SensitiveAttribute all = new SensitiveAttribute("s", List.of());
        return switch (trial % 5) {
            case 0 -> new KAnonymity(k);
            case 1 -> new AlphaKAnonymity(k, alpha, new SensitiveAttribute("s", List.of("y")));
            case 2 -> new AlphaKAnonymity(k, alpha, all);
            case 3 -> new LDiversity(k, 1 + random.nextInt(2), LDiversity.Form.FREQUENCY, all);
            default -> new LDiversity(k, 1 + random.nextInt(3), LDiversity.Form.DISTINCT, all);
        };
    }

    private static Table create(Database db, Path dir, Random random, String name) throws Exception {
        int rows = 15 + random.nextInt(40);
        int leaves = 4 + random.nextInt(7);
        int n1Range = 2 + random.nextInt(30);
        StringBuilder csv = new StringBuilder("n1,n2,cat,col,s,w\n");
        String[] colours = {"red", "green", "blue"};
        String[] sensitive = {"x", "x", "x", "y", "y", "z"};
        for (int r = 0; r < rows; r++) {
            csv.append(random.nextInt(n1Range)).append(',')
                    .append(100 + random.nextInt(40)).append(',')
                    .append('v').append(random.nextInt(1 + random.nextInt(leaves))).append(',')
                    .append(colours[random.nextInt(1 + random.nextInt(colours.length))]).append(',')
                    .append(sensitive[random.nextInt(sensitive.length)]).append(',')
                    .append(random.nextInt(1000)).append('\n');
        }
        Files.writeString(dir.resolve(name + ".csv"), csv);
        new CsvImporter(db).importCsv(dir.resolve(name + ".csv"), name, new ImportOptions(null, false));
        SourceTable t = new TableResolver(db).resolve(name);

        // cat's hierarchy: leaves v0.. under g0.. (level 1), under h0.. (level 2, when of height 3), under *
        int height = 2 + random.nextInt(2);
        int groups = 2 + random.nextInt(3);
        int[] groupParent = new int[groups];
        for (int i = 0; i < groups; i++) {
            groupParent[i] = random.nextInt(2);
        }
        Map<String, List<String>> paths = new LinkedHashMap<>();
        StringBuilder file = new StringBuilder();
        for (int v = 0; v < leaves; v++) {
            int g = random.nextInt(groups);
            List<String> path = new ArrayList<>(List.of("v" + v, "g" + g));
            if (height == 3) {
                path.add("h" + groupParent[g]);
            }
            path.add("*");
            paths.put("v" + v, path);
            file.append(String.join(";", path)).append('\n');
        }
        Path folder = Files.createDirectories(dir.resolve(name + "-h"));
        Files.writeString(folder.resolve("h_cat.csv"), file);
        DimensionTableWriter writer = new DimensionTableWriter(db);
        writer.bindAll(t, HierarchyFolder.read(t, folder, "h_").hierarchies());
        writer.bind(t, t.column("n2"), HierarchyBuilders.parse("interval:5,10,20").build("n2", writer.distinctValues(t, t.column("n2"))));
        return new Table(new TableResolver(db).resolve(name), paths);
    }

    /** The fully generalized table: numeric QIs one range, cat at its single top *, col (no hierarchy) as it is. */
    private static List<List<Record>> topClasses(List<Record> rows, SourceTable t, List<String> qis) {
        Map<Object, List<Record>> classes = new LinkedHashMap<>();
        for (Record r : rows) {
            classes.computeIfAbsent(qis.contains("col") ? r.get(t.column("col").name()) : "top", x -> new ArrayList<>()).add(r);
        }
        return new ArrayList<>(classes.values());
    }

    private static Map<List<String>, Long> releasedClasses(Database db, ReleaseRecord r, SourceTable t, List<String> qis) {
        Map<List<String>, Long> classes = new LinkedHashMap<>();
        for (Record row : db.dsl().select().from(DSL.table(DSL.name(r.relationSchema(), r.relationName()))).fetch()) {
            List<String> cells = new ArrayList<>();
            for (String q : qis) {
                cells.add(row.get(t.column(q).name(), String.class));
            }
            classes.merge(cells, 1L, Long::sum);
        }
        return classes;
    }

    /** Source rows by the one class whose region holds them; fails when a row lies in none or in two. */
    private static Map<List<String>, List<Record>> strictMembers(List<Record> rows, SourceTable t, List<String> qis,
                                                                Map<List<String>, Long> classes, Map<String, List<String>> catPaths,
                                                                String label) {
        Map<List<String>, List<Record>> members = new LinkedHashMap<>();
        classes.keySet().forEach(c -> members.put(c, new ArrayList<>()));
        for (Record row : rows) {
            List<List<String>> holding = new ArrayList<>();
            for (List<String> cells : classes.keySet()) {
                boolean inside = true;
                for (int q = 0; q < qis.size() && inside; q++) {
                    inside = covers(qis.get(q), cells.get(q), row.get(t.column(qis.get(q)).name()), catPaths);
                }
                if (inside) {
                    holding.add(cells);
                }
            }
            assertEquals(1, holding.size(), label + ": source row " + row.intoList() + " lies in the regions of " + holding);
            members.get(holding.get(0)).add(row);
        }
        for (Map.Entry<List<String>, Long> c : classes.entrySet()) {
            assertEquals(c.getValue().longValue(), members.get(c.getKey()).size(), label + ": rows of class " + c.getKey());
        }
        return members;
    }

    private static boolean covers(String qi, String cell, Object value, Map<String, List<String>> catPaths) {
        if (NUMERIC.contains(qi)) {
            BigDecimal[] range = range(cell);
            BigDecimal v = new BigDecimal(value.toString());
            return range[0].compareTo(v) <= 0 && v.compareTo(range[1]) <= 0;
        }
        if (qi.equals("cat")) {
            return catPaths.get(String.valueOf(value)).contains(cell);
        }
        return cell.equals(String.valueOf(value));
    }

    private static BigDecimal[] range(String cell) {
        Matcher m = RANGE.matcher(cell);
        if (m.matches()) {
            return new BigDecimal[] {new BigDecimal(m.group(1)), new BigDecimal(m.group(2))};
        }
        BigDecimal v = new BigDecimal(cell);
        return new BigDecimal[] {v, v};
    }

    private static void assertTight(List<String> cells, List<Record> rows, SourceTable t, List<String> qis,
                                    Map<String, List<String>> catPaths, String label) {
        for (int q = 0; q < qis.size(); q++) {
            String qi = qis.get(q);
            String column = t.column(qi).name();
            String expected;
            if (NUMERIC.contains(qi)) {
                List<BigDecimal> values = rows.stream().map(r -> new BigDecimal(r.get(column).toString())).sorted().toList();
                BigDecimal lo = values.get(0);
                BigDecimal hi = values.get(values.size() - 1);
                expected = lo.equals(hi) ? lo.toPlainString() : "[" + lo.toPlainString() + "-" + hi.toPlainString() + "]";
            } else if (qi.equals("cat")) {
                int level = lcaLevel(rows, column, catPaths);
                expected = catPaths.get(String.valueOf(rows.get(0).get(column))).get(level);
            } else {
                expected = String.valueOf(rows.get(0).get(column));
            }
            assertEquals(expected, cells.get(q), label + ": cell of " + qi + " in class " + cells);
        }
    }

    /** The lowest level at which the rows' cat values share one label (labels of this hierarchy are unique per level). */
    private static int lcaLevel(List<Record> rows, String column, Map<String, List<String>> catPaths) {
        for (int level = 0; ; level++) {
            java.util.Set<String> labels = new java.util.HashSet<>();
            for (Record r : rows) {
                labels.add(catPaths.get(String.valueOf(r.get(column))).get(level));
            }
            if (labels.size() == 1) {
                return level;
            }
        }
    }

    private static void assertNoAllowableCut(List<String> cells, List<Record> rows, SourceTable t, List<String> qis,
                                             Map<String, List<String>> catPaths, PrivacyModel model, String label) {
        for (String qi : qis) {
            String column = t.column(qi).name();
            List<List<Record>> parts;
            if (NUMERIC.contains(qi)) {
                parts = medianCut(rows, column);
            } else if (qi.equals("cat")) {
                parts = childCut(rows, column, catPaths);
            } else {
                continue;
            }
            if (parts.size() >= 2 && parts.stream().allMatch(p -> ReleaseVerifier.violation(model, t, p) == null)) {
                fail(label + ": class " + cells + " of " + rows.size() + " rows still has an allowable cut on " + qi + " into "
                        + parts.stream().map(List::size).toList());
            }
        }
    }

    /** Rows up to the lower median (row ceil(n/2) in value order) and the rest; the cut moves below the largest value when the median is it. */
    private static List<List<Record>> medianCut(List<Record> rows, String column) {
        List<Record> sorted = new ArrayList<>(rows);
        sorted.sort(Comparator.comparing(r -> new BigDecimal(r.get(column).toString())));
        BigDecimal max = new BigDecimal(sorted.get(sorted.size() - 1).get(column).toString());
        BigDecimal cut = new BigDecimal(sorted.get((sorted.size() + 1) / 2 - 1).get(column).toString());
        if (cut.compareTo(max) == 0) {
            cut = null;
            for (Record r : sorted) {
                BigDecimal v = new BigDecimal(r.get(column).toString());
                if (v.compareTo(max) < 0) {
                    cut = v;
                }
            }
            if (cut == null) {
                return List.of();
            }
        }
        List<Record> low = new ArrayList<>();
        List<Record> high = new ArrayList<>();
        for (Record r : sorted) {
            (new BigDecimal(r.get(column).toString()).compareTo(cut) <= 0 ? low : high).add(r);
        }
        return List.of(low, high);
    }

    /** The rows by the child (one level below their common ancestor) their value lies under. */
    private static List<List<Record>> childCut(List<Record> rows, String column, Map<String, List<String>> catPaths) {
        int level = lcaLevel(rows, column, catPaths);
        if (level == 0) {
            return List.of();
        }
        Map<String, List<Record>> byChild = new HashMap<>();
        for (Record r : rows) {
            byChild.computeIfAbsent(catPaths.get(String.valueOf(r.get(column))).get(level - 1), x -> new ArrayList<>()).add(r);
        }
        return new ArrayList<>(byChild.values());
    }
}
