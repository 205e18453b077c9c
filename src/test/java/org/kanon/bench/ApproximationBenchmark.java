package org.kanon.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Random;
import java.util.function.Supplier;
import org.kanon.approximation.Approximation;
import org.kanon.approximation.ApproximationOptions;
import org.kanon.approximation.ClusteredTable;
import org.kanon.approximation.ExactSolver;
import org.kanon.approximation.Vectors;
import org.kanon.approximation.instance.CostModel;
import org.kanon.approximation.instance.Instance;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.frequency.MemoryExecutor;
import org.kanon.frequency.StarSchema;
import org.kanon.global.SearchRequest;
import org.kanon.global.SearchResult;
import org.kanon.global.Searches;
import org.kanon.local.GroupLoader;
import org.kanon.local.GroupedTable;
import org.kanon.local.LocalRecodingUtility;
import org.kanon.local.kaca.Kaca;
import org.kanon.local.kaca.KacaOptions;
import org.kanon.metrics.HierarchyWeights;
import org.kanon.metrics.UtilityMetrics;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.schema.hierarchy.HierarchyCatalog;

/**
 * Not a test: issue 6's benchmark, printed as Markdown.
 * <ul>
 *   <li>{@code adult}: Adult (45,222 rows, ARX's hierarchies), the 8 QIs age, workclass, education, marital-status,
 *       occupation, race, sex, native-country, k = 2, 3, 5, 10: the cost in the paper's model (a cell at level r of
 *       l costs r/l), the (alpha,k) paper's level distortion ratio, DM, time, for forest, factor2 (k = 2) and factor3
 *       (k = 3) in blocks, Incognito's full-domain node of least cost and KACA1;</li>
 *   <li>{@code ratios}: random instances of 8..12 rows against the exact optimum: the distribution of cost/OPT of
 *       each algorithm.</li>
 * </ul>
 * Usage: {@code ApproximationBenchmark JDBC_URL [adult] [ratios] [trials=200] [out=FILE]} (the URL's database holds
 * table adult with its hierarchies imported; the ratios need no database, pass {@code -} as the URL).
 */
public final class ApproximationBenchmark {
    private static final List<String> QI = List.of("age", "workclass", "education", "marital-status", "occupation", "race", "sex", "native-country");
    private final StringBuilder out = new StringBuilder();

    public static void main(String[] args) throws Exception {
        ApproximationBenchmark b = new ApproximationBenchmark();
        List<String> a = Arrays.asList(args);
        int trials = a.stream().filter(s -> s.startsWith("trials=")).map(s -> Integer.parseInt(s.substring(7))).findFirst().orElse(200);
        Optional<String> file = a.stream().filter(s -> s.startsWith("out=")).map(s -> s.substring(4)).findFirst();
        b.line("# Approximation algorithms (Aggarwal et al.) — benchmark");
        b.line("");
        b.line(String.format(Locale.ROOT, "%s, %d cores, Java %s, load average at start %s.", java.time.LocalDateTime.now().withNano(0),
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"), load()));
        b.line("");
        if (a.contains("adult")) {
            b.adult(args[0]);
        }
        if (a.contains("ratios")) {
            b.ratios(trials);
        }
        if (file.isPresent()) {
            Files.writeString(Path.of(file.get()), b.out.toString());
        }
    }

    private void adult(String url) {
        try (Database db = Database.open(new ConnectionSettings(url, null, System.getenv("KANON_DB_PASSWORD")))) {
            SourceTable adult = new TableResolver(db).resolve("adult");
            GroupedTable table = new GroupLoader(db).load(adult, adult.columns(QI), Optional.empty());
            line("## Adult, 8 QIs (" + String.join(", ", QI) + ")");
            line("");
            line(String.format(Locale.ROOT, "%,d rows, %,d distinct QI tuples. Cost: a cell at level r of a hierarchy of height l costs r/l "
                    + "(the row total is at most 8). *OPT >=* is FOREST's weight (Lemma 3), a certified lower bound of the optimum. "
                    + "Times are the algorithm alone, in-process, after one warm-up run of forest at k = 10 (load %s).",
                    table.rows(), table.groupCount(), load()));
            line("");
            Instance instance = Instance.of(table, CostModel.uniform(QI.size()));
            Approximation.run(instance, ApproximationOptions.of(ApproximationOptions.FOREST, 10));
            line("| k | algorithm | cost | cost / OPT lower bound | level distortion ratio | DM | classes | largest | time s |");
            line("|---:|---|---:|---:|---:|---:|---:|---:|---:|");
            try (MemoryExecutor ex = MemoryExecutor.load(db.dsl(), StarSchema.of(adult, QI, new HierarchyCatalog(db)))) {
                for (int k : new int[] {2, 3, 5, 10}) {
                    double bound = Double.NaN;
                    List<String> algorithms = new ArrayList<>(List.of(ApproximationOptions.FOREST));
                    if (k == 2) {
                        algorithms.add(ApproximationOptions.FACTOR2);
                    }
                    if (k == 3) {
                        algorithms.add(ApproximationOptions.FACTOR3);
                    }
                    for (String algorithm : algorithms) {
                        ApproximationOptions o = ApproximationOptions.of(algorithm, k);
                        Timed<Approximation.Run> t = timed(() -> Approximation.run(instance, o));
                        if (t.value.lowerBound().isPresent()) {
                            bound = t.value.lowerBound().getAsDouble();
                        }
                        ClusteredTable ct = new ClusteredTable(instance, t.value.clustering());
                        UtilityMetrics m = LocalRecodingUtility.of(table, ct.classes(), ct.deletedRows(), k);
                        row(k, algorithm + (algorithm.equals(ApproximationOptions.FOREST) ? "" : " (blocks of " + o.blockSize() + ")"),
                                t.value.clustering().cost(instance), bound, m, t.value.clustering().largestCluster(), t.seconds);
                    }
                    int kk = k;
                    Timed<SearchResult> search = timed(() -> Searches.byName("incognito-superroots").search(ex, new SearchRequest(kk, 0)));
                    KacaBenchmark.Selected s = KacaBenchmark.minimalDistortion(table, search.value.anonymous(), k, HierarchyWeights.uniform());
                    UtilityMetrics im = s.metrics();
                    row(k, "Incognito, node of least cost " + s.node().toCsv(), im.generalizationCost().orElseThrow(), bound, im,
                            -1, search.seconds);
                    Timed<Kaca.Outcome> kaca = timed(() -> Kaca.run(table, KacaOptions.kaca1(kk, HierarchyWeights.uniform(), 1), "adult"));
                    UtilityMetrics km = LocalRecodingUtility.of(kaca.value.recoding(), k);
                    row(k, "KACA1 (uniform weights, seed 1)", km.generalizationCost().orElseThrow(), bound, km, -1, kaca.seconds);
                }
            }
            line("");
        }
    }


    private void row(int k, String algorithm, double cost, double bound, UtilityMetrics m, int largest, double seconds) {
        line(String.format(Locale.ROOT, "| %d | %s | %,.1f | %s | %.4f | %,d | %,d | %s | %.2f |", k, algorithm, cost,
                Double.isNaN(bound) || bound == 0 ? "n/a" : String.format(Locale.ROOT, "%.2f", cost / bound),
                m.distortionRatio().orElse(Double.NaN), m.discernibility(), m.classes(), largest < 0 ? "" : Integer.toString(largest), seconds));
    }

    private void ratios(int trials) {
        line("## Random instances against the exact optimum");
        line("");
        line(String.format(Locale.ROOT, "%d seeded random tables per line, 8..12 rows, 3..5 attributes; cost/OPT over the instances with OPT > 0 "
                + "(the guarantee in the last column).", trials));
        line("");
        line("| algorithm | k | alphabet | mean | median | 90th pct | worst | optimal share | guarantee |");
        line("|---|---:|---|---:|---:|---:|---:|---:|---:|");
        ratioLine(ApproximationOptions.FOREST, 2, "0..9, 2-level hierarchy", 10, true, trials, 3);
        ratioLine(ApproximationOptions.FOREST, 3, "0..9, 2-level hierarchy", 10, true, trials, 5);
        ratioLine(ApproximationOptions.FOREST, 4, "0..9, 2-level hierarchy", 10, true, trials, 7);
        ratioLine(ApproximationOptions.FOREST, 2, "binary, suppression", 2, false, trials, 3);
        ratioLine(ApproximationOptions.FOREST, 3, "binary, suppression", 2, false, trials, 5);
        ratioLine(ApproximationOptions.FACTOR2, 2, "binary, suppression", 2, false, trials, 1.5);
        ratioLine(ApproximationOptions.FACTOR2, 2, "ternary, suppression", 3, false, trials, 2);
        ratioLine(ApproximationOptions.FACTOR3, 3, "binary, suppression", 2, false, trials, 2);
        line("");
    }

    private void ratioLine(String algorithm, int k, String label, int alphabet, boolean hierarchy, int trials, double guarantee) {
        Random random = new Random(algorithm.hashCode() * 31L + k * 7L + alphabet);
        List<Double> ratios = new ArrayList<>();
        int optimal = 0;
        for (int t = 0; t < trials; t++) {
            int n = 8 + random.nextInt(5);
            int[][] rows = Vectors.random(random, n, 3 + random.nextInt(3), alphabet);
            Instance instance = hierarchy ? Vectors.hierarchy(rows) : Vectors.suppression(rows);
            double opt = ExactSolver.solve(instance, k).cost(instance);
            double cost = Approximation.run(instance, ApproximationOptions.of(algorithm, k)).clustering().cost(instance);
            if (opt > 0) {
                ratios.add(cost / opt);
                if (cost <= opt + 1e-9) {
                    optimal++;
                }
            }
        }
        ratios.sort(null);
        double mean = ratios.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
        line(String.format(Locale.ROOT, "| %s | %d | %s | %.3f | %.3f | %.3f | %.3f | %.0f %% | %s |", algorithm, k, label, mean,
                ratios.get(ratios.size() / 2), ratios.get((int) (ratios.size() * 0.9)), ratios.get(ratios.size() - 1),
                100.0 * optimal / ratios.size(), guarantee == Math.rint(guarantee) ? Integer.toString((int) guarantee) : Double.toString(guarantee)));
    }

    private record Timed<T>(T value, double seconds) {
    }

    private static <T> Timed<T> timed(Supplier<T> work) {
        long t0 = System.nanoTime();
        T v = work.get();
        return new Timed<>(v, (System.nanoTime() - t0) / 1e9);
    }

    private static String load() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
        } catch (Exception e) {
            return "n/a";
        }
    }

    private void line(String s) {
        out.append(s).append('\n');
        System.out.println(s);
        System.out.flush();
    }
}
