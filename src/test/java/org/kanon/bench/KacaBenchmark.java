package org.kanon.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.function.Supplier;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.frequency.MemoryExecutor;
import org.kanon.frequency.StarSchema;
import org.kanon.global.SearchRequest;
import org.kanon.global.SearchResult;
import org.kanon.global.Searches;
import org.kanon.lattice.LevelVector;
import org.kanon.local.GroupLoader;
import org.kanon.local.GroupedTable;
import org.kanon.local.LocalClass;
import org.kanon.local.LocalRecoding;
import org.kanon.local.LocalRecodingUtility;
import org.kanon.local.kaca.Kaca;
import org.kanon.local.kaca.KacaOptions;
import org.kanon.local.mondrian.Mondrian;
import org.kanon.local.mondrian.MondrianRecoding;
import org.kanon.local.mondrian.PartitionMetrics;
import org.kanon.metrics.HierarchyWeights;
import org.kanon.metrics.UtilityMetrics;
import org.kanon.privacy.KAnonymity;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.schema.hierarchy.HierarchyCatalog;

/**
 * Not a test: issue 5's benchmark, the TKDE local-recoding paper's (Li, Wong, Fu, Pei 2008) section 8 on Adult
 * (45,222 rows, ARX's hierarchies), printed as Markdown tables.
 * <ul>
 *   <li>{@code fig4}: the paper's Figure 4, first 6 QIs of its Table 4, k = 2, 5, 10, 20, 50;</li>
 *   <li>{@code fig5}: its Figure 5, k = 10, QI size 3..8;</li>
 *   <li>{@code arx}: all 9 QIs in ARX's order, KACA1 and KACA2 at k = 2, 5, 10 against ARX's local recoding
 *       figures quoted in issue 5;</li>
 *   <li>{@code speed}: issue 5's speed target, KACA1 at k = 10 with the 8 QIs, in-process.</li>
 * </ul>
 * Algorithms: KACA1, KACA2 (maximum inconsistency 10 %) over several seeds (mean, standard deviation, range);
 * Incognito ({@code incognito-superroots} on the memory executor, no suppression), the k-anonymous full-domain node
 * of least distortion, chosen separately for each weight scheme; Mondrian (age as a range, the others by hierarchy).
 * KACA's distance uses height weights (beta = 1); {@code uniformSeeds=N} adds N runs with uniform weights;
 * every result is measured under both schemes. The groups are loaded once per QI set; a time is the algorithm alone
 * (wall and thread CPU), not the load nor the measuring.
 *
 * <p>Usage: {@code KacaBenchmark JDBC_URL [fig4] [fig5] [arx] [speed] [seeds=10] [seedsSlow=N] [slowSeconds=S]
 * [uniformSeeds=N] [out=FILE]}. {@code seedsSlow}: the seeds of a KACA configuration whose first run took over
 * {@code slowSeconds} (default: no cap).
 */
public final class KacaBenchmark {
    private static final List<String> PAPER_QI = List.of("age", "workclass", "education", "marital-status", "occupation",
            "race", "sex", "native-country");
    private static final List<String> ARX_QI = List.of("age", "sex", "race", "marital-status", "education",
            "native-country", "workclass", "occupation", "salary-class");
    private static final HierarchyWeights HEIGHT = HierarchyWeights.height(1);
    private static final HierarchyWeights UNIFORM = HierarchyWeights.uniform();
    private static final double MAX_INCONSISTENCY = 0.10;
    /** ARX's local recoding, as quoted in issue 5: k -> DM, CAVG, seconds. */
    private static final Map<Integer, double[]> ARX = Map.of(2, new double[] {263_790, 1.450, 2.1},
            5, new double[] {400_286, 1.384, 6.6}, 10, new double[] {688_028, 1.346, 11.1});

    private final Database db;
    private final SourceTable adult;
    private final int seeds;
    private final int seedsSlow;
    private final double slowSeconds;
    private final int uniformSeeds;
    private final StringBuilder out = new StringBuilder();
    private final Path outFile;
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();

    private KacaBenchmark(Database db, int seeds, int seedsSlow, double slowSeconds, int uniformSeeds, Path outFile) {
        this.db = db;
        this.adult = new TableResolver(db).resolve("adult");
        this.seeds = seeds;
        this.seedsSlow = seedsSlow;
        this.slowSeconds = slowSeconds;
        this.uniformSeeds = uniformSeeds;
        this.outFile = outFile;
    }

    public static void main(String[] args) throws Exception {
        String url = args.length > 0 ? args[0] : "jdbc:derby:/tmp/kbench-db";
        Set<String> parts = new LinkedHashSet<>();
        Map<String, String> opts = new HashMap<>();
        for (int i = 1; i < args.length; i++) {
            int eq = args[i].indexOf('=');
            if (eq > 0) {
                opts.put(args[i].substring(0, eq), args[i].substring(eq + 1));
            } else {
                parts.add(args[i]);
            }
        }
        if (parts.isEmpty()) {
            parts.addAll(List.of("fig4", "fig5", "arx", "speed"));
        }
        int seeds = Integer.parseInt(opts.getOrDefault("seeds", "10"));
        int seedsSlow = Integer.parseInt(opts.getOrDefault("seedsSlow", Integer.toString(seeds)));
        double slowSeconds = Double.parseDouble(opts.getOrDefault("slowSeconds", "1e9"));
        int uniformSeeds = Integer.parseInt(opts.getOrDefault("uniformSeeds", "0"));
        Path outFile = opts.containsKey("out") ? Path.of(opts.get("out")) : null;
        try (Database db = Database.open(new ConnectionSettings(url, null, System.getenv("KANON_DB_PASSWORD")))) {
            KacaBenchmark b = new KacaBenchmark(db, seeds, seedsSlow, slowSeconds, uniformSeeds, outFile);
            b.line("<!-- KacaBenchmark " + String.join(" ", args) + " -->");
            b.line("Run started " + java.time.ZonedDateTime.now().withNano(0) + "; load average " + load()
                    + "; seeds " + seeds + (seedsSlow != seeds ? " (" + seedsSlow + " for a KACA configuration whose first run took over "
                    + slowSeconds + " s)" : "") + "; JVM max heap " + Runtime.getRuntime().maxMemory() / (1 << 20) + " MB.");
            b.line("");
            b.warmUp();
            for (String part : parts) {
                switch (part) {
                    case "fig4" -> b.figure4();
                    case "fig5" -> b.figure5();
                    case "arx" -> b.arx();
                    case "speed" -> b.speed();
                    default -> throw new IllegalArgumentException("unknown part " + part);
                }
            }
            b.line("Run ended " + java.time.ZonedDateTime.now().withNano(0) + "; load average " + load() + ".");
            b.flush();
        }
    }

    // ---------------------------------------------------------------- parts

    private void figure4() {
        GroupedTable table = load(PAPER_QI.subList(0, 6));
        header("Figure 4: first 6 QIs (" + String.join(", ", PAPER_QI.subList(0, 6)) + "), k varies", table);
        List<Row> rows = new ArrayList<>();
        try (MemoryExecutor ex = executor(PAPER_QI.subList(0, 6))) {
            for (int k : new int[] {2, 5, 10, 20, 50}) {
                rows.addAll(compare(table, ex, PAPER_QI.subList(0, 6), k, "k=" + k));
                flush();
            }
        }
        summary("Figure 4 at a glance (KACA: mean over seeds; height-weight distortion)", rows);
    }

    private void figure5() {
        List<Row> rows = new ArrayList<>();
        line("## Figure 5: k = 10, QI size 3..8 (first n of " + String.join(", ", PAPER_QI) + ")");
        line("");
        for (int n = 3; n <= 8; n++) {
            List<String> qi = PAPER_QI.subList(0, n);
            GroupedTable table = load(qi);
            line("### QI size " + n + ": " + table.groupCount() + " groups, load average " + load());
            line("");
            try (MemoryExecutor ex = executor(qi)) {
                rows.addAll(compare(table, ex, qi, 10, "QI=" + n));
            }
            flush();
        }
        summary("Figure 5 at a glance (KACA: mean over seeds; height-weight distortion)", rows);
    }

    private void arx() {
        GroupedTable table = load(ARX_QI);
        header("ARX comparison: all 9 QIs (" + String.join(", ", ARX_QI) + "), k = 2, 5, 10", table);
        line("| k | algorithm | runs | DM | CAVG | time s median [min..max] | CPU s median | ARX DM | ARX CAVG | ARX s | DM <= ARX | CAVG <= ARX | faster |");
        line("|---|---|---:|---:|---:|---|---:|---:|---:|---:|---|---|---|");
        for (int k : new int[] {2, 5, 10}) {
            double[] arx = ARX.get(k);
            for (boolean two : new boolean[] {false, true}) {
                Stats s = kaca(table, k, two, HEIGHT, seeds);
                double dm = s.mean(Stats.DM);
                double cavg = s.mean(Stats.CAVG);
                double t = s.median(Stats.TIME);
                line(String.format(Locale.ROOT, "| %d | %s | %d | %s | %s | %.2f [%.2f..%.2f] | %.2f | %,.0f | %.3f | %.1f | %s | %s | %s |",
                        k, two ? "KACA2" : "KACA1", s.n(), s.fmt(Stats.DM, "%,.0f"), s.fmt(Stats.CAVG, "%.3f"), t,
                        s.min(Stats.TIME), s.max(Stats.TIME), s.median(Stats.CPU), arx[0], arx[1], arx[2],
                        verdict(s.max(Stats.DM) <= arx[0], dm <= arx[0]), verdict(s.max(Stats.CAVG) <= arx[1] + 5e-4, cavg <= arx[1] + 5e-4),
                        verdict(s.max(Stats.TIME) < arx[2], t < arx[2])));
                flush();
            }
            Timed<MondrianRecoding> m = mondrian(table, k);
            PartitionMetrics pm = PartitionMetrics.of(m.value.partitions(), k);
            line(String.format(Locale.ROOT, "| %d | Mondrian | 1 | %,d | %.3f | %.2f | %.2f | | | | | | |", k, pm.discernibility(), pm.cavg(), m.seconds, m.cpu));
        }
        line("");
        line("DM <= ARX etc.: \"all\" = every seed, \"mean\" = the mean only (not every seed), \"no\" = not even the mean."
                + " CAVG compared at ARX's 3 decimals.");
        line("");
        flush();
    }

    private void speed() {
        GroupedTable table = load(PAPER_QI);
        line("## Speed target: KACA1, k = 10, 8 QIs, in-process (" + table.groupCount() + " groups), load average " + load());
        line("");
        line("| seed | wall s | thread CPU s | classes | DM | load average after |");
        line("|---:|---:|---:|---:|---:|---|");
        int n = Math.max(seeds, 5);
        double[] wall = new double[n];
        for (int seed = 1; seed <= n; seed++) {
            KacaOptions o = KacaOptions.kaca1(10, HEIGHT, seedOf(seed - 1));
            Timed<Kaca.Outcome> t = timed(() -> Kaca.run(table, o, "adult"));
            wall[seed - 1] = t.seconds;
            UtilityMetrics m = LocalRecodingUtility.of(t.value.recoding(), 10);
            line(String.format(Locale.ROOT, "| %d | %.2f | %.2f | %,d | %,d | %s |", seed, t.seconds, t.cpu, m.classes(), m.discernibility(), load()));
        }
        Arrays.sort(wall);
        line("");
        line(String.format(Locale.ROOT, "Median wall %.2f s (min %.2f, max %.2f); target < 5 s: %s.", wall[n / 2], wall[0], wall[n - 1],
                wall[n / 2] < 5 ? "met" : "missed"));
        line("");
        flush();
    }

    // ---------------------------------------------------------------- one configuration

    /** A summary row: configuration, algorithm, figures (KACA means). */
    private record Row(String config, String algorithm, double distH, double distU, double dm, double cavg, double incons, double seconds) {
    }

    private List<Row> compare(GroupedTable table, MemoryExecutor ex, List<String> qi, int k, String config) {
        List<Row> rows = new ArrayList<>();
        line("#### " + config + " (load average " + load() + ")");
        line("");
        line("| algorithm | runs | distortion (height) | distortion (uniform) | DM | CAVG | inconsistency % | time s | smallest class |");
        line("|---|---:|---|---|---|---|---|---|---:|");
        List<HierarchyWeights> schemes = uniformSeeds > 0 ? List.of(HEIGHT, UNIFORM) : List.of(HEIGHT);
        for (HierarchyWeights w : schemes) {
            for (boolean two : new boolean[] {false, true}) {
                Stats s = kaca(table, k, two, w, w == HEIGHT ? seeds : uniformSeeds);
                String name = (two ? "KACA2" : "KACA1") + (uniformSeeds > 0 ? (w == HEIGHT ? ", height weights" : ", uniform weights") : "");
                line(String.format(Locale.ROOT, "| %s | %d | %s | %s | %s | %s | %s | %s | %d |", name, s.n(),
                        s.fmt(Stats.DIST_H, "%,.1f"), s.fmt(Stats.DIST_U, "%,.1f"), s.fmt(Stats.DM, "%,.0f"), s.fmt(Stats.CAVG, "%.3f"),
                        s.fmt(Stats.INCONS, "%.1f"), s.fmt(Stats.TIME, "%.2f"), (long) s.min(Stats.SMALLEST)));
                if (w == HEIGHT) {
                    rows.add(new Row(config, two ? "KACA2" : "KACA1", s.mean(Stats.DIST_H), s.mean(Stats.DIST_U), s.mean(Stats.DM),
                            s.mean(Stats.CAVG), s.mean(Stats.INCONS), s.mean(Stats.TIME)));
                }
            }
        }
        // Incognito: every k-anonymous full-domain node, the one of least distortion per scheme.
        Timed<SearchResult> search = timed(() -> Searches.byName("incognito-superroots").search(ex, new SearchRequest(k, 0)));
        for (HierarchyWeights w : List.of(HEIGHT, UNIFORM)) {
            Timed<Selected> sel = timed(() -> minimalDistortion(table, search.value.anonymous(), k, w));
            UtilityMetrics m = sel.value.metrics;
            double time = search.seconds + sel.seconds;
            line(String.format(Locale.ROOT, "| Incognito, least %s distortion %s | 1 of %d nodes | %,.1f | %,.1f | %,d | %.3f | %.1f | %.2f (search %.2f) | %d |",
                    w == HEIGHT ? "height" : "uniform", sel.value.node.toString(qi.stream().map(KacaBenchmark::initial).toList()),
                    search.value.anonymous().size(), dist(m, HEIGHT), dist(m, UNIFORM), m.discernibility(), m.cavg(),
                    100 * m.inconsistency().orElse(Double.NaN), time, search.seconds, m.smallestClass()));
            if (w == HEIGHT) {
                rows.add(new Row(config, "Incognito", dist(m, HEIGHT), dist(m, UNIFORM), m.discernibility(), m.cavg(),
                        100 * m.inconsistency().orElse(Double.NaN), time));
            }
        }
        Timed<MondrianRecoding> mt = mondrian(table, k);
        PartitionMetrics pm = PartitionMetrics.of(mt.value.partitions(), k);
        line(String.format(Locale.ROOT, "| Mondrian | 1 | n/d | n/d | %,d | %.3f | n/d | %.2f | %d |", pm.discernibility(), pm.cavg(), mt.seconds, pm.smallestClass()));
        rows.add(new Row(config, "Mondrian", Double.NaN, Double.NaN, pm.discernibility(), pm.cavg(), Double.NaN, mt.seconds));
        line("");
        return rows;
    }

    /** KACA over the seeds (fewer if the first run is slow); figures of each run. */
    private Stats kaca(GroupedTable table, int k, boolean two, HierarchyWeights w, int n) {
        Stats s = new Stats();
        for (int i = 0; i < n; i++) {
            long seed = seedOf(i);
            KacaOptions o = two ? KacaOptions.kaca2(k, w, seed, MAX_INCONSISTENCY) : KacaOptions.kaca1(k, w, seed);
            Timed<Kaca.Outcome> t = timed(() -> Kaca.run(table, o, "adult"));
            UtilityMetrics m = LocalRecodingUtility.of(t.value.recoding(), k);
            if (m.smallestClass() < k || m.rows() != table.rows()) {
                throw new IllegalStateException(o.algorithm() + " k=" + k + " seed " + seed + ": smallest class " + m.smallestClass()
                        + ", rows " + m.rows() + " of " + table.rows());
            }
            s.add(dist(m, HEIGHT), dist(m, UNIFORM), m.discernibility(), m.cavg(), 100 * m.inconsistency().orElse(Double.NaN),
                    t.seconds, t.cpu, m.smallestClass());
            if (i == 0 && t.seconds > slowSeconds) {
                n = Math.min(n, seedsSlow);
            }
        }
        return s;
    }

    private static long seedOf(int i) {
        return 1 + i;
    }

    private Timed<MondrianRecoding> mondrian(GroupedTable table, int k) {
        boolean[] numeric = Mondrian.numeric(table.qis().stream().map(q -> adult.column(q.name())).toList());
        return timed(() -> new Mondrian().run(table, numeric, new KAnonymity(k), "adult"));
    }

    // ---------------------------------------------------------------- Incognito's node

    record Selected(LevelVector node, UtilityMetrics metrics) {
    }

    /**
     * The node of least distortion: every node ranked by its distortion from levels alone (rows * sum of WHD to the
     * node's levels); the best few measured exactly by {@link LocalRecodingUtility} (which places a cell at the lowest
     * level holding its label), the least of those taken.
     */
    static Selected minimalDistortion(GroupedTable table, List<LevelVector> nodes, int k, HierarchyWeights w) {
        if (nodes.isEmpty()) {
            throw new IllegalStateException("no k-anonymous node");
        }
        int qis = table.qiCount();
        double[][] c = new double[qis][];
        for (int q = 0; q < qis; q++) {
            c[q] = w.cumulative(table.height(q));
        }
        List<LevelVector> ranked = new ArrayList<>(nodes);
        Map<LevelVector, Double> approx = new HashMap<>();
        for (LevelVector v : ranked) {
            double d = 0;
            for (int q = 0; q < qis; q++) {
                d += c[q][v.level(q)];
            }
            approx.put(v, d);
        }
        ranked.sort(Comparator.comparingDouble(approx::get));
        Selected best = null;
        double bestD = Double.POSITIVE_INFINITY;
        for (LevelVector v : ranked.subList(0, Math.min(8, ranked.size()))) {
            UtilityMetrics m = LocalRecodingUtility.of(globalRecoding(table, v), k);
            double d = m.distortion(w).orElseThrow();
            if (d < bestD - 1e-9) {
                bestD = d;
                best = new Selected(v, m);
            }
        }
        return best;
    }

    /** The full-domain recoding at a node as a local recoding: the groups grouped by their labels at the node. */
    static LocalRecoding globalRecoding(GroupedTable table, LevelVector node) {
        int qis = table.qiCount();
        int[] levels = node.toArray();
        Map<List<Integer>, List<Integer>> classes = new LinkedHashMap<>();
        for (int g = 0; g < table.groupCount(); g++) {
            Integer[] key = new Integer[qis];
            for (int q = 0; q < qis; q++) {
                key[q] = table.labelCode(q, g, levels[q]);
            }
            classes.computeIfAbsent(Arrays.asList(key), x -> new ArrayList<>()).add(g);
        }
        List<LocalClass> result = new ArrayList<>();
        for (List<Integer> groups : classes.values()) {
            int[] gs = groups.stream().mapToInt(Integer::intValue).toArray();
            long[] counts = new long[gs.length];
            for (int i = 0; i < gs.length; i++) {
                counts[i] = table.group(gs[i]).count();
            }
            result.add(LocalClass.of(levels, gs, counts));
        }
        return LocalRecoding.of(table, result);
    }

    // ---------------------------------------------------------------- helpers

    private void warmUp() {
        GroupedTable table = load(PAPER_QI.subList(0, 6));
        long t0 = System.nanoTime();
        for (int i = 0; i < 2; i++) {
            Kaca.run(table, KacaOptions.kaca1(10, HEIGHT, 100 + i), "adult");
            Kaca.run(table, KacaOptions.kaca2(10, HEIGHT, 100 + i, MAX_INCONSISTENCY), "adult");
            mondrian(table, 10);
        }
        line(String.format(Locale.ROOT, "Warm-up (KACA1, KACA2, Mondrian twice, 6 QIs, k = 10): %.1f s.", (System.nanoTime() - t0) / 1e9));
        line("");
    }

    private GroupedTable load(List<String> qi) {
        GroupedTable t = new GroupLoader(db).load(adult, adult.columns(qi), Optional.empty());
        for (int q = 0; q < qi.size(); q++) {
            if (t.qis().get(q).name().equalsIgnoreCase(qi.get(q)) == false) {
                throw new IllegalStateException("QI order " + t.qis() + " vs " + qi);
            }
        }
        return t;
    }

    private MemoryExecutor executor(List<String> qi) {
        MemoryExecutor ex = MemoryExecutor.load(db.dsl(), StarSchema.of(adult, qi, new HierarchyCatalog(db)));
        return ex;
    }

    private void header(String title, GroupedTable table) {
        line("## " + title);
        line("");
        line(table.rows() + " rows, " + table.groupCount() + " groups; hierarchy heights " + Arrays.toString(table.heights())
                + "; load average " + load() + ".");
        line("");
    }

    private void summary(String title, List<Row> rows) {
        line("### " + title);
        line("");
        line("| config | algorithm | distortion (height) | distortion (uniform) | DM | CAVG | inconsistency % | time s |");
        line("|---|---|---:|---:|---:|---:|---:|---:|");
        for (Row r : rows) {
            line(String.format(Locale.ROOT, "| %s | %s | %s | %s | %,.0f | %.3f | %s | %.2f |", r.config, r.algorithm,
                    Double.isNaN(r.distH) ? "n/d" : String.format(Locale.ROOT, "%,.1f", r.distH),
                    Double.isNaN(r.distU) ? "n/d" : String.format(Locale.ROOT, "%,.1f", r.distU), r.dm, r.cavg,
                    Double.isNaN(r.incons) ? "n/d" : String.format(Locale.ROOT, "%.1f", r.incons), r.seconds));
        }
        line("");
        flush();
    }

    private static String initial(String name) {
        String[] parts = name.split("-");
        StringBuilder b = new StringBuilder();
        for (String p : parts) {
            b.append(Character.toUpperCase(p.charAt(0)));
        }
        return b.toString();
    }

    private static double dist(UtilityMetrics m, HierarchyWeights w) {
        return m.distortion(w).orElse(Double.NaN);
    }

    private static String verdict(boolean all, boolean mean) {
        return all ? "all" : mean ? "mean" : "no";
    }

    private static String load() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (Exception e) {
            return "?";
        }
    }

    private void line(String s) {
        System.out.println(s);
        out.append(s).append('\n');
    }

    private void flush() {
        System.out.flush();
        if (outFile != null) {
            try {
                Files.writeString(outFile, out);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }

    private record Timed<T>(T value, double seconds, double cpu) {
    }

    private <T> Timed<T> timed(Supplier<T> work) {
        long c0 = threads.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        T v = work.get();
        return new Timed<>(v, (System.nanoTime() - t0) / 1e9, (threads.getCurrentThreadCpuTime() - c0) / 1e9);
    }

    /** Figures of several runs. */
    private static final class Stats {
        static final int DIST_H = 0, DIST_U = 1, DM = 2, CAVG = 3, INCONS = 4, TIME = 5, CPU = 6, SMALLEST = 7;
        private final List<double[]> runs = new ArrayList<>();

        void add(double... v) {
            runs.add(v);
        }

        int n() {
            return runs.size();
        }

        double mean(int i) {
            return runs.stream().mapToDouble(r -> r[i]).average().orElse(Double.NaN);
        }

        double sd(int i) {
            double m = mean(i);
            return runs.size() < 2 ? 0 : Math.sqrt(runs.stream().mapToDouble(r -> (r[i] - m) * (r[i] - m)).sum() / (runs.size() - 1));
        }

        double min(int i) {
            return runs.stream().mapToDouble(r -> r[i]).min().orElse(Double.NaN);
        }

        double max(int i) {
            return runs.stream().mapToDouble(r -> r[i]).max().orElse(Double.NaN);
        }

        double median(int i) {
            double[] v = runs.stream().mapToDouble(r -> r[i]).sorted().toArray();
            return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
        }

        /** mean ± sd [min..max]; just the value for one run. */
        String fmt(int i, String f) {
            if (runs.size() == 1) {
                return String.format(Locale.ROOT, f, mean(i));
            }
            return String.format(Locale.ROOT, f + " ± " + f + " [" + f + ".." + f + "]", mean(i), sd(i), min(i), max(i));
        }
    }
}
