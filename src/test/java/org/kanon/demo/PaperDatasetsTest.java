package org.kanon.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The transcriptions in {@code datasets/papers/} against the papers: row counts, exact cells, and the
 * statements the papers make about their own tables (which 2-anonymity checks pass, the modification rates,
 * the query estimates). If a transcription is wrong, one of these statements fails.
 */
class PaperDatasetsTest {

    static final Path PAPERS = Path.of("datasets", "papers");

    /** A CSV read with commons-csv: header and rows as lists of strings. */
    record Table(String name, List<String> header, List<List<String>> rows) {
        int size() {
            return rows.size();
        }

        List<String> row(int number) { // 1-based, as the papers count
            return rows.get(number - 1);
        }

        String cell(int number, String column) {
            return row(number).get(column(column));
        }

        int column(String column) {
            int i = header.indexOf(column);
            assertTrue(i >= 0, name + " has no column " + column + " (has " + header + ")");
            return i;
        }

        List<String> values(String column) {
            int i = column(column);
            return rows.stream().map(r -> r.get(i)).toList();
        }
    }

    static Table table(String name) throws IOException {
        Path file = PAPERS.resolve(name + ".csv");
        CSVFormat format = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
             CSVParser parser = CSVParser.parse(in, format)) {
            List<String> header = parser.getHeaderNames();
            List<List<String>> rows = new ArrayList<>();
            for (CSVRecord r : parser) {
                assertEquals(header.size(), r.size(), file + ":" + r.getRecordNumber() + ": column count");
                rows.add(r.toList());
            }
            return new Table(name, header, rows);
        }
    }

    static ArxHierarchyFile hierarchy(String table, String attribute) throws IOException {
        return ArxHierarchyFile.read(PAPERS.resolve(table + "_hierarchy_" + attribute + ".csv"));
    }

    /** Size of each equivalence class after mapping each row to its key. */
    static Collection<Long> classSizes(Table t, Function<List<String>, List<String>> key) {
        return t.rows().stream().collect(Collectors.groupingBy(key, Collectors.counting())).values();
    }

    static long smallestClass(Table t, String... qi) {
        return classSizes(t, r -> Stream.of(qi).map(c -> r.get(t.column(c))).toList())
                .stream().mapToLong(Long::longValue).min().orElseThrow();
    }

    // ------------------------------------------------------------------ every file

    static Stream<Path> hierarchyFiles() throws IOException {
        try (Stream<Path> files = Files.list(PAPERS)) {
            return files.filter(f -> f.getFileName().toString().contains("_hierarchy_")).sorted().toList().stream();
        }
    }

    static Stream<Path> allFiles() throws IOException {
        try (Stream<Path> files = Files.list(PAPERS)) {
            return files.filter(f -> !f.getFileName().toString().equals("README.md")).sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hierarchyFiles")
    @DisplayName("every value of a hierarchy-bound column is a leaf of its hierarchy file")
    void everyBoundValueIsInItsHierarchy(Path file) throws IOException {
        String name = file.getFileName().toString();
        String tableName = name.substring(0, name.indexOf("_hierarchy_"));
        String attribute = name.substring(name.indexOf("_hierarchy_") + "_hierarchy_".length(), name.length() - 4);
        Table t = table(tableName);
        String column = t.header().stream().filter(c -> c.equalsIgnoreCase(attribute)).findFirst()
                .orElseThrow(() -> new AssertionError(name + ": " + tableName + " has no column " + attribute));
        ArxHierarchyFile h = ArxHierarchyFile.read(file);
        for (String v : t.values(column)) {
            assertTrue(h.hasLeaf(v), name + " lacks value '" + v + "' of " + tableName + "." + column);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("allFiles")
    @DisplayName("the README lists every file")
    void readmeListsEveryFile(Path file) throws IOException {
        String readme = Files.readString(PAPERS.resolve("README.md"), StandardCharsets.UTF_8);
        assertTrue(readme.contains("`" + file.getFileName() + "`"), "README.md does not list " + file.getFileName());
    }

    /**
     * A generalized view of a raw table: same rows in the same order, each hierarchy-bound cell the raw value or
     * one of its generalizations, every other cell unchanged.
     */
    static void assertViewOf(String view, String raw, String... boundColumns) throws IOException {
        Table v = table(view);
        Table r = table(raw);
        assertEquals(r.header(), v.header(), view + " header");
        assertEquals(r.size(), v.size(), view + " rows");
        Map<Integer, ArxHierarchyFile> bound = new HashMap<>();
        for (String c : boundColumns) {
            bound.put(r.column(c), hierarchy(raw, c.toLowerCase()));
        }
        for (int i = 1; i <= r.size(); i++) {
            for (int c = 0; c < r.header().size(); c++) {
                String rawValue = r.row(i).get(c);
                String viewValue = v.row(i).get(c);
                String where = view + " row " + i + " " + r.header().get(c);
                if (bound.containsKey(c)) {
                    assertTrue(bound.get(c).levelOf(rawValue, viewValue) >= 0,
                            where + ": '" + viewValue + "' does not generalize '" + rawValue + "'");
                } else {
                    assertEquals(rawValue, viewValue, where);
                }
            }
        }
    }

    /** Uniform-weight WHD distortion (003, Definitions 5-7) of a view against its raw table. */
    static double uniformDistortion(String view, String raw, String... qi) throws IOException {
        Table v = table(view);
        Table r = table(raw);
        double total = 0;
        for (String c : qi) {
            ArxHierarchyFile h = hierarchy(raw, c.toLowerCase());
            for (int i = 1; i <= r.size(); i++) {
                total += (double) h.levelOf(r.cell(i, c), v.cell(i, c)) / (h.height() - 1);
            }
        }
        return total;
    }

    static double modificationRate(String view, String raw, String... qi) throws IOException {
        Table v = table(view);
        Table r = table(raw);
        int changed = 0;
        for (String c : qi) {
            for (int i = 1; i <= r.size(); i++) {
                changed += r.cell(i, c).equals(v.cell(i, c)) ? 0 : 1;
            }
        }
        return (double) changed / (qi.length * r.size());
    }

    // ------------------------------------------------------------------ Incognito (004)

    @Nested
    class Incognito {
        /** Patients generalized to the given levels of Sex and Zipcode (Figure 2 hierarchies). */
        long smallestClassAt(int sexLevel, int zipLevel) throws IOException {
            Table t = table("incognito-patients");
            ArxHierarchyFile sex = hierarchy("incognito-patients", "sex");
            ArxHierarchyFile zip = hierarchy("incognito-patients", "zipcode");
            return classSizes(t, r -> List.of(sex.generalize(r.get(t.column("Sex")), sexLevel),
                    zip.generalize(r.get(t.column("Zipcode")), zipLevel)))
                    .stream().mapToLong(Long::longValue).min().orElseThrow();
        }

        @Test
        @DisplayName("Incognito Fig. 1: the Patients table, cell by cell where it matters")
        void patientsTable() throws IOException {
            Table t = table("incognito-patients");
            assertEquals(List.of("Birthdate", "Sex", "Zipcode", "Disease"), t.header());
            assertEquals(6, t.size());
            assertEquals(List.of("1/21/76", "Male", "53715", "Flu"), t.row(1));
            assertEquals(List.of("4/13/86", "Female", "53715", "Hepatitis"), t.row(2));
            assertEquals("Brochitis", t.cell(3, "Disease"), "the paper's spelling");
            assertEquals(List.of("2/28/76", "Female", "53706", "Hang Nail"), t.row(6));
        }

        @Test
        @DisplayName("Incognito Fig. 2: Z0..Z2, B0..B1, S0..S1 with the paper's values")
        void figure2Hierarchies() throws IOException {
            ArxHierarchyFile zip = hierarchy("incognito-patients", "zipcode");
            assertEquals(3, zip.height());
            assertEquals(List.of("53710", "5371*", "537**"), zip.paths().get("53710"));
            assertEquals("5370*", zip.generalize("53703", 1));
            assertEquals(2, hierarchy("incognito-patients", "birthdate").height());
            assertEquals("Person", hierarchy("incognito-patients", "sex").top());
        }

        @Test
        @DisplayName("Incognito Ex. 3.1: Patients is 2-anonymous w.r.t. <B0>, <S0> and <Z0> alone")
        void singleAttributesTwoAnonymous() throws IOException {
            Table t = table("incognito-patients");
            for (String c : List.of("Birthdate", "Sex", "Zipcode")) {
                assertTrue(smallestClass(t, c) >= 2, c);
            }
        }

        @Test
        @DisplayName("Incognito Sec. 2 and Ex. 3.1: not 2-anonymous at <S0, Z0> and <S0, Z1>; 2-anonymous at <S1, Z0> and <S0, Z2>")
        void exampleThreeOne() throws IOException {
            assertEquals(1, smallestClassAt(0, 0));
            assertEquals(1, smallestClassAt(0, 1));
            assertTrue(smallestClassAt(1, 0) >= 2);
            assertTrue(smallestClassAt(0, 2) >= 2);
        }
    }

    // ------------------------------------------------------------------ KACA (003)

    @Nested
    class Kaca {
        static final String[] QI = {"Gender", "Age", "Postcode"};

        @Test
        @DisplayName("KACA Table 1a: six patients, tuple 4 = {female, middle, 4352} occurs once")
        void table1a() throws IOException {
            Table t = table("kaca-table1a");
            assertEquals(6, t.size());
            assertEquals(List.of("1", "male", "middle", "4350", "stress"), t.row(1));
            assertEquals(List.of("4", "female", "middle", "4352", "stress"), t.row(4));
            assertEquals(List.of("6", "female", "old", "4353", "obesity"), t.row(6));
            assertEquals(1, smallestClass(t, QI));
        }

        @Test
        @DisplayName("KACA Tables 1b-1d are 2-anonymous generalizations of Table 1a")
        void views() throws IOException {
            for (String view : List.of("kaca-table1b", "kaca-table1c", "kaca-table1d")) {
                assertViewOf(view, "kaca-table1a", QI);
                assertTrue(smallestClass(table(view), QI) >= 2, view);
            }
            assertEquals(List.of("3", "*", "middle", "435*", "obesity"), table("kaca-table1d").row(3));
        }

        @Test
        @DisplayName("KACA Sec. 4: modification rate 1a->1b is 66.7%, 1a->1c is 33.3%")
        void modificationRates() throws IOException {
            assertEquals(2.0 / 3, modificationRate("kaca-table1b", "kaca-table1a", QI), 1e-9);
            assertEquals(1.0 / 3, modificationRate("kaca-table1c", "kaca-table1a", QI), 1e-9);
        }

        @Test
        @DisplayName("KACA Def. 7 example: uniform-weight distortion 1a->1b is 1.25 x 6 = 7.5")
        void distortionOfTable1b() throws IOException {
            assertEquals(7.5, uniformDistortion("kaca-table1b", "kaca-table1a", QI), 1e-9);
        }

        @Test
        @DisplayName("KACA Table 2: views b and c are 2-anonymous with identical distortion")
        void table2() throws IOException {
            assertEquals(4, table("kaca-table2a").size());
            for (String view : List.of("kaca-table2b", "kaca-table2c")) {
                assertViewOf(view, "kaca-table2a", "Gender", "Marriage");
                assertEquals(2, smallestClass(table(view), "Gender", "Marriage"), view);
            }
            assertEquals(uniformDistortion("kaca-table2b", "kaca-table2a", "Gender", "Marriage"),
                    uniformDistortion("kaca-table2c", "kaca-table2a", "Gender", "Marriage"), 1e-9);
        }

        /** Definition 12: 1 - the largest share of values drawn from one hierarchy level. */
        double inconsistency(String view, String column) throws IOException {
            Table v = table(view);
            Table r = table("kaca-table3a");
            ArxHierarchyFile h = hierarchy("kaca-table3a", column.toLowerCase());
            Map<Integer, Integer> perLevel = new TreeMap<>();
            for (int i = 1; i <= r.size(); i++) {
                perLevel.merge(h.levelOf(r.cell(i, column), v.cell(i, column)), 1, Integer::sum);
            }
            int max = perLevel.values().stream().mapToInt(Integer::intValue).max().orElseThrow();
            return 1 - (double) max / r.size();
        }

        @Test
        @DisplayName("KACA Sec. 6: inconsistency of Table 3b is 50% on both attributes, of Table 3c 0%")
        void table3Inconsistency() throws IOException {
            assertEquals(8, table("kaca-table3a").size());
            assertEquals(List.of("6", "male", "widowed", "obesity"), table("kaca-table3a").row(6));
            for (String view : List.of("kaca-table3b", "kaca-table3c")) {
                assertViewOf(view, "kaca-table3a", "Gender", "Marriage");
                assertTrue(smallestClass(table(view), "Gender", "Marriage") >= 2, view);
            }
            assertEquals(0.5, inconsistency("kaca-table3b", "Gender"), 1e-9);
            assertEquals(0.5, inconsistency("kaca-table3b", "Marriage"), 1e-9);
            assertEquals(0.0, inconsistency("kaca-table3c", "Gender"), 1e-9);
            assertEquals(0.0, inconsistency("kaca-table3c", "Marriage"), 1e-9);
        }
    }

    // ------------------------------------------------------------------ (alpha,k) (000)

    @Nested
    class AlphaK {
        static final String[] QI = {"Job", "Birth", "Postcode"};

        /** Largest share of {@code value} in an equivalence class of the view. */
        double largestShare(Table t, String value) {
            Map<List<String>, List<String>> classes = t.rows().stream().collect(Collectors.groupingBy(
                    r -> Stream.of(QI).map(c -> r.get(t.column(c))).toList(),
                    Collectors.mapping(r -> r.get(t.column("Illness")), Collectors.toList())));
            return classes.values().stream()
                    .mapToDouble(ill -> (double) ill.stream().filter(value::equals).count() / ill.size())
                    .max().orElseThrow();
        }

        @Test
        @DisplayName("(alpha,k) Sec. 1: in Table 1 only tuples 1 and 2 are unique on {Job, Birth, Postcode}")
        void table1() throws IOException {
            Table t = table("alphak-table1");
            assertEquals(6, t.size());
            assertEquals(List.of("Cat1", "1975", "4350", "HIV"), t.row(1));
            assertEquals(List.of("Cat1", "1955", "4350", "HIV"), t.row(2));
            Map<List<String>, Long> counts = t.rows().stream().collect(
                    Collectors.groupingBy(r -> r.subList(0, 3), Collectors.counting()));
            List<List<String>> unique = counts.entrySet().stream().filter(e -> e.getValue() == 1)
                    .map(Map.Entry::getKey).toList();
            assertEquals(2, unique.size());
            assertTrue(unique.containsAll(List.of(t.row(1).subList(0, 3), t.row(2).subList(0, 3))));
        }

        @Test
        @DisplayName("(alpha,k) Sec. 1: Table 2 is 2-anonymous but one class is all HIV")
        void table2() throws IOException {
            assertViewOf("alphak-table2", "alphak-table1", QI);
            Table t = table("alphak-table2");
            assertEquals(2, smallestClass(t, QI));
            assertEquals(1.0, largestShare(t, "HIV"), 1e-9);
        }

        @Test
        @DisplayName("(alpha,k) Sec. 2: Table 3 is a (0.5, 2)-anonymous view and 0.5-deassociated on Illness")
        void table3() throws IOException {
            assertViewOf("alphak-table3", "alphak-table1", QI);
            Table t = table("alphak-table3");
            assertEquals(3, classSizes(t, r -> r.subList(0, 3)).size());
            assertEquals(2, smallestClass(t, QI));
            for (String illness : List.of("HIV", "flu", "fever")) {
                assertTrue(largestShare(t, illness) <= 0.5, illness);
            }
            assertEquals(List.of("*", "1975", "4350", "HIV"), t.row(1));
            assertEquals(List.of("*", "*", "4350", "HIV"), t.row(2));
        }

        @Test
        @DisplayName("(alpha,k) Lemma 1: HIV is 2 of 6 rows, so alpha = 0.5 is admissible")
        void lemma1() throws IOException {
            List<String> illness = table("alphak-table1").values("Illness");
            assertEquals(2, illness.stream().filter("HIV"::equals).count());
        }

        @Test
        @DisplayName("(alpha,k) Fig. 1 / Table 6: tuples 1-2 keep 4351, tuples 3-4 become 435*")
        void table6() throws IOException {
            assertEquals(List.of("4351", "4351", "4351", "4352"), table("alphak-table6a").values("Postcode"));
            assertEquals(List.of("4351", "4351", "435*", "435*"), table("alphak-table6b").values("Postcode"));
            assertViewOf("alphak-table6b", "alphak-table6a", "Postcode");
            assertEquals("****", hierarchy("alphak-table6a", "postcode").top());
        }
    }

    // ------------------------------------------------------------------ Permutation (001)

    @Nested
    class Permutation {
        static boolean inQueryRange(int age) {
            return age >= 40 && age <= 70;
        }

        @Test
        @DisplayName("Permutation Table 1: nine people; Example 1's query has the exact answer 1")
        void table1() throws IOException {
            Table t = table("permutation-table1");
            assertEquals(List.of("Name", "Age", "Sex", "Disease"), t.header());
            assertEquals(9, t.size());
            assertEquals(List.of("Bob", "65", "M", "Emphysema"), t.row(1));
            assertEquals(List.of("Lucy", "40", "F", "Gastritic"), t.row(8));
            assertEquals(List.of("Sarah", "10", "M", "Bronchitis"), t.row(9));
            long answer = t.rows().stream().filter(r -> inQueryRange(Integer.parseInt(r.get(1)))
                    && r.get(2).equals("F") && r.get(3).equals("Flu")).count();
            assertEquals(1, answer);
        }

        @Test
        @DisplayName("Permutation Ex. 1 and Ex. 4: Table 2 estimates 3/8 and has NCP 13.5")
        void table2() throws IOException {
            Table t = table("permutation-table2");
            Table raw = table("permutation-table1");
            assertEquals(raw.values("Disease"), t.values("Disease"));
            double estimate = 0;
            double ncp = 0;
            for (List<String> r : t.rows()) {
                String[] range = r.get(1).substring(1, r.get(1).length() - 1).split("-");
                double lo = Double.parseDouble(range[0]);
                double hi = Double.parseDouble(range[1]);
                double ageShare = Math.max(0, Math.min(hi, 70) - Math.max(lo, 40)) / (hi - lo);
                double sexShare = r.get(2).equals("F/M") ? 0.5 : (r.get(2).equals("F") ? 1 : 0);
                estimate += r.get(3).equals("Flu") ? ageShare * sexShare : 0;
                ncp += (hi - lo) / (90 - 10) + (r.get(2).equals("F/M") ? 2.0 : 1.0) / 2;
            }
            assertEquals(3.0 / 8, estimate, 1e-9);
            assertEquals(13.5, ncp, 1e-9);
        }

        /** Group of each Table 1 row, from Table 2's GID column (same row order). */
        Map<String, List<List<String>>> rawByGroup() throws IOException {
            Table raw = table("permutation-table1");
            List<String> gid = table("permutation-table2").values("GID");
            Map<String, List<List<String>>> groups = new TreeMap<>();
            for (int i = 0; i < raw.size(); i++) {
                groups.computeIfAbsent(gid.get(i), g -> new ArrayList<>()).add(raw.rows().get(i));
            }
            return groups;
        }

        static Map<String, List<String>> sortedByGroup(Table t, String column) {
            Map<String, List<String>> m = new TreeMap<>();
            for (List<String> r : t.rows()) {
                m.computeIfAbsent(r.get(t.column("GID")), g -> new ArrayList<>()).add(r.get(t.column(column)));
            }
            m.values().forEach(l -> l.sort(null));
            return m;
        }

        Map<String, List<String>> rawSorted(int column) throws IOException {
            Map<String, List<String>> m = new TreeMap<>();
            rawByGroup().forEach((g, rows) -> m.put(g, rows.stream().map(r -> r.get(column)).sorted().toList()));
            return m;
        }

        /** Sum over groups of count(Flu) x product of per-attribute shares (001, Example 2). */
        static double permutationEstimate(Table qt, Table st) {
            double estimate = 0;
            for (String g : sortedByGroup(qt, "Age").keySet()) {
                List<List<String>> rows = qt.rows().stream().filter(r -> r.get(qt.column("GID")).equals(g)).toList();
                double ageShare = rows.stream().filter(r -> inQueryRange(Integer.parseInt(r.get(0)))).count()
                        / (double) rows.size();
                double sexShare = rows.stream().filter(r -> r.get(1).equals("F")).count() / (double) rows.size();
                long flu = st.rows().stream().filter(r -> r.get(0).equals(g) && r.get(1).equals("Flu")).count();
                estimate += flu * ageShare * sexShare;
            }
            return estimate;
        }

        @Test
        @DisplayName("Permutation Table 3 (anatomy): QIT and ST regroup Table 1; Ex. 1 estimate 0.9")
        void table3() throws IOException {
            Table qit = table("permutation-table3-qit");
            Table st = table("permutation-table3-st");
            assertEquals(rawSorted(1), sortedByGroup(qit, "Age"));
            assertEquals(rawSorted(2), sortedByGroup(qit, "Sex"));
            assertEquals(rawSorted(3), sortedByGroup(st, "Disease"));
            double estimate = 0;
            for (String g : List.of("1", "2")) {
                List<List<String>> rows = qit.rows().stream().filter(r -> r.get(2).equals(g)).toList();
                double share = rows.stream().filter(r -> inQueryRange(Integer.parseInt(r.get(0)))
                        && r.get(1).equals("F")).count() / (double) rows.size();
                long flu = st.rows().stream().filter(r -> r.get(0).equals(g) && r.get(1).equals("Flu")).count();
                estimate += flu * share;
            }
            assertEquals(0.9, estimate, 1e-9);
        }

        @Test
        @DisplayName("Permutation Table 4 (PQT/PST): per-group permutations of Table 1; Ex. 2 estimate 0.855")
        void table4() throws IOException {
            Table pqt = table("permutation-table4-pqt");
            Table pst = table("permutation-table4-pst");
            assertEquals(List.of("50", "F", "1"), pqt.row(1));
            assertEquals(rawSorted(1), sortedByGroup(pqt, "Age"));
            assertEquals(rawSorted(2), sortedByGroup(pqt, "Sex"));
            assertEquals(rawSorted(3), sortedByGroup(pst, "Disease"));
            assertFalse(pqt.values("Age").equals(table("permutation-table3-qit").values("Age")),
                    "PQT ages are permuted");
            assertEquals(0.855, permutationEstimate(pqt, pst), 1e-9);
        }
    }
}
