package org.kanon.testing;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.kanon.lattice.LongIntMap;

/**
 * The brute-force check of the privacy criteria on Adult, independent of kanon's executors: it reads UCI's file and
 * ARX's hierarchy files itself, generalizes every row to every node of the lattice, and judges each class by the
 * definitions written out again here (entropy and recursive l-diversity, t-closeness under the equal, hierarchical and
 * ordered distances, k-map and delta-presence against a population it builds from the rows). A node passes a
 * requirement when every class passes (no suppression). Identical rows are counted once with their number first, which
 * changes no class.
 */
public final class AdultCriteriaOracle {
    /** The quasi-identifiers of the check, in this order. */
    public static final List<String> QIS = List.of("age", "sex", "race", "marital-status", "education", "native-country", "workclass",
            "salary-class");
    public static final String POPULATION = "adult_population";
    /** The sensitive columns the checks read. */
    private static final List<String> SENSITIVE = List.of("occupation", "relationship", "hours-per-week");
    private static final double TOLERANCE = 1e-9;

    private final int[] heights;
    /** label[q][level][leaf code] = the code of the leaf's label at that level. */
    private final int[][][] label;
    private final int[][] labels;
    /** Distinct rows: QI leaf codes, sensitive value codes, and how many rows. */
    private final List<int[]> rows = new ArrayList<>();
    private final List<Long> rowCounts = new ArrayList<>();
    /** Distinct population rows (QI leaf codes) and their numbers. */
    private final List<int[]> people = new ArrayList<>();
    private final List<Long> peopleCounts = new ArrayList<>();
    /** For each distinct row, the distinct population row with its QI values. */
    private final int[] personOfRow;
    private final List<List<String>> sensitiveValues = new ArrayList<>();
    /** occupation's parent at level 1 of its hierarchy, by value code. */
    private final int[] occupationParent;
    private final int occupationGroups;
    private final List<String> populationCsv = new ArrayList<>();

    private AdultCriteriaOracle(Path csv, Path hierarchies) throws IOException {
        heights = new int[QIS.size()];
        label = new int[QIS.size()][][];
        labels = new int[QIS.size()][];
        List<Map<String, Integer>> leafCode = new ArrayList<>();
        for (int q = 0; q < QIS.size(); q++) {
            List<String[]> h = hierarchy(hierarchies, QIS.get(q));
            heights[q] = h.get(0).length - 1;
            Map<String, Integer> leaves = new HashMap<>();
            label[q] = new int[heights[q] + 1][h.size()];
            labels[q] = new int[heights[q] + 1];
            for (int level = 0; level <= heights[q]; level++) {
                Map<String, Integer> codes = new HashMap<>();
                for (int i = 0; i < h.size(); i++) {
                    label[q][level][i] = codes.computeIfAbsent(h.get(i)[level], x -> codes.size());
                }
                labels[q][level] = codes.size();
            }
            for (int i = 0; i < h.size(); i++) {
                leaves.put(h.get(i)[0], i);
            }
            leafCode.add(leaves);
        }
        List<String[]> occupation = hierarchy(hierarchies, "occupation");
        List<Map<String, Integer>> valueCode = new ArrayList<>();
        for (int s = 0; s < SENSITIVE.size(); s++) {
            valueCode.add(new LinkedHashMap<>());
            sensitiveValues.add(new ArrayList<>());
        }
        Map<List<Integer>, Integer> distinct = new HashMap<>();
        Map<List<Integer>, Integer> distinctPeople = new HashMap<>();
        populationCsv.add(String.join(",", QIS));
        try (Reader in = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
            int index = 0;
            for (CSVRecord r : CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get().parse(in)) {
                List<Integer> key = new ArrayList<>();
                List<Integer> qiKey = new ArrayList<>();
                List<String> qiText = new ArrayList<>();
                for (int q = 0; q < QIS.size(); q++) {
                    Integer code = leafCode.get(q).get(r.get(QIS.get(q)));
                    if (code == null) {
                        throw new IllegalStateException("no leaf for a value of " + QIS.get(q));
                    }
                    key.add(code);
                    qiKey.add(code);
                    qiText.add(r.get(QIS.get(q)));
                }
                for (int s = 0; s < SENSITIVE.size(); s++) {
                    String v = r.get(SENSITIVE.get(s));
                    Map<String, Integer> codes = valueCode.get(s);
                    List<String> values = sensitiveValues.get(s);
                    key.add(codes.computeIfAbsent(v, x -> {
                        values.add(x);
                        return codes.size();
                    }));
                }
                count(distinct, key, rows, rowCounts, 1);
                // the population: every row, again every third row, twice more every seventh
                int copies = 1 + (index % 3 == 0 ? 1 : 0) + (index % 7 == 0 ? 2 : 0);
                count(distinctPeople, qiKey, people, peopleCounts, copies);
                String line = String.join(",", qiText);
                for (int c = 0; c < copies; c++) {
                    populationCsv.add(line);
                }
                index++;
            }
        }
        personOfRow = new int[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            personOfRow[i] = distinctPeople.get(Arrays.stream(rows.get(i), 0, QIS.size()).boxed().toList());
        }
        Map<String, Integer> groups = new HashMap<>();
        List<String> occupations = sensitiveValues.get(0);
        occupationParent = new int[occupations.size()];
        for (int v = 0; v < occupations.size(); v++) {
            String value = occupations.get(v);
            String[] row = occupation.stream().filter(x -> x[0].equals(value)).findFirst().orElseThrow();
            occupationParent[v] = groups.computeIfAbsent(row[1], x -> groups.size());
        }
        occupationGroups = groups.size();
    }

    private static void count(Map<List<Integer>, Integer> index, List<Integer> key, List<int[]> into, List<Long> counts, long n) {
        Integer at = index.get(key);
        if (at == null) {
            index.put(key, into.size());
            into.add(key.stream().mapToInt(Integer::intValue).toArray());
            counts.add(n);
        } else {
            counts.set(at, counts.get(at) + n);
        }
    }

    private static List<String[]> hierarchy(Path folder, String column) throws IOException {
        List<String[]> rows = new ArrayList<>();
        for (String line : Files.readAllLines(folder.resolve("adult_hierarchy_" + column + ".csv"), StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                rows.add(line.split(";", -1));
            }
        }
        return rows;
    }

    private static AdultCriteriaOracle made;

    /** The oracle over the shared Adult files (skipped without them), built once per test JVM. */
    public static synchronized AdultCriteriaOracle get() throws IOException {
        if (made == null) {
            Path csv = SharedData.file("datasets/adult-uci/adult-45222.csv");
            made = new AdultCriteriaOracle(csv, SharedData.file("datasets/adult-arx/adult_hierarchy_age.csv").getParent());
        }
        return made;
    }

    /** The height of a QI's hierarchy. */
    public int height(String qi) {
        return heights[QIS.indexOf(qi)];
    }

    /** How many labels a QI's top level has: with one, a node at the top there has the classes of the node without the QI. */
    public int labelsAtTop(String qi) {
        int q = QIS.indexOf(qi);
        return labels[q][heights[q]];
    }

    /** The population's rows as CSV (the QI columns), for the test to import as {@value #POPULATION}. */
    public List<String> populationCsv() {
        return populationCsv;
    }

    /**
     * One class of a node: its rows, its population rows, and its rows per value of each sensitive column, counted
     * when a test first reads them (most nodes fail at their first classes, so most histograms are never needed).
     */
    public static final class Group {
        private final long size;
        private final long population;
        private final long[][] histograms;
        private final java.util.function.IntFunction<long[]> count;

        Group(long size, long population, long[][] histograms) {
            this(size, population, histograms, null);
        }

        private Group(long size, long population, long[][] histograms, java.util.function.IntFunction<long[]> count) {
            this.size = size;
            this.population = population;
            this.histograms = histograms;
            this.count = count;
        }

        public long size() {
            return size;
        }

        public long population() {
            return population;
        }

        /** The class's rows per value of sensitive column {@code s} (see {@link #sensitive}). */
        public long[] histogram(int s) {
            if (histograms[s] == null) {
                histograms[s] = count.apply(s);
            }
            return histograms[s];
        }
    }

    /**
     * A class given as its rows per value (as text) of one sensitive column, for the tests of that column: a local
     * recoding's class, whose rows no node of the lattice describes. The other columns' histograms are empty.
     */
    public Group group(String column, Map<String, Long> rowsPerValue) {
        int s = sensitive(column);
        long[][] histograms = new long[SENSITIVE.size()][];
        for (int i = 0; i < histograms.length; i++) {
            histograms[i] = new long[sensitiveValues.get(i).size()];
        }
        long size = 0;
        for (Map.Entry<String, Long> e : rowsPerValue.entrySet()) {
            int code = sensitiveValues.get(s).indexOf(e.getKey());
            if (code < 0) {
                throw new IllegalArgumentException("a value of " + column + " the file does not hold");
            }
            histograms[s][code] += e.getValue();
            size += e.getValue();
        }
        return new Group(size, -1, histograms);
    }

    private long[][] table;

    /** The table's rows per value of each sensitive column. */
    public synchronized long[][] table() {
        if (table != null) {
            return table;
        }
        long[][] t = new long[SENSITIVE.size()][];
        for (int s = 0; s < t.length; s++) {
            t[s] = new long[sensitiveValues.get(s).size()];
        }
        for (int i = 0; i < rows.size(); i++) {
            for (int s = 0; s < t.length; s++) {
                t[s][rows.get(i)[QIS.size() + s]] += rowCounts.get(i);
            }
        }
        table = t;
        return t;
    }

    /**
     * For each test, every node of the lattice (levels in {@link #QIS} order) whose every class passes it; the
     * classes of a node are made once for all tests.
     */
    public List<Set<List<Integer>>> passing(List<Predicate<Group>> tests) {
        int n = QIS.size();
        List<int[]> nodes = new ArrayList<>();
        int[] node = new int[n];
        while (true) {
            nodes.add(node.clone());
            int q = 0;
            while (q < n && node[q] == heights[q]) {
                node[q++] = 0;
            }
            if (q == n) {
                break;
            }
            node[q]++;
        }
        List<Set<List<Integer>>> passing = new ArrayList<>();
        tests.forEach(t -> passing.add(java.util.concurrent.ConcurrentHashMap.newKeySet()));
        // nodes are independent: judged on every core
        nodes.parallelStream().forEach(levels -> {
            List<Group> groups = groups(levels);
            for (int t = 0; t < tests.size(); t++) {
                if (groups.stream().allMatch(tests.get(t))) {
                    passing.get(t).add(Arrays.stream(levels).boxed().toList());
                }
            }
        });
        return passing;
    }

    /** A class's key: its labels at the node, in mixed radix. */
    private long key(int[] row, int[] node) {
        long key = 0;
        for (int q = 0; q < node.length; q++) {
            key = key * labels[q][node[q]] + label[q][node[q]][row[q]];
        }
        return key;
    }

    private List<Group> groups(int[] node) {
        // every row's QI values are some population row's: classes are found for the population's distinct rows only
        LongIntMap classOf = new LongIntMap(people.size());
        int[] classOfPerson = new int[people.size()];
        List<long[]> sizes = new ArrayList<>();
        for (int i = 0; i < people.size(); i++) {
            int c = classId(classOf, key(people.get(i), node), sizes);
            classOfPerson[i] = c;
            sizes.get(c)[1] += peopleCounts.get(i);
        }
        int[] classOfRow = new int[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            int c = classOfPerson[personOfRow[i]];
            classOfRow[i] = c;
            sizes.get(c)[0] += rowCounts.get(i);
        }
        // the rows of each class, contiguous: a class's histograms are counted from its own rows when read
        int classes = sizes.size();
        int[] start = new int[classes + 1];
        for (int c : classOfRow) {
            start[c + 1]++;
        }
        for (int c = 0; c < classes; c++) {
            start[c + 1] += start[c];
        }
        int[] members = new int[rows.size()];
        int[] next = Arrays.copyOf(start, classes);
        for (int i = 0; i < classOfRow.length; i++) {
            members[next[classOfRow[i]]++] = i;
        }
        List<Group> groups = new ArrayList<>(classes);
        for (int c = 0; c < classes; c++) {
            int from = start[c];
            int to = start[c + 1];
            groups.add(new Group(sizes.get(c)[0], sizes.get(c)[1], new long[SENSITIVE.size()][], s -> {
                long[] h = new long[sensitiveValues.get(s).size()];
                for (int m = from; m < to; m++) {
                    h[rows.get(members[m])[QIS.size() + s]] += rowCounts.get(members[m]);
                }
                return h;
            }));
        }
        return groups;
    }

    private int classId(LongIntMap classOf, long key, List<long[]> sizes) {
        int c = classOf.get(key);
        if (c < 0) {
            c = sizes.size();
            classOf.put(key, c);
            sizes.add(new long[2]);
        }
        return c;
    }

    // ---- the definitions, written out again ----

    /** The index of a sensitive column in a group's histograms. */
    public static int sensitive(String column) {
        return SENSITIVE.indexOf(column);
    }

    /** At least k rows in a class of the table (classes of the population alone have none to count). */
    public static boolean atLeastK(Group g, int k) {
        return g.size() == 0 || g.size() >= k;
    }

    public static boolean entropy(Group g, int s, int l) {
        if (g.size() == 0) {
            return true;
        }
        double h = 0;
        for (long n : g.histogram(s)) {
            if (n > 0) {
                h -= (double) n / g.size() * Math.log((double) n / g.size());
            }
        }
        return h >= Math.log(l) - TOLERANCE;
    }

    /** r1 < c (r_l + ... + r_m), c a whole number. */
    public static boolean recursive(Group g, int s, long c, int l) {
        if (g.size() == 0) {
            return true;
        }
        long[] r = Arrays.stream(g.histogram(s)).filter(n -> n > 0).map(n -> -n).sorted().map(n -> -n).toArray();
        if (r.length < l) {
            return false;
        }
        long tail = 0;
        for (int i = l - 1; i < r.length; i++) {
            tail += r[i];
        }
        return r[0] < c * tail;
    }

    public boolean equalCloseness(Group g, int s, double t) {
        if (g.size() == 0) {
            return true;
        }
        long[] q = table()[s];
        double sum = 0;
        for (int v = 0; v < q.length; v++) {
            sum += Math.abs((double) g.histogram(s)[v] / g.size() - (double) q[v] / 45222);
        }
        return sum / 2 <= t + TOLERANCE;
    }

    /** Occupation's hierarchy has height 2: the level-1 groups cost 1/2 min(pos, neg) each, the root 1 min(pos, neg). */
    public boolean hierarchicalCloseness(Group g, double t) {
        if (g.size() == 0) {
            return true;
        }
        int s = sensitive("occupation");
        long[] q = table()[s];
        double[] pos = new double[occupationGroups];
        double[] neg = new double[occupationGroups];
        for (int v = 0; v < q.length; v++) {
            double extra = (double) g.histogram(s)[v] / g.size() - (double) q[v] / 45222;
            if (extra > 0) {
                pos[occupationParent[v]] += extra;
            } else {
                neg[occupationParent[v]] -= extra;
            }
        }
        double cost = 0;
        double rootPos = 0;
        double rootNeg = 0;
        for (int p = 0; p < occupationGroups; p++) {
            cost += 0.5 * Math.min(pos[p], neg[p]);
            double extra = pos[p] - neg[p];
            if (extra > 0) {
                rootPos += extra;
            } else {
                rootNeg -= extra;
            }
        }
        cost += Math.min(rootPos, rootNeg);
        return cost <= t + TOLERANCE;
    }

    /** hours-per-week in ascending order: 1/(m-1) sum_i |sum_{j<=i} (p_j - q_j)|. */
    public boolean orderedCloseness(Group g, double t) {
        if (g.size() == 0) {
            return true;
        }
        int s = sensitive("hours-per-week");
        long[] q = table()[s];
        List<String> values = sensitiveValues.get(s);
        Integer[] order = new Integer[values.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Integer.compare(Integer.parseInt(values.get(a)), Integer.parseInt(values.get(b))));
        double running = 0;
        double sum = 0;
        for (int v : order) {
            running += (double) g.histogram(s)[v] / g.size() - (double) q[v] / 45222;
            sum += Math.abs(running);
        }
        return sum / (order.length - 1) <= t + TOLERANCE;
    }

    public static boolean kMap(Group g, int k) {
        return g.size() == 0 || g.population() >= k;
    }

    /** dmin <= size / population <= dmax, the bounds as hundredths. */
    public static boolean presence(Group g, int dminPercent, int dmaxPercent) {
        return g.size() * 100 >= (long) dminPercent * g.population() && g.size() * 100 <= (long) dmaxPercent * g.population();
    }
}
