package org.kanon.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.kanon.cli.Kanon;

/**
 * Issue 2: wall times of the foundation on the 45,222-row Adult file, on Derby (on disk) and PostgreSQL.
 *
 * <p>Runs the {@code kanon} command line in-process (what a user runs, minus JVM start) and times each command
 * with {@link System#nanoTime()}: import (--replace), hierarchy import --dir (9 hierarchies), check at the most
 * specific node (k=2 and k=5), check at levels 1,..,1 (k=5), release as a view at a node that is 5-anonymous
 * within 1% suppression, read the release back fully over JDBC, export it to CSV, drop it. Also "open": a command
 * that only opens the database (connect + catalog migration) and closes it again (Derby: boot + shutdown), the
 * fixed cost inside every command above. Every command opens and closes its own database, as the CLI does; on
 * Derby that shuts the database down, so no compiled statement survives from one command to the next.
 *
 * <p>How to run (from the project folder; ../shared must hold the datasets, or set KANON_SHARED):
 * <pre>
 * psql -h 127.0.0.1 -U postgres -c 'CREATE DATABASE kanon_bench'
 * KANON_BENCH_PG_URL=jdbc:postgresql://127.0.0.1:5432/kanon_bench \
 *   mvn -B -ntp -o test-compile exec:java -Dexec.classpathScope=test -Dmain.class=org.kanon.bench.FoundationBenchmark \
 *   -Dexec.args="--warmup 1 --reps 5"
 * psql -h 127.0.0.1 -U postgres -c 'DROP DATABASE kanon_bench'
 * </pre>
 * Note {@code -Dmain.class}, not {@code -Dexec.mainClass}: the pom configures exec-maven-plugin with
 * {@code <mainClass>${main.class}</mainClass>}, which wins over the exec.mainClass user property, so
 * {@code -Dexec.mainClass=...} silently runs the kanon CLI instead. With {@code -o}, exec-maven-plugin 3.6.3 must
 * already be in ~/.m2 (run once without {@code -o} to fetch it).
 * <p>Or without Maven's JVM (test classes are compiled by {@code mvn -B -ntp -o -DskipTests package}; the fat jar
 * holds every dependency):
 * <pre>
 * KANON_BENCH_PG_URL=jdbc:postgresql://127.0.0.1:5432/kanon_bench \
 *   java -cp target/test-classes:target/kanon.jar org.kanon.bench.FoundationBenchmark --warmup 1 --reps 5
 * </pre>
 *
 * <p>Options: {@code --warmup N} (default 1), {@code --reps N} (default 5), {@code --only derby|postgres},
 * {@code --levels L1,..} (release node; default: the first 5-anonymous-within-1% node of a short candidate list),
 * {@code --no-analyze} (PostgreSQL: do not run ANALYZE after binding the hierarchies; see RESULTS.md: without
 * planner statistics the release takes minutes), {@code --no-release} (stop after the checks: on Derby the
 * release step alone takes many minutes, see RESULTS.md).
 * Environment: KANON_SHARED (default ../shared), KANON_BENCH_PG_URL (a scratch database: the benchmark creates
 * table bench_adult, its dimension tables and release bench_r there), KANON_BENCH_PG_USER (default postgres).
 */
public final class FoundationBenchmark {
    static final String QI = "age,sex,race,marital-status,education,native-country,workclass,occupation,salary-class";
    static final String TABLE = "bench_adult";
    static final String RELEASE = "bench_r";
    static final String ALL_ONE = "1,1,1,1,1,1,1,1,1";
    /** Tried in order with check --k 5 --suppression 1% until one holds; least general first. */
    static final List<String> RELEASE_CANDIDATES = List.of(
            "2,1,1,1,2,1,1,1,1", "3,1,1,1,2,1,1,1,1", "3,1,1,1,2,2,1,1,1", "4,1,1,1,2,2,1,1,1", "4,1,1,2,3,2,2,2,1");

    private static final Pattern CHECK_LINE = Pattern.compile("(\\d+) rows in (\\d+) classes, smallest class (\\d+)");
    private static final Pattern BELOW_LINE = Pattern.compile("classes below k=\\d+: (\\d+), holding (\\d+) rows");
    private static final Pattern RELEASED = Pattern.compile(
            "released \\S+ as \\S+ (\\S+): (\\d+) of (\\d+) rows, (\\d+) suppressed \\(\\S+\\), (\\d+) classes, smallest (\\d+)");

    record Target(String label, String url, String user, Path cleanup) { }

    /** Timings and notes of one step on one database. */
    static final class Step {
        final String name;
        final List<Double> seconds = new ArrayList<>();
        String note = "";

        Step(String name) {
            this.name = name;
        }
    }

    private final Path shared;
    private final int warmup;
    private final int reps;
    private final boolean analyze;
    private final boolean release;
    private String releaseLevels;

    private FoundationBenchmark(Path shared, int warmup, int reps, String releaseLevels, boolean analyze, boolean release) {
        this.shared = shared;
        this.release = release;
        this.analyze = analyze;
        this.warmup = warmup;
        this.reps = reps;
        this.releaseLevels = releaseLevels;
    }

    public static void main(String[] args) throws Exception {
        System.setProperty("derby.stream.error.field", "org.kanon.db.DerbyLog.DEV_NULL");
        int warmup = 1;
        int reps = 5;
        String only = null;
        String levels = null;
        boolean analyze = true;
        boolean release = true;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--warmup" -> warmup = Integer.parseInt(args[++i]);
                case "--reps" -> reps = Integer.parseInt(args[++i]);
                case "--only" -> only = args[++i].toLowerCase(Locale.ROOT);
                case "--levels" -> levels = args[++i];
                case "--no-analyze" -> analyze = false;
                case "--no-release" -> release = false;
                default -> fail("unknown argument " + args[i]
                        + " (expected --warmup N, --reps N, --only derby|postgres, --levels L1,.., --no-analyze, --no-release)");
            }
        }
        if (reps < 1 || warmup < 0) {
            fail("--reps must be at least 1 and --warmup at least 0");
        }
        Path shared = sharedFolder();
        FoundationBenchmark bench = new FoundationBenchmark(shared, warmup, reps, levels, analyze, release);

        List<Target> targets = new ArrayList<>();
        if (only == null || only.equals("derby")) {
            Path dir = Files.createTempDirectory("kanon-bench-derby");
            targets.add(new Target("Derby (embedded, on disk " + dir + ")",
                    "jdbc:derby:" + dir.resolve("db") + ";create=true", null, dir));
        }
        String pg = System.getenv("KANON_BENCH_PG_URL");
        if (only == null || only.equals("postgres")) {
            if (pg != null && !pg.isBlank()) {
                String user = System.getenv().getOrDefault("KANON_BENCH_PG_USER", "postgres");
                targets.add(new Target("PostgreSQL (" + pg + ")", pg, user, null));
            } else {
                System.out.println("PostgreSQL skipped: set KANON_BENCH_PG_URL (e.g. jdbc:postgresql://127.0.0.1:5432/kanon_bench)");
            }
        }
        if (targets.isEmpty()) {
            fail("nothing to run: --only postgres needs KANON_BENCH_PG_URL");
        }

        System.out.printf("kanon FoundationBenchmark, %s%n", LocalDateTime.now().format(DateTimeFormatter.ISO_LOCAL_DATE_TIME));
        System.out.printf("java %s, %d cores, max heap %d MB, load average at start %.2f%n", System.getProperty("java.version"),
                Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() >> 20, loadAverage());
        System.out.printf("data %s, hierarchies %s, qi %s%n", bench.data(), bench.hierarchies(), QI);
        System.out.printf("%d warm-up + %d measured repetitions per database; times in seconds%n%n", warmup, reps);
        try {
            for (Target t : targets) {
                bench.run(t);
            }
        } finally {
            for (Target t : targets) {
                if (t.cleanup() != null) {
                    deleteTree(t.cleanup());
                }
            }
        }
    }

    Path data() {
        return shared.resolve("datasets/adult-uci/adult-45222.csv");
    }

    Path hierarchies() {
        return shared.resolve("datasets/adult-arx");
    }

    private void run(Target t) {
        System.out.println("== " + t.label());
        Map<String, Step> steps = new LinkedHashMap<>();
        for (String s : List.of("open (connect+migrate+close)", "import (--replace)", "hierarchy import --dir (9)",
                "ANALYZE (PG; not kanon)", "check levels 0, k=2", "check levels 0, k=5", "check levels 1x9, k=5", "release view (k=5, 1%)",
                "read release back (JDBC)", "export release (CSV)", "release drop")) {
            steps.put(s, new Step(s));
        }
        Path csv;
        try {
            csv = Files.createTempFile("kanon-bench-release", ".csv");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        double loadBefore = loadAverage();
        try {
            for (int rep = 0; rep < warmup + reps; rep++) {
                boolean measured = rep >= warmup;
                long repStart = System.nanoTime();
                time(steps, "open (connect+migrate+close)", measured, () -> cli(t, "release", "list"));
                time(steps, "import (--replace)", measured,
                        () -> cli(t, "import", data().toString(), "--table", TABLE, "--replace"));
                time(steps, "hierarchy import --dir (9)", measured,
                        () -> cli(t, "hierarchy", "import", "--table", TABLE, "--dir", hierarchies().toString(), "--replace"));
                if (analyze && t.url().startsWith("jdbc:postgresql:")) {
                    time(steps, "ANALYZE (PG; not kanon)", measured, () -> analyze(t));
                    steps.get("ANALYZE (PG; not kanon)").note = "statistics for the planner (autovacuum is off here); see RESULTS.md";
                }
                checkStep(t, steps, "check levels 0, k=2", measured, "2", "0,0,0,0,0,0,0,0,0");
                checkStep(t, steps, "check levels 0, k=5", measured, "5", "0,0,0,0,0,0,0,0,0");
                checkStep(t, steps, "check levels 1x9, k=5", measured, "5", ALL_ONE);
                if (!release) {
                    System.out.printf("  %s %d done in %.1f s (load average %.2f; release steps skipped)%n",
                            measured ? "rep" : "warm-up", measured ? rep - warmup + 1 : rep + 1,
                            (System.nanoTime() - repStart) / 1e9, loadAverage());
                    continue;
                }
                if (releaseLevels == null) {
                    releaseLevels = findReleaseNode(t);
                }
                String out = time(steps, "release view (k=5, 1%)", measured, () -> cli(t, "release", "--table", TABLE,
                        "--qi", QI, "--k", "5", "--suppression", "1%", "--levels", releaseLevels, "--name", RELEASE, "--replace"));
                Matcher m = RELEASED.matcher(out);
                if (!m.find()) {
                    throw new IllegalStateException("unexpected release output: " + out);
                }
                String relation = m.group(1);
                steps.get("release view (k=5, 1%)").note = "levels " + releaseLevels + ": " + m.group(2) + " of " + m.group(3)
                        + " rows out, " + m.group(4) + " suppressed, " + m.group(5) + " classes, smallest " + m.group(6);
                long[] read = readBack(t, relation);
                if (measured) {
                    steps.get("read release back (JDBC)").seconds.add(read[1] / 1e9);
                }
                steps.get("read release back (JDBC)").note = read[0] + " rows, every column fetched (connect excluded)";
                String exported = time(steps, "export release (CSV)", measured,
                        () -> cli(t, "export", RELEASE, "--csv", csv.toString(), "--replace"));
                steps.get("export release (CSV)").note = exported.trim();
                time(steps, "release drop", measured, () -> cli(t, "release", "drop", RELEASE));
                System.out.printf("  %s %d done in %.1f s (load average %.2f)%n", measured ? "rep" : "warm-up",
                        measured ? rep - warmup + 1 : rep + 1, (System.nanoTime() - repStart) / 1e9, loadAverage());
            }
        } finally {
            try {
                Files.deleteIfExists(csv);
            } catch (IOException ignored) {
                // temp file
            }
        }
        print(t, steps.values(), loadBefore, loadAverage());
    }

    private void checkStep(Target t, Map<String, Step> steps, String name, boolean measured, String k, String levels) {
        String out = time(steps, name, measured, () -> cliAllowing(t, 1, "check", "--table", TABLE, "--qi", QI, "--k", k,
                "--levels", levels));
        Matcher c = CHECK_LINE.matcher(out);
        Matcher b = BELOW_LINE.matcher(out);
        if (!c.find() || !b.find()) {
            throw new IllegalStateException("unexpected check output: " + out);
        }
        steps.get(name).note = c.group(1) + " rows, " + c.group(2) + " classes, smallest " + c.group(3) + "; below k: "
                + b.group(1) + " classes, " + b.group(2) + " rows";
    }

    /** The first candidate node that is 5-anonymous within 1% suppression (not timed). */
    private String findReleaseNode(Target t) {
        for (String levels : RELEASE_CANDIDATES) {
            long start = System.nanoTime();
            String out = cliAllowing(t, 1, "check", "--table", TABLE, "--qi", QI, "--k", "5", "--suppression", "1%",
                    "--levels", levels);
            boolean ok = out.contains("5-anonymity: yes");
            System.out.printf("  release node search: levels %s %s (%.1f s)%n", levels, ok ? "is 5-anonymous within 1%" : "is not",
                    (System.nanoTime() - start) / 1e9);
            if (ok) {
                return levels;
            }
        }
        throw new IllegalStateException("none of " + RELEASE_CANDIDATES + " is 5-anonymous within 1%; give --levels");
    }

    private static String time(Map<String, Step> steps, String name, boolean measured, java.util.function.Supplier<String> action) {
        long start = System.nanoTime();
        String out = action.get();
        double s = (System.nanoTime() - start) / 1e9;
        if (measured) {
            steps.get(name).seconds.add(s);
        }
        return out;
    }

    private static String cli(Target t, String... args) {
        return cliAllowing(t, 0, args);
    }

    /** Runs {@code kanon --db URL [--user U] args..} in-process; exit codes other than 0 and {@code alsoOk} fail. */
    private static String cliAllowing(Target t, int alsoOk, String... args) {
        List<String> all = new ArrayList<>(List.of("--db", t.url()));
        if (t.user() != null) {
            all.add("--user");
            all.add(t.user());
        }
        all.addAll(Arrays.asList(args));
        var cl = Kanon.commandLine(new Kanon().withEnvironment(Map.of()));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(all.toArray(String[]::new));
        if (code != 0 && code != alsoOk) {
            throw new IllegalStateException("kanon " + String.join(" ", args) + " exited " + code + "\n" + out + err);
        }
        return out.toString();
    }

    /** PostgreSQL: planner statistics for the fact and dimension tables (kanon does not gather them itself). */
    private static String analyze(Target t) {
        try (Connection c = DriverManager.getConnection(t.url(), t.user(), null); Statement s = c.createStatement()) {
            s.execute("ANALYZE");
            return "";
        } catch (SQLException e) {
            throw new IllegalStateException("ANALYZE: " + e.getMessage(), e);
        }
    }

    /** Reads every row and column of the release: {rows, nanoseconds}; connecting is not timed. */
    private static long[] readBack(Target t, String relation) {
        String url = t.url().replace(";create=true", "");
        String quoted = Arrays.stream(relation.split("\\.")).map(p -> "\"" + p.replace("\"", "\"\"") + "\"")
                .reduce((a, b) -> a + "." + b).orElseThrow();
        try (Connection c = DriverManager.getConnection(url, t.user(), null)) {
            long start = System.nanoTime();
            long rows = 0;
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT * FROM " + quoted)) {
                int columns = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    for (int i = 1; i <= columns; i++) {
                        rs.getObject(i);
                    }
                    rows++;
                }
            }
            return new long[] {rows, System.nanoTime() - start};
        } catch (SQLException e) {
            throw new IllegalStateException("reading back " + relation + ": " + e.getMessage(), e);
        } finally {
            if (t.url().startsWith("jdbc:derby:")) {
                shutDownDerby(url);
            }
        }
    }

    private static void shutDownDerby(String url) {
        try (Connection ignored = DriverManager.getConnection(url + ";shutdown=true")) {
            // success is reported as SQLException 08006
        } catch (SQLException expected) {
            // 08006
        }
    }

    private void print(Target t, java.util.Collection<Step> steps, double loadBefore, double loadAfter) {
        System.out.println();
        System.out.printf("%s — %d measured runs (after %d warm-up), load average %.2f before / %.2f after%n", t.label(), reps,
                warmup, loadBefore, loadAfter);
        System.out.printf("| %-30s | %8s | %8s | %8s | %s%n", "step", "median s", "min s", "max s", "result");
        System.out.printf("|%s|%s|%s|%s|---%n", "-".repeat(32), "-".repeat(10), "-".repeat(10), "-".repeat(10));
        for (Step s : steps) {
            if (s.seconds.isEmpty()) {
                continue;
            }
            List<Double> sorted = s.seconds.stream().sorted(Comparator.naturalOrder()).toList();
            System.out.printf(Locale.ROOT, "| %-30s | %8.2f | %8.2f | %8.2f | %s%n", s.name, median(sorted), sorted.get(0),
                    sorted.get(sorted.size() - 1), s.note);
        }
        System.out.println();
    }

    static double median(List<Double> sorted) {
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    static double loadAverage() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    static Path sharedFolder() {
        String env = System.getenv("KANON_SHARED");
        Path shared = env != null && !env.isBlank() ? Path.of(env) : Path.of("..", "shared");
        Path data = shared.resolve("datasets/adult-uci/adult-45222.csv");
        Path dir = shared.resolve("datasets/adult-arx");
        if (!Files.isRegularFile(data) || !Files.isDirectory(dir)) {
            fail("datasets not found: expected " + data.toAbsolutePath().normalize() + " and "
                    + dir.toAbsolutePath().normalize() + "/; set KANON_SHARED to the folder that holds datasets/");
        }
        return shared.toAbsolutePath().normalize();
    }

    static void fail(String message) {
        System.err.println("FoundationBenchmark: " + message);
        System.exit(2);
    }

    static void deleteTree(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException ignored) {
                    // best effort
                }
            });
        } catch (IOException ignored) {
            // best effort
        }
    }
}
