package org.kanon.bench;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.kanon.InvalidInputException;
import org.kanon.cli.Kanon;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.demo.SyntheticCensus;
import org.kanon.evaluation.Accuracy;
import org.kanon.evaluation.AnatomyEstimator;
import org.kanon.evaluation.CountEstimator;
import org.kanon.evaluation.OriginalTable;
import org.kanon.evaluation.PermutationEstimator;
import org.kanon.evaluation.ReleaseEstimators;
import org.kanon.evaluation.TwoTableGroups;
import org.kanon.evaluation.Workload;
import org.kanon.evaluation.WorkloadSpec;
import org.kanon.ingest.CsvImporter;
import org.kanon.ingest.ImportOptions;
import org.kanon.permutation.PermutationAnonymizer;
import org.kanon.permutation.PermutationInput;
import org.kanon.permutation.Populating;
import org.kanon.release.ReleaseRegister;
import org.kanon.release.TwoTableReleaseWriter;
import org.kanon.schema.Column;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.schema.hierarchy.DimensionTableWriter;
import org.kanon.schema.hierarchy.HierarchyFolder;

/**
 * Not a test: issue 7's benchmark (permutation anonymization), printed as Markdown.
 * <ul>
 *   <li>{@code adult=URL}: Adult 45,222 rows. SAL-d refused (its infeasibility error); OCC-d (QI the first d of age,
 *       sex, education, marital-status, race, workclass, native-country; sensitive occupation): average (and median)
 *       relative error of count queries (section 4.2) on PA, on Anatomy on the same partition, on Anatomy on
 *       Algorithm 1's partition alone, and on Incognito's l-diverse full-domain release of least DM, against l (w = 4,
 *       s = 0.1, d = 3..7), w (d = 7, l = 5, s = 0.1) and s (d = 7, l = 5, w = 4). Adult and its ARX hierarchies are
 *       imported into the database if missing.</li>
 *   <li>{@code scale=URL[,URL]}: the Table-5 synthetic census at {@code sizes} rows, OCC-7 and SAL-7 with l = 10 (the
 *       paper's Figure 5): time to read the rows, to partition (Algorithms 2 and 1) and permute (median of 3), and to
 *       write PQT, PST and the partition record with the re-check; {@code cardinality} also measures the query error
 *       of PA and Anatomy at each size (the paper's Figure 4).</li>
 * </ul>
 * Usage: {@code PermutationBenchmark [adult=URL] [scale=URL,URL] [cardinality] [queries=1000] [sizes=100000,..] [out=FILE]}.
 * The estimates of PA and Anatomy are computed from the in-memory layout that {@link TwoTableReleaseWriter} would
 * write (the same rows; {@code kanon evaluate-queries} reads them back from the tables); the exact answers are SQL.
 */
public final class PermutationBenchmark {
    private static final List<String> ADULT_QI = List.of("age", "sex", "education", "marital-status", "race", "workclass", "native-country");
    private static final List<String> CENSUS_QI = List.of("age", "gender", "education", "marital", "race", "work-class", "country");
    private static final Path ADULT_CSV = Path.of("..", "shared", "datasets", "adult-uci", "adult-45222.csv");
    private static final Path ADULT_ARX = Path.of("..", "shared", "datasets", "adult-arx");
    private static final long SEED = 1;

    private final StringBuilder out = new StringBuilder();
    private final int queries;

    private PermutationBenchmark(int queries) {
        this.queries = queries;
    }

    public static void main(String[] args) throws Exception {
        List<String> a = Arrays.asList(args);
        int queries = Integer.parseInt(option(a, "queries").orElse("1000"));
        List<Integer> sizes = Arrays.stream(option(a, "sizes").orElse("100000,200000,300000,400000,500000").split(","))
                .map(Integer::parseInt).toList();
        PermutationBenchmark b = new PermutationBenchmark(queries);
        b.line("# Permutation anonymization (Li, He, Cao, Chen) — benchmark");
        b.line("");
        b.line(String.format(Locale.ROOT, "%s, %d cores, Java %s, load average at start %s; %d queries per workload.",
                java.time.LocalDateTime.now().withNano(0), Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"),
                load(), queries));
        b.line("");
        Optional<String> adult = option(a, "adult");
        if (adult.isPresent()) {
            b.adult(adult.get());
        }
        Optional<String> scale = option(a, "scale");
        if (scale.isPresent()) {
            for (String url : scale.get().split(",")) {
                b.scale(url, sizes, a.contains("cardinality"));
            }
        }
        b.line("");
        b.line("Load average at the end " + load() + ".");
        Optional<String> file = option(a, "out");
        if (file.isPresent()) {
            Files.writeString(Path.of(file.get()), b.out.toString());
        }
    }

    // ------------------------------------------------------------------ Adult

    private void adult(String url) {
        try (Database db = Database.open(new ConnectionSettings(url, user(url), System.getenv("KANON_DB_PASSWORD")))) {
            SourceTable table = adultTable(db);
            line("## Adult (" + db.dialect().family() + ")");
            line("");
            salRefused(db);
            // one release of each kind per (d, l), shared by the workloads below
            Map<String, CountEstimator> releases = new LinkedHashMap<>();
            List<Integer> ds = List.of(3, 4, 5, 6, 7);
            List<Integer> ls = List.of(2, 3, 4, 5, 6, 7);
            line("### OCC-d: average relative error against l (w = 4, s = 0.1)");
            line("");
            line("Cells: mean / median relative error over " + queries + " queries (seed " + SEED + "); `Anatomy` uses PA's partition, "
                    + "`Anatomy A1` Algorithm 1 alone (`--no-preprocess`), `Incognito` the l-diverse (frequency form, k = l) full-domain "
                    + "generalization of least DM with ARX's hierarchies (`--select dm`).");
            line("");
            line("| d | l | PA | Anatomy | Anatomy A1 | Incognito (node) | redrawn |");
            line("|---|---|---|---|---|---|---|");
            for (int d : ds) {
                OriginalTable original = OriginalTable.load(db, table, ADULT_QI.subList(0, d), "occupation");
                Workload w = Workload.generate(original, new WorkloadSpec(queries, 4, 0.1, SEED));
                for (int l : ls) {
                    Map<String, CountEstimator> e = estimators(db, url, table, original, d, l);
                    releases.putAll(prefixed(d, l, e));
                    line(String.format(Locale.ROOT, "| %d | %d | %s | %s | %s | %s | %d |", d, l, cell(w, e.get("pa")), cell(w, e.get("anatomy")),
                            cell(w, e.get("anatomyA1")), cell(w, e.get("incognito")) + " " + lastNode, w.redrawn()));
                    flush();
                }
            }
            line("");
            OriginalTable seven = OriginalTable.load(db, table, ADULT_QI, "occupation");
            line("### OCC-7, l = 5: against the query dimensionality w (s = 0.1)");
            line("");
            line("| w | PA | Anatomy | Anatomy A1 | Incognito | redrawn |");
            line("|---|---|---|---|---|---|");
            for (int wd = 4; wd <= 8; wd++) {
                Workload w = Workload.generate(seven, new WorkloadSpec(queries, wd, 0.1, SEED));
                line(String.format(Locale.ROOT, "| %d | %s | %s | %s | %s | %d |", wd, cell(w, releases.get("7/5/pa")), cell(w, releases.get("7/5/anatomy")),
                        cell(w, releases.get("7/5/anatomyA1")), cell(w, releases.get("7/5/incognito")), w.redrawn()));
                flush();
            }
            line("");
            line("### OCC-7, l = 5: against the volume s (w = 4)");
            line("");
            line("| s | PA | Anatomy | Anatomy A1 | Incognito | redrawn |");
            line("|---|---|---|---|---|---|");
            for (double s : new double[] {0.10, 0.15, 0.20, 0.25, 0.30}) {
                Workload w = Workload.generate(seven, new WorkloadSpec(queries, 4, s, SEED));
                line(String.format(Locale.ROOT, "| %.2f | %s | %s | %s | %s | %d |", s, cell(w, releases.get("7/5/pa")), cell(w, releases.get("7/5/anatomy")),
                        cell(w, releases.get("7/5/anatomyA1")), cell(w, releases.get("7/5/incognito")), w.redrawn()));
                flush();
            }
            line("");
        }
    }

    private String lastNode = "";

    /** PA, Anatomy (same partition), Anatomy on Algorithm 1's partition and Incognito's release for OCC-d at l. */
    private Map<String, CountEstimator> estimators(Database db, String url, SourceTable table, OriginalTable original, int d, int l) {
        Map<String, CountEstimator> e = new LinkedHashMap<>();
        List<String> qi = ADULT_QI.subList(0, d);
        PermutationAnonymizer pa = new PermutationAnonymizer();
        PermutationAnonymizer.Result r = pa.anonymize(db, table, table.columns(qi), table.column("occupation"), options("permutation", l, true));
        e.put("pa", new PermutationEstimator(groups(r.input(), r.layout())));
        PermutationAnonymizer.Result an = PermutationAnonymizer.run(r.input(), options("anatomy", l, true), 0);
        e.put("anatomy", new AnatomyEstimator(groups(an.input(), an.layout())));
        PermutationAnonymizer.Result a1 = PermutationAnonymizer.run(r.input(), options("anatomy", l, false), 0);
        e.put("anatomyA1", new AnatomyEstimator(groups(a1.input(), a1.layout())));
        String name = "bench_inc_" + d + "_" + l;
        String printed = cli(url, "anonymize", "--table", table.name(), "--qi", String.join(",", qi), "--k", Integer.toString(l), "--l",
                Integer.toString(l), "--sensitive", "occupation", "--select", "dm", "--name", name, "--replace");
        lastNode = printed.lines().filter(s -> s.startsWith("selected")).map(s -> "`" + s.replaceAll("^selected (<[^>]*>).*$", "$1") + "`")
                .findFirst().orElse("");
        e.put("incognito", new ReleaseEstimators(db).open(new ReleaseRegister(db).require(name), original));
        return e;
    }

    private static Map<String, CountEstimator> prefixed(int d, int l, Map<String, CountEstimator> e) {
        Map<String, CountEstimator> m = new LinkedHashMap<>();
        e.forEach((k, v) -> m.put(d + "/" + l + "/" + k, v));
        return m;
    }

    private void salRefused(Database db) {
        line("### SAL-d is refused");
        line("");
        line("`<=50K` holds 75 % of Adult's rows, so no l >= 2 is feasible; the engine says so before any work (d = 3..7, l = 2):");
        line("");
        line("```");
        for (int d = 3; d <= 7; d++) {
            try {
                SourceTable adult = new TableResolver(db).resolve("adult");
                new PermutationAnonymizer().anonymize(db, adult, adult.columns(ADULT_QI.subList(0, d)), adult.column("salary-class"),
                        options("permutation", 2, true));
                line("SAL-" + d + ": NOT REFUSED");
            } catch (InvalidInputException e) {
                line("SAL-" + d + ": kanon: " + e.getMessage());
            }
        }
        line("```");
        line("");
    }

    private SourceTable adultTable(Database db) {
        Optional<SourceTable> t = new TableResolver(db).find("adult");
        if (t.isEmpty()) {
            new CsvImporter(db).importCsv(ADULT_CSV, "adult", new ImportOptions(null, false));
            SourceTable table = new TableResolver(db).resolve("adult");
            new DimensionTableWriter(db).bindAll(table, HierarchyFolder.read(table, ADULT_ARX).hierarchies());
        }
        return new TableResolver(db).resolve("adult");
    }

    // ------------------------------------------------------------------ scale

    private void scale(String url, List<Integer> sizes, boolean accuracy) throws Exception {
        try (Database db = Database.open(new ConnectionSettings(url, user(url), System.getenv("KANON_DB_PASSWORD")))) {
            line("## Synthetic census (Table 5 schema), " + db.dialect().family() + ": time to produce PQT/PST, l = 10");
            line("");
            line("`read`: PermutationInput.load (one GROUP BY, expanded in memory); `partition`: Algorithm 2 then Algorithm 1; "
                    + "`permute`: the d + 1 permutations per group (SplittableRandom from --seed; SecureRandom without it); "
                    + "median of 3 runs on the rows read. `write`: TwoTableReleaseWriter, one transaction: PQT, PST, the partition "
                    + "record, ANALYZE on PostgreSQL, the re-check SQL, the register row.");
            line("");
            line("| rows | table | import s | read ms | partition ms | permute ms | partition + permute ms | groups | write ms |"
                    + (accuracy ? " PA error | Anatomy error | Anatomy A1 error |" : ""));
            line("|---|---|---|---|---|---|---|---|---|" + (accuracy ? "---|---|---|" : ""));
            Path dir = Files.createTempDirectory("perm-bench");
            for (int n : sizes) {
                Path csv = dir.resolve("census5-" + n + ".csv");
                SyntheticCensus.load(SyntheticCensus.TABLE5).writeCsv(csv, n, 20150804L);
                long t0 = System.nanoTime();
                new CsvImporter(db).importCsv(csv, "census5", new ImportOptions(null, true));
                double importS = (System.nanoTime() - t0) / 1e9;
                Files.delete(csv);
                SourceTable table = new TableResolver(db).resolve("census5");
                for (String sensitive : List.of("occupation", "salary-class")) {
                    String label = (sensitive.equals("occupation") ? "OCC-7" : "SAL-7");
                    PermutationAnonymizer.Options o = options("permutation", 10, true);
                    PermutationAnonymizer.Result first = new PermutationAnonymizer().anonymize(db, table, table.columns(CENSUS_QI), table.column(sensitive), o);
                    long[] partition = new long[3];
                    long[] permute = new long[3];
                    long[] both = new long[3];
                    PermutationAnonymizer.Result r = first;
                    for (int i = 0; i < 3; i++) {
                        r = i == 0 ? first : PermutationAnonymizer.run(first.input(), o, 0);
                        partition[i] = r.partitionMs();
                        permute[i] = r.populateMs();
                        both[i] = r.partitionMs() + r.populateMs();
                    }
                    long w0 = System.nanoTime();
                    new TwoTableReleaseWriter(db).write(new TwoTableReleaseWriter.Request("bench_" + label.replace("-", ""), r.input(), r.layout(), 10,
                            false, true, "permutation"));
                    long writeMs = (System.nanoTime() - w0) / 1_000_000;
                    String errors = "";
                    if (accuracy) {
                        OriginalTable original = OriginalTable.load(db, table, CENSUS_QI, sensitive);
                        Workload w = Workload.generate(original, new WorkloadSpec(queries, 4, 0.1, SEED));
                        PermutationAnonymizer.Result an = PermutationAnonymizer.run(r.input(), options("anatomy", 10, true), 0);
                        PermutationAnonymizer.Result a1 = PermutationAnonymizer.run(r.input(), options("anatomy", 10, false), 0);
                        errors = String.format(Locale.ROOT, " %s | %s | %s |", cell(w, new PermutationEstimator(groups(r.input(), r.layout()))),
                                cell(w, new AnatomyEstimator(groups(an.input(), an.layout()))), cell(w, new AnatomyEstimator(groups(a1.input(), a1.layout()))));
                    }
                    line(String.format(Locale.ROOT, "| %,d | %s | %s | %d | %d | %d | **%d** | %,d | %d |%s", n, label, Double.isNaN(importS) ? "" : String.format(Locale.ROOT, "%.1f", importS), first.loadMs(),
                            median(partition), median(permute), median(both), r.groups().size(), writeMs, errors));
                    importS = Double.NaN;
                    flush();
                }
            }
            Files.deleteIfExists(dir);
            line("");
        }
    }

    // ------------------------------------------------------------------ helpers

    private static PermutationAnonymizer.Options options(String algorithm, int l, boolean preprocess) {
        return new PermutationAnonymizer.Options(algorithm, l, preprocess, OptionalLong.of(SEED));
    }

    /** The release's two tables as {@link TwoTableReleaseWriter} writes them, without the round trip through the database. */
    static TwoTableGroups groups(PermutationInput in, Populating.Layout layout) {
        int d = in.qis().size();
        TwoTableGroups.Builder b = new TwoTableGroups.Builder(in.qis().stream().map(Column::isNumeric).toList());
        for (int j = 0; j < layout.groups().size(); j++) {
            int[][] by = layout.members()[j];
            for (int row = 0; row < layout.groups().get(j).length; row++) {
                Object[] qi = new Object[d];
                for (int i = 0; i < d; i++) {
                    qi[i] = in.qiValues().get(i).get(by[i][row]);
                }
                b.qiRow(j + 1, qi);
                b.sensitive(j + 1, in.sensitiveText().get(by[d][row]), 1);
            }
        }
        return b.build();
    }

    private static String cell(Workload w, CountEstimator e) {
        Accuracy a = Accuracy.of(w, e);
        return String.format(Locale.ROOT, "%.3f / %.3f", a.mean(), a.median());
    }

    /** Runs the kanon command line in-process; its output, or the failure. */
    private static String cli(String url, String... args) {
        List<String> all = new ArrayList<>(List.of("--db", url));
        if (user(url) != null) {
            all.addAll(List.of("--user", user(url)));
        }
        all.addAll(List.of(args));
        StringWriter o = new StringWriter();
        StringWriter err = new StringWriter();
        var cl = Kanon.commandLine(new Kanon());
        cl.setOut(new PrintWriter(o, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(all.toArray(String[]::new));
        if (code != 0) {
            throw new IllegalStateException("kanon " + String.join(" ", args) + ": exit " + code + "\n" + err);
        }
        return o.toString();
    }

    private static String user(String url) {
        return url.startsWith("jdbc:postgresql:") ? Optional.ofNullable(System.getenv("KANON_DB_USER")).orElse("postgres") : null;
    }

    private static long median(long[] v) {
        long[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }

    private static Optional<String> option(List<String> args, String name) {
        return args.stream().filter(s -> s.startsWith(name + "=")).map(s -> s.substring(name.length() + 1)).findFirst();
    }

    private static String load() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim().replaceAll("^(\\S+ \\S+ \\S+).*$", "$1");
        } catch (Exception e) {
            return "?";
        }
    }

    private void line(String s) {
        out.append(s).append('\n');
        System.out.println(s);
    }

    private void flush() {
        System.out.flush();
    }
}
