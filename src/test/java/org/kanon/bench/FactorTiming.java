package org.kanon.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.function.BiFunction;
import org.kanon.approximation.factor.Blocks;
import org.kanon.approximation.factor.FactorAnonymity;
import org.kanon.approximation.factor.FactorThree;
import org.kanon.approximation.factor.FactorTwo;
import org.kanon.approximation.instance.Clustering;
import org.kanon.approximation.instance.CostModel;
import org.kanon.approximation.instance.Instance;
import org.kanon.local.GroupedTable;

/**
 * Not a test: times factor2 and factor3 block by block on Adult (45,222 rows, the TKDE paper's 8 QIs: age, workclass,
 * education, marital-status, occupation, race, sex, native-country, every one by ARX's hierarchy, suppression cost
 * model with unit weights) for several block sizes, or on random rows ({@code random}: 45,222 rows over 8 attributes
 * with values 0..9 in a two-level hierarchy). The table is read straight from the CSV files, no database. A warm-up
 * on 20 blocks, then one timed run of {@code blocked} per (algorithm, block size), then every block timed on its own.
 *
 * <pre>
 * mvn -B -ntp -o -DskipTests test-compile
 * java -cp target/classes:target/test-classes:JGRAPHT_CORE_JAR:JHEAPS_JAR org.kanon.bench.FactorTiming adult 100,200,300,400,800
 * </pre>
 *
 * <p>Usage: {@code FactorTiming [adult|random] [blockSizes, e.g. 100,200,400] [factor2,factor3] [keepTwins]}; the data sets
 * are looked up under $KANON_SHARED (default ../shared)/datasets.
 */
public final class FactorTiming {
    private static final List<String> QI = List.of("age", "workclass", "education", "marital-status", "occupation",
            "race", "sex", "native-country");

    public static void main(String[] args) throws IOException {
        String source = args.length > 0 ? args[0] : "adult";
        int[] sizes = Arrays.stream((args.length > 1 ? args[1] : "100,200,300,400").split(",")).mapToInt(Integer::parseInt).toArray();
        List<String> algorithms = List.of((args.length > 2 ? args[2] : "factor2,factor3").split(","));
        Integer keepArg = args.length > 3 ? Integer.valueOf(args[3]) : null;
        long t0 = System.nanoTime();
        GroupedTable table = source.equals("random") ? random(45_222, 8, new Random(1)) : adult(shared());
        Instance instance = Instance.of(table, CostModel.uniform(table.qiCount()));
        System.out.printf(Locale.ROOT, "%s: %d rows, %d groups, %s; loaded in %.2f s%n", source, instance.size(), table.groupCount(),
                instance, (System.nanoTime() - t0) / 1e9);
        for (String algorithm : algorithms) {
            int k = algorithm.equals("factor2") ? 2 : 3;
            BiFunction<Instance, int[], Clustering> exact = algorithm.equals("factor2") ? FactorTwo.INSTANCE::cluster : FactorThree.INSTANCE::cluster;
            for (int size : sizes) {
                int keep = keepArg != null ? keepArg : algorithm.equals("factor2") ? FactorAnonymity.KEEP_TWINS : FactorAnonymity.KEEP_TWINS;
                List<int[]> blocks = Blocks.partition(instance, size, k, keep);
                // warm-up on 20 blocks that need a matching (blocks of identical rows come first and need none)
                blocks.stream().filter(b -> Arrays.stream(b).map(instance::group).distinct().count() > 1).limit(20)
                        .forEach(b -> exact.apply(instance, b));
                long start = System.nanoTime();
                Clustering c = algorithm.equals("factor2") ? FactorTwo.INSTANCE.blocked(instance, size, keep) : FactorThree.INSTANCE.blocked(instance, size, keep);
                double seconds = (System.nanoTime() - start) / 1e9;
                c.requireValid(instance, k);
                // per block again, timed one by one: blocks of one group (twins set aside) cost nothing to solve
                int matched = 0;
                double slowest = 0;
                double matchedSeconds = 0;
                for (int[] block : blocks) {
                    boolean twins = Arrays.stream(block).map(instance::group).distinct().count() == 1;
                    long t = System.nanoTime();
                    exact.apply(instance, block);
                    double s = (System.nanoTime() - t) / 1e9;
                    if (!twins) {
                        matched++;
                        matchedSeconds += s;
                        slowest = Math.max(slowest, s);
                    }
                }
                System.out.printf(Locale.ROOT, "%s B=%d keep=%d: %.2f s; %d blocks, %d matched (%.1f ms each on average, slowest %.0f ms); cost %.1f (%.4f per row), %d clusters of %d..%d rows%n",
                        algorithm, size, keep, seconds, blocks.size(), matched, 1000 * matchedSeconds / Math.max(1, matched), 1000 * slowest,
                        c.cost(instance), c.cost(instance) / instance.size(), c.clusters().size(), c.smallestCluster(), c.largestCluster());
            }
        }
    }

    private static Path shared() {
        String env = System.getenv("KANON_SHARED");
        return Path.of(env != null ? env : "../shared");
    }

    /** Adult's 45,222 complete rows with ARX's hierarchies for the 8 QIs. */
    static GroupedTable adult(Path shared) throws IOException {
        Path csv = shared.resolve("datasets/adult-uci/adult-45222.csv");
        List<GroupedTable.Qi> qis = new ArrayList<>();
        for (String qi : QI) {
            Map<Object, List<String>> labels = new HashMap<>();
            int height = -1;
            for (String line : Files.readAllLines(shared.resolve("datasets/adult-arx/adult_hierarchy_" + qi + ".csv"), StandardCharsets.UTF_8)) {
                if (line.isBlank()) {
                    continue;
                }
                List<String> path = List.of(line.split(";", -1));
                height = path.size() - 1;
                labels.put(path.get(0), path);
            }
            qis.add(new GroupedTable.Qi(qi, height, labels));
        }
        // the file has no quoted fields (checked: 15 plain comma-separated fields on every line)
        List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        List<String> header = List.of(lines.get(0).split(",", -1));
        int[] columns = QI.stream().mapToInt(header::indexOf).toArray();
        Map<List<Object>, Long> counts = new LinkedHashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            if (line.isBlank()) {
                continue;
            }
            String[] fields = line.split(",", -1);
            List<Object> raw = new ArrayList<>();
            for (int c : columns) {
                raw.add(fields[c]);
            }
            counts.merge(raw, 1L, Long::sum);
        }
        List<GroupedTable.Group> groups = new ArrayList<>();
        counts.forEach((raw, n) -> groups.add(new GroupedTable.Group(raw, null, n)));
        return GroupedTable.of(qis, groups, Optional.empty());
    }

    /** n random rows of m values 0..9, each value under a bucket of three (0-2, 3-5, 6-8, 9) under "*". */
    static GroupedTable random(int n, int m, Random random) {
        List<GroupedTable.Qi> qis = new ArrayList<>();
        for (int q = 0; q < m; q++) {
            Map<Object, List<String>> labels = new HashMap<>();
            for (int v = 0; v < 10; v++) {
                int lo = v / 3 * 3;
                labels.put(v, List.of(Integer.toString(v), lo == 9 ? "9" : lo + "-" + (lo + 2), "*"));
            }
            qis.add(new GroupedTable.Qi("a" + q, 2, labels));
        }
        Map<List<Object>, Long> counts = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            List<Object> raw = new ArrayList<>();
            for (int q = 0; q < m; q++) {
                raw.add(random.nextInt(10));
            }
            counts.merge(raw, 1L, Long::sum);
        }
        List<GroupedTable.Group> groups = new ArrayList<>();
        counts.forEach((raw, c) -> groups.add(new GroupedTable.Group(raw, null, c)));
        return GroupedTable.of(qis, groups, Optional.empty());
    }
}
