package org.kanon.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.kanon.db.dialect.DerbyProfile;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.demo.SyntheticCensus;
import org.kanon.frequency.FrequencyExecutor;
import org.kanon.frequency.MemoryExecutor;
import org.kanon.frequency.SqlExecutor;
import org.kanon.frequency.StarSchema;
import org.kanon.global.SearchRequest;
import org.kanon.global.SearchResult;
import org.kanon.global.Searches;
import org.kanon.ingest.CsvImporter;
import org.kanon.ingest.ImportOptions;
import org.kanon.lattice.LevelVector;
import org.kanon.metrics.NodeSelector;
import org.kanon.metrics.SelectionCriterion;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.schema.hierarchy.DimensionTableWriter;
import org.kanon.schema.hierarchy.HierarchyCatalog;
import org.kanon.schema.hierarchy.HierarchyFolder;
import org.postgresql.copy.CopyManager;
import org.postgresql.core.BaseConnection;

/**
 * Reproduces section 4 of the Incognito paper (LeFevre, DeWitt, Ramakrishnan, SIGMOD 2005) on kanon, as asked by
 * issue 3: every search variant on both executors, Adult (45,222 rows) with ARX's hierarchies, QI order of the
 * paper's Figure 9. A {@code main}, not a JUnit test: each argument selects a part, each part prints a Markdown table.
 *
 * <h2>Running</h2>
 * Run from the checkout, with {@code ../shared/datasets/{adult-uci,adult-arx}} beside it (or {@code KANON_SHARED}
 * naming the shared folder). PostgreSQL parts need {@code KANON_BENCH_PG_URL}, e.g.
 * {@code jdbc:postgresql://127.0.0.1:5432/kanon_bench3} (user {@code KANON_BENCH_PG_USER}, default postgres, no
 * password); create the database once with {@code psql -h 127.0.0.1 -U postgres -c 'CREATE DATABASE kanon_bench3'}.
 * Derby is an on-disk database in a fresh temp folder, deleted on exit.
 * <pre>
 * mvn -B -ntp -DskipTests package          # target/kanon.jar, shaded: the whole runtime classpath
 * export KANON_BENCH_PG_URL=jdbc:postgresql://127.0.0.1:5432/kanon_bench3
 * # the pom sets exec's mainClass to ${main.class}, so pass -Dmain.class (-Dexec.mainClass would run the CLI)
 * mvn -B -ntp -o test-compile exec:java -Dexec.classpathScope=test \
 *     -Dmain.class=org.kanon.bench.IncognitoBenchmark -Dexec.args="memory nodes"
 *
 * # plain java, needed for the heap cap of the scale part (the shaded jar replaces dependency:build-classpath,
 * # which is not available offline):
 * mvn -B -ntp -o -q test-compile
 * java -Xmx512m -cp target/kanon.jar:target/test-classes org.kanon.bench.IncognitoBenchmark cap=900 scale 1000000
 * # src/test/bench/incognito-bench.sh [fast|sql|scale N|all] runs the parts in sequence into target/bench3/
 * </pre>
 *
 * <h2>Parts</h2>
 * <ul>
 * <li>{@code memory}: memory executor, Adult 45,222, QI size 3..9, k = 2 and 10, every search; load time (one
 *     GROUP BY + dictionary encoding) apart from search time; median of 5 after 1 warm-up, [min-max].</li>
 * <li>{@code nodes}: nodes checked at k = 2, QI 3..9, beside the paper's Figure 11 numbers.</li>
 * <li>{@code vs-k}: memory executor, 9 QIs, k = 2, 5, 10, 25, 50.</li>
 * <li>{@code arx}: ARX's Adult (30,162 rows), 8 QIs in ARX's order, k = 5, no suppression.</li>
 * <li>{@code dm}: 9 QIs, k = 2, no suppression: incognito then {@link NodeSelector} with DM; expected 43,350,314.</li>
 * <li>{@code dm-sql}: the same on the sql executor (PostgreSQL) with incognito-superroots, capped.</li>
 * <li>{@code targets}: issue 3's memory-executor targets, timed as search + height selection.</li>
 * <li>{@code sql-derby}, {@code sql-postgres}: sql executor, one run per case with a per-run cap (cancelled past
 *     it; larger QI sizes of that search are then skipped).</li>
 * <li>{@code scale N}: synthetic census of N rows (8 QIs) bulk-loaded into PostgreSQL with COPY, then
 *     incognito-superroots on the sql executor; run it in a JVM started with {@code -Xmx512m}.</li>
 * </ul>
 * Options, anywhere among the parts, apply to the parts after them: {@code qi=3..9}, {@code k=2,10},
 * {@code algs=incognito,incognito-superroots}, {@code cap=120} (seconds per sql run), {@code reps=5}.
 */
public final class IncognitoBenchmark {
    static final List<String> QI9 = List.of("age", "sex", "race", "marital-status", "education", "native-country",
            "workclass", "occupation", "salary-class");
    static final List<String> ARX8 = List.of("sex", "age", "race", "marital-status", "education", "native-country",
            "workclass", "occupation");
    static final List<String> CENSUS8 = List.of("age", "sex", "race", "marital-status", "education", "occupation",
            "zipcode", "salary-class");
    static final List<String> ALL = Searches.names();
    static final List<String> COMPLETE = List.of("incognito", "incognito-superroots", "incognito-cube", "bottomup",
            "bottomup-rollup");
    /** Figure 11 of the paper: nodes searched at k = 2 for QI size 3..9. */
    static final long[] PAPER_BOTTOMUP = {14, 47, 206, 680, 2088, 6366, 12818};
    static final long[] PAPER_INCOGNITO = {14, 35, 103, 246, 664, 1778, 4307};
    static final long EXPECTED_DM = 43_350_314L;
    /** A memory run whose warm-up takes longer than this is reported as that single run. */
    static final long SLOW_MS = 4_000;

    private final Map<String, Database> dbs = new LinkedHashMap<>();
    private Path derbyDir;
    private int qiFrom = 3;
    private int qiTo = 9;
    private int[] ks = null;
    private List<String> algs = null;
    private long capSeconds = 120;
    private int reps = 5;

    public static void main(String[] args) throws Exception {
        IncognitoBenchmark b = new IncognitoBenchmark();
        try {
            b.run(args.length == 0 ? new String[] {"memory", "nodes"} : args);
        } finally {
            b.close();
        }
        System.exit(0);
    }

    private void run(String[] args) throws Exception {
        System.out.println("# kanon IncognitoBenchmark " + ZonedDateTime.now() + "\n");
        System.out.println("- java " + System.getProperty("java.version") + ", max heap "
                + Runtime.getRuntime().maxMemory() / (1 << 20) + " MB, " + Runtime.getRuntime().availableProcessors()
                + " cpus, load " + load() + ", args: " + String.join(" ", args) + "\n");
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.contains("=")) {
                option(a);
                continue;
            }
            long start = System.nanoTime();
            System.out.println("## " + a + (a.equals("scale") ? " " + args[i + 1] : "") + "  (load before: " + load() + ")\n");
            switch (a) {
                case "memory" -> memory();
                case "nodes" -> nodes();
                case "vs-k" -> versusK();
                case "arx" -> arx();
                case "dm" -> dm();
                case "dm-sql" -> dmSql();
                case "targets" -> targets();
                case "sql-derby" -> sql("derby");
                case "sql-postgres" -> sql("postgres");
                case "scale" -> scale(Integer.parseInt(args[++i].replace("_", "")));
                default -> throw new IllegalArgumentException("unknown part " + a);
            }
            System.out.printf(Locale.ROOT, "%n_part %s took %.1f s; load after: %s_%n%n", a,
                    (System.nanoTime() - start) / 1e9, load());
            System.out.flush();
        }
    }

    private void option(String a) {
        String key = a.substring(0, a.indexOf('='));
        String value = a.substring(a.indexOf('=') + 1);
        switch (key) {
            case "qi" -> {
                String[] r = value.split("\\.\\.");
                qiFrom = Integer.parseInt(r[0]);
                qiTo = Integer.parseInt(r.length > 1 ? r[1] : r[0]);
            }
            case "k" -> ks = Arrays.stream(value.split(",")).mapToInt(Integer::parseInt).toArray();
            case "algs" -> algs = List.of(value.split(","));
            case "cap" -> capSeconds = Long.parseLong(value);
            case "reps" -> reps = Integer.parseInt(value);
            default -> throw new IllegalArgumentException("unknown option " + a);
        }
    }

    // ------------------------------------------------------------------------------------------------ parts

    /** Memory executor: every search, QI size 3..9, k = 2 and 10. */
    private void memory() {
        List<String> names = algs == null ? ALL : algs;
        int[] kk = ks == null ? new int[] {2, 10} : ks;
        Database derby = db("derby");
        SourceTable adult = adult(derby);
        loadTimes(adult);
        StringBuilder head = new StringBuilder("| QIs | k |");
        for (String n : names) {
            head.append(' ').append(n).append(" |");
        }
        System.out.println("Search time in ms, memory executor (loaded from Derby), median of " + reps
                + " after 1 warm-up [min-max]; `1x` = a single run after the warm-up (warm-up over " + SLOW_MS / 1000 + " s; over " + 4 * SLOW_MS / 1000 + " s the cold warm-up itself). "
                + "Nodes checked in parentheses.\n");
        System.out.println(head);
        System.out.println("|---|---|" + "---|".repeat(names.size()));
        Map<String, Integer> tooSlow = new LinkedHashMap<>();
        for (int q = qiFrom; q <= qiTo; q++) {
            StarSchema schema = schema(derby, adult, QI9.subList(0, q));
            try (MemoryExecutor ex = MemoryExecutor.load(derby.dsl(), schema)) {
                for (int k : kk) {
                    StringBuilder row = new StringBuilder("| " + q + " | " + k + " |");
                    for (String n : names) {
                        if (tooSlow.containsKey(n)) {
                            row.append(" skipped |");
                            continue;
                        }
                        Timing t = time(() -> Searches.byName(n).search(ex, new SearchRequest(k, 0)));
                        row.append(' ').append(t.cell()).append(" (").append(t.result.nodesChecked()).append(") |");
                        if (t.medianMs > capSeconds * 1000) {
                            tooSlow.put(n, q);
                        }
                    }
                    System.out.println(row);
                    System.out.flush();
                }
            }
        }
        if (!tooSlow.isEmpty()) {
            System.out.println("\nSkipped after a run over " + capSeconds + " s: " + tooSlow);
        }
    }

    /** Memory executor load time (COUNT + NULL check, zero-level GROUP BY, dimension tables) per database. */
    private void loadTimes(SourceTable derbyAdult) {
        List<String> kinds = new ArrayList<>(List.of("derby"));
        if (pgUrl() != null) {
            kinds.add("postgres");
        }
        System.out.println("Memory executor load time in ms (integrity check + zero-level GROUP BY + dictionary "
                + "encoding of the dimension tables), median of 3 after 1 warm-up [min-max].\n");
        System.out.println("| QIs |" + String.join(" |", kinds) + " |");
        System.out.println("|---|" + "---|".repeat(kinds.size()));
        for (int q = qiFrom; q <= qiTo; q++) {
            StringBuilder row = new StringBuilder("| " + q + " |");
            for (String kind : kinds) {
                Database d = db(kind);
                SourceTable t = kind.equals("derby") ? derbyAdult : adult(d);
                StarSchema schema = schema(d, t, QI9.subList(0, q));
                List<Double> ms = new ArrayList<>();
                for (int i = 0; i < 4; i++) {
                    long s = System.nanoTime();
                    MemoryExecutor.load(d.dsl(), schema).close();
                    if (i > 0) {
                        ms.add((System.nanoTime() - s) / 1e6);
                    }
                }
                row.append(' ').append(Timing.of(ms, null).cell()).append(" |");
            }
            System.out.println(row);
        }
        System.out.println();
    }

    /** Nodes checked at k = 2 beside Figure 11. */
    private void nodes() {
        Database derby = db("derby");
        SourceTable adult = adult(derby);
        System.out.println("Nodes checked at k = 2, no suppression, memory executor (the count does not depend on the "
                + "executor). Gap = (kanon - paper) / paper.\n");
        System.out.println("| QIs | lattice | bottomup | paper BU | gap | incognito | paper Inc | gap | superroots | cube | "
                + "bottomup-rollup | samarati | anonymous nodes | minimal height |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
        for (int q = 3; q <= 9; q++) {
            StarSchema schema = schema(derby, adult, QI9.subList(0, q));
            try (MemoryExecutor ex = MemoryExecutor.load(derby.dsl(), schema)) {
                SearchRequest r = new SearchRequest(2, 0);
                long lattice = Arrays.stream(ex.heights()).mapToLong(h -> h + 1L).reduce(1, (x, y) -> x * y);
                SearchResult bu = Searches.byName("bottomup").search(ex, r);
                SearchResult inc = Searches.byName("incognito").search(ex, r);
                SearchResult sr = Searches.byName("incognito-superroots").search(ex, r);
                SearchResult cube = Searches.byName("incognito-cube").search(ex, r);
                SearchResult bur = Searches.byName("bottomup-rollup").search(ex, r);
                SearchResult sam = Searches.byName("samarati").search(ex, r);
                int minHeight = inc.anonymous().stream().mapToInt(LevelVector::height).min().orElse(-1);
                System.out.printf(Locale.ROOT, "| %d | %d | %d | %d | %s | %d | %d | %s | %d | %d | %d | %d | %d | %d |%n",
                        q, lattice, bu.nodesChecked(), PAPER_BOTTOMUP[q - 3], gap(bu.nodesChecked(), PAPER_BOTTOMUP[q - 3]),
                        inc.nodesChecked(), PAPER_INCOGNITO[q - 3], gap(inc.nodesChecked(), PAPER_INCOGNITO[q - 3]),
                        sr.nodesChecked(), cube.nodesChecked(), bur.nodesChecked(), sam.nodesChecked(),
                        inc.anonymous().size(), minHeight);
            }
        }
    }

    /** Memory executor, 9 QIs, k = 2, 5, 10, 25, 50. */
    private void versusK() {
        List<String> names = algs == null ? List.of("incognito", "incognito-superroots", "incognito-cube", "samarati",
                "bottomup", "bottomup-rollup") : algs;
        Database derby = db("derby");
        SourceTable adult = adult(derby);
        StarSchema schema = schema(derby, adult, QI9);
        System.out.println("Memory executor, Adult 45,222, 9 QIs, no suppression: search ms, median of " + reps
                + " after 1 warm-up [min-max] (nodes checked).\n");
        System.out.println("| k |" + String.join(" |", names) + " | anonymous nodes |");
        System.out.println("|---|" + "---|".repeat(names.size() + 1));
        try (MemoryExecutor ex = MemoryExecutor.load(derby.dsl(), schema)) {
            for (int k : new int[] {2, 5, 10, 25, 50}) {
                StringBuilder row = new StringBuilder("| " + k + " |");
                long anonymous = -1;
                for (String n : names) {
                    Timing t = time(() -> Searches.byName(n).search(ex, new SearchRequest(k, 0)));
                    row.append(' ').append(t.cell()).append(" (").append(t.result.nodesChecked()).append(") |");
                    if (t.result.complete()) {
                        anonymous = t.result.anonymous().size();
                    }
                }
                System.out.println(row + " " + anonymous + " |");
            }
        }
    }

    /** ARX's Adult: 30,162 rows, 8 QIs in ARX's order, k = 5, no suppression. */
    private void arx() {
        Database derby = db("derby");
        SourceTable arxTable = table(derby, "adult_arx", shared("adult-arx").resolve("adult.csv"), shared("adult-arx"));
        StarSchema schema = schema(derby, arxTable, ARX8);
        List<String> names = algs == null ? ALL : algs;
        long s = System.nanoTime();
        try (MemoryExecutor ex = MemoryExecutor.load(derby.dsl(), schema)) {
            System.out.printf(Locale.ROOT, "ARX's adult.csv (%d rows), QIs %s, k = 5, no suppression; memory executor "
                    + "load %.1f ms (first load, cold). Search + height selection, median of %d after 1 warm-up.%n%n",
                    ex.rows(), ARX8, (System.nanoTime() - s) / 1e6, reps);
            System.out.println("| search | ms median [min-max] | nodes checked | anonymous nodes | selected (height) |");
            System.out.println("|---|---|---|---|---|");
            for (String n : names) {
                Timing t = time(() -> searchAndSelect(n, ex, 5, 0, SelectionCriterion.HEIGHT).result);
                Selection sel = searchAndSelect(n, ex, 5, 0, SelectionCriterion.HEIGHT);
                System.out.printf("| %s | %s | %d | %d | %s |%n", n, t.cell(), t.result.nodesChecked(),
                        t.result.anonymous().size(), sel.selected == null ? "-" : sel.selected.node().toString(ARX8));
            }
        }
    }

    /** DM selection, 9 QIs, k = 2, no suppression. */
    private void dm() {
        Database derby = db("derby");
        SourceTable adult = adult(derby);
        StarSchema schema = schema(derby, adult, QI9);
        System.out.println("Adult 45,222, 9 QIs, k = 2, no suppression: incognito, then NodeSelector over every "
                + "anonymous node. Expected DM (issue 3): " + String.format(Locale.ROOT, "%,d", EXPECTED_DM) + ".\n");
        System.out.println("| executor | criterion | selected node | cost | anonymous nodes | search + selection ms (median) |");
        System.out.println("|---|---|---|---|---|---|");
        try (MemoryExecutor ex = MemoryExecutor.load(derby.dsl(), schema)) {
            for (SelectionCriterion c : List.of(SelectionCriterion.DM, SelectionCriterion.HEIGHT)) {
                Selection sel = searchAndSelect("incognito", ex, 2, 0, c);
                Timing t = time(() -> searchAndSelect("incognito", ex, 2, 0, c).result);
                System.out.printf(Locale.ROOT, "| memory | %s | %s | %,.0f | %d | %s |%n", c.label(),
                        sel.selected.node().toString(QI9), sel.selected.cost(), sel.result.anonymous().size(), t.cell());
                if (c == SelectionCriterion.DM) {
                    System.out.printf(Locale.ROOT, "%nDM %s the expected %,d%s%n%n", (long) sel.selected.cost() == EXPECTED_DM
                            ? "equals" : "DIFFERS FROM", EXPECTED_DM, (long) sel.selected.cost() == EXPECTED_DM ? ""
                            : " (difference " + ((long) sel.selected.cost() - EXPECTED_DM) + ")");
                }
            }
        }
    }

    /** DM selection on the sql executor (PostgreSQL): incognito-superroots, then DM over every anonymous node; capped. */
    private void dmSql() throws Exception {
        Database pg = db("postgres");
        StarSchema pgSchema = schema(pg, adult(pg), QI9);
        System.out.println("| executor | criterion | selected node | cost | anonymous nodes | search + selection s (1 run) |");
        System.out.println("|---|---|---|---|---|---|");
        long s = System.nanoTime();
        Selection[] out = new Selection[1];
        Optional<SearchResult> r = capped(pg, () -> {
            try (SqlExecutor ex = SqlExecutor.open(pg, pgSchema)) {
                out[0] = searchAndSelect("incognito-superroots", ex, 2, 0, SelectionCriterion.DM);
                return out[0].result;
            }
        });
        if (r.isEmpty()) {
            System.out.println("| sql (postgres) | dm | cancelled after " + capSeconds + " s | | | |");
        } else {
            System.out.printf(Locale.ROOT, "| sql (postgres) | dm | %s | %,.0f | %d | %.1f |%n",
                    out[0].selected.node().toString(QI9), out[0].selected.cost(), out[0].result.anonymous().size(),
                    (System.nanoTime() - s) / 1e9);
        }
    }

    /** Issue 3's memory-executor targets, timed as the whole search plus height selection. */
    private void targets() {
        Database derby = db("derby");
        SourceTable adult = adult(derby);
        StarSchema schema = schema(derby, adult, QI9);
        List<String> names = algs == null ? List.of("incognito", "incognito-superroots", "incognito-cube") : algs;
        System.out.println("Memory executor, Adult 45,222, 9 QIs: search + height selection, ms, median of " + reps
                + " after 1 warm-up [min-max].\n");
        System.out.println("| case | target ms |" + String.join(" |", names) + " |");
        System.out.println("|---|---|" + "---|".repeat(names.size()));
        try (MemoryExecutor ex = MemoryExecutor.load(derby.dsl(), schema)) {
            long fivePercent = ex.rows() * 5 / 100;
            Object[][] cases = {{"k=2", 2, 0L, 110}, {"k=5", 5, 0L, 85}, {"k=10", 10, 0L, 65},
                    {"k=10, 5 % suppression (" + fivePercent + " rows)", 10, fivePercent, 500}};
            for (Object[] c : cases) {
                StringBuilder row = new StringBuilder("| " + c[0] + " | " + c[3] + " |");
                for (String n : names) {
                    Timing t = time(() -> searchAndSelect(n, ex, (Integer) c[1], (Long) c[2], SelectionCriterion.HEIGHT).result);
                    row.append(' ').append(t.cell()).append(t.medianMs <= (Integer) c[3] ? " ✓" : " ✗").append(" |");
                }
                System.out.println(row);
            }
        }
    }

    /** The sql executor on one database: single runs, capped. */
    private void sql(String kind) throws Exception {
        Database d = db(kind);
        SourceTable adult = adult(d);
        List<String> names = algs == null ? List.of("incognito", "incognito-superroots") : algs;
        int[] kk = ks == null ? new int[] {2} : ks;
        System.out.println("sql executor on " + kind + ", Adult 45,222, no suppression; one run each, cap "
                + capSeconds + " s per run (a run past it is cancelled and larger QI sizes of that search skipped).\n");
        System.out.println("| QIs | k | search | seconds | nodes checked | scans | derived | statements | executor s | anonymous |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|");
        Map<String, Integer> timedOut = new LinkedHashMap<>();
        for (int q = qiFrom; q <= qiTo; q++) {
            StarSchema schema = schema(d, adult, QI9.subList(0, q));
            for (int k : kk) {
                for (String n : names) {
                    String key = n + "/" + k;
                    if (timedOut.containsKey(key)) {
                        System.out.printf("| %d | %d | %s | skipped (over %d s at %d QIs) | | | | | | |%n", q, k, n,
                                capSeconds, timedOut.get(key));
                        continue;
                    }
                    long s = System.nanoTime();
                    Optional<SearchResult> r = capped(d, () -> {
                        try (SqlExecutor ex = SqlExecutor.open(d, schema)) {
                            return Searches.byName(n).search(ex, new SearchRequest(k, 0));
                        }
                    });
                    double secs = (System.nanoTime() - s) / 1e9;
                    if (r.isEmpty()) {
                        timedOut.put(key, q);
                        System.out.printf(Locale.ROOT, "| %d | %d | %s | > %d (cancelled at %.0f s) | | | | | | |%n", q, k, n,
                                capSeconds, secs);
                    } else {
                        SearchResult x = r.get();
                        System.out.printf(Locale.ROOT, "| %d | %d | %s | %.2f | %d | %d | %d | %d | %.2f | %d |%n", q, k, n, secs,
                                x.nodesChecked(), x.executor().scans(), x.executor().derivations(),
                                x.executor().statements(), x.executor().millis() / 1e3, x.anonymous().size());
                    }
                    System.out.flush();
                }
            }
        }
    }

    /** Synthetic census of {@code rows} rows, 8 QIs, into PostgreSQL by COPY; incognito-superroots on the sql executor. */
    private void scale(int rows) throws Exception {
        Database pg = db("postgres");
        String name = "census_" + rows;
        long s = System.nanoTime();
        SourceTable t = new TableResolver(pg).find(name).filter(x -> new HierarchyCatalog(pg).list(x).size() >= 8).orElse(null);
        String loadNote;
        if (t == null) {
            t = loadCensus(pg, name, rows);
            loadNote = String.format(Locale.ROOT, "generated, COPY-loaded, analyzed and hierarchies bound in %.1f s", (System.nanoTime() - s) / 1e9);
        } else {
            loadNote = "reused the table loaded by an earlier run";
        }
        SourceTable table = t;
        StarSchema schema = schema(pg, table, CENSUS8);
        List<String> names = algs == null ? List.of("incognito-superroots") : algs;
        int[] kk = ks == null ? new int[] {2} : ks;
        System.out.printf(Locale.ROOT, "Synthetic census, %,d rows, QIs %s; %s. JVM max heap %d MB. sql executor on "
                + "PostgreSQL, no suppression, one run each, cap %d s.%n%n", rows, CENSUS8, loadNote,
                Runtime.getRuntime().maxMemory() >> 20, capSeconds);
        System.out.println("| rows | k | search | seconds | nodes checked | scans | derived | failed sets deferred | statements | anonymous | minimal node | peak heap MB |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|---|");
        for (int k : kk) {
            for (String n : names) {
                resetPeaks();
                long start = System.nanoTime();
                Optional<SearchResult> r = capped(pg, () -> {
                    try (SqlExecutor ex = SqlExecutor.open(pg, schema)) {
                        return Searches.byName(n).search(ex, new SearchRequest(k, 0));
                    }
                });
                double secs = (System.nanoTime() - start) / 1e9;
                if (r.isEmpty()) {
                    System.out.printf(Locale.ROOT, "| %,d | %d | %s | > %d (cancelled) | | | | | | | | %d |%n", rows, k, n, capSeconds, peakHeapMb());
                } else {
                    SearchResult x = r.get();
                    String minimal = x.anonymous().stream().min(Comparator.comparingInt(LevelVector::height))
                            .map(v -> v.toString(CENSUS8)).orElse("-");
                    System.out.printf(Locale.ROOT, "| %,d | %d | %s | %.1f | %d | %d | %d | %d | %d | %d | %s | %d |%n", rows, k, n, secs,
                            x.nodesChecked(), x.executor().scans(), x.executor().derivations(), x.executor().deferredSets(),
                            x.executor().statements(),
                            x.anonymous().size(), minimal, peakHeapMb());
                }
                System.out.flush();
            }
        }
    }

    private SourceTable loadCensus(Database pg, String name, int rows) throws Exception {
        Properties p = new Properties();
        try (InputStream in = SyntheticCensus.class.getClassLoader().getResourceAsStream(SyntheticCensus.BUNDLED_RESOURCE)) {
            p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        }
        p.setProperty("id.digits", "8");
        SyntheticCensus census = SyntheticCensus.fromProperties(p);
        Path dir = Files.createTempDirectory("kanon-bench3-census");
        try {
            Path sample = dir.resolve("sample.csv");
            Path all = dir.resolve("all.csv");
            census.writeCsv(sample, 2000, census.seed());
            long g = System.nanoTime();
            census.writeCsv(all, rows, census.seed());
            System.out.printf(Locale.ROOT, "- generated %,d rows (%,d MB) in %.1f s%n", rows, Files.size(all) >> 20, (System.nanoTime() - g) / 1e9);
            // the table and its column types come from the importer (on a sample), the rows from COPY
            SourceTable t = new CsvImporter(pg).importCsv(sample, name, new ImportOptions(',', true)).table();
            String qualified = pg.dsl().render(t.table());
            long c = System.nanoTime();
            try (Connection conn = pg.dataSource().getConnection();
                 BufferedReader reader = Files.newBufferedReader(all, StandardCharsets.UTF_8)) {
                try (Statement st = conn.createStatement()) {
                    st.execute("TRUNCATE " + qualified);
                }
                long copied = new CopyManager(conn.unwrap(BaseConnection.class))
                        .copyIn("COPY " + qualified + " FROM STDIN WITH (FORMAT csv, HEADER true)", reader);
                try (Statement st = conn.createStatement()) {
                    st.execute("ANALYZE " + qualified);
                }
                System.out.printf(Locale.ROOT, "- COPY %,d rows + ANALYZE in %.1f s%n", copied, (System.nanoTime() - c) / 1e9);
            }
            long h = System.nanoTime();
            bind(pg, t, Paths.get("datasets", "synthetic", "hierarchies"));
            System.out.printf(Locale.ROOT, "- hierarchies bound in %.1f s%n%n", (System.nanoTime() - h) / 1e9);
            return t;
        } finally {
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : files.toList()) {
                    Files.deleteIfExists(f);
                }
            }
            Files.deleteIfExists(dir);
        }
    }

    // ------------------------------------------------------------------------------------------------ helpers

    record Selection(SearchResult result, NodeSelector.Selected selected) {
    }

    private static Selection searchAndSelect(String name, FrequencyExecutor ex, int k, long allowance, SelectionCriterion c) {
        SearchResult r = Searches.byName(name).search(ex, new SearchRequest(k, allowance));
        NodeSelector.Selected sel = r.anonymous().isEmpty() ? null : new NodeSelector(c, null).select(r.anonymous(), ex, k);
        return new Selection(r, sel);
    }

    /** Median and spread of some runs, with the last result. */
    record Timing(double medianMs, double minMs, double maxMs, int runs, SearchResult result) {
        static Timing of(List<Double> ms, SearchResult result) {
            List<Double> sorted = ms.stream().sorted().toList();
            int n = sorted.size();
            double median = n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
            return new Timing(median, sorted.get(0), sorted.get(n - 1), n, result);
        }

        String cell() {
            if (runs == 1) {
                return fmt(medianMs) + " 1x";
            }
            return fmt(medianMs) + " [" + fmt(minMs) + "-" + fmt(maxMs) + "]";
        }

        static String fmt(double ms) {
            return ms >= 100 ? String.format(Locale.ROOT, "%.0f", ms) : String.format(Locale.ROOT, "%.1f", ms);
        }
    }

    /**
     * One warm-up, then {@code reps} runs; a warm-up over {@link #SLOW_MS} is followed by one run only, and a warm-up
     * over 4x that is itself the single (cold) reported run.
     */
    private Timing time(Supplier<SearchResult> run) {
        long s = System.nanoTime();
        SearchResult r = run.get();
        double warm = (System.nanoTime() - s) / 1e6;
        if (warm > 4 * SLOW_MS) {
            return Timing.of(List.of(warm), r);
        }
        if (warm > SLOW_MS) {
            s = System.nanoTime();
            r = run.get();
            return Timing.of(List.of((System.nanoTime() - s) / 1e6), r);
        }
        List<Double> ms = new ArrayList<>();
        for (int i = 0; i < reps; i++) {
            s = System.nanoTime();
            r = run.get();
            ms.add((System.nanoTime() - s) / 1e6);
        }
        return Timing.of(ms, r);
    }

    /**
     * Runs {@code task} in its own thread for at most the cap; past it the thread is interrupted (Derby gives up on
     * interrupt) and the database's active statements are cancelled (PostgreSQL), and empty is returned.
     */
    private Optional<SearchResult> capped(Database d, Callable<SearchResult> task) throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "bench-search");
            t.setDaemon(true);
            return t;
        });
        try {
            Future<SearchResult> f = pool.submit(task);
            try {
                return Optional.of(f.get(capSeconds, TimeUnit.SECONDS));
            } catch (TimeoutException e) {
                f.cancel(true);
                for (int i = 0; i < 120 && !pool.awaitTermination(0, TimeUnit.SECONDS); i++) {
                    if (!(d.profile() instanceof DerbyProfile)) {
                        cancelPostgres(d);
                    }
                    pool.shutdown();
                    pool.awaitTermination(1, TimeUnit.SECONDS);
                }
                return Optional.empty();
            } catch (ExecutionException e) {
                throw new IllegalStateException("search failed", e.getCause());
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static void cancelPostgres(Database d) {
        try (Connection c = DriverManager.getConnection(d.settings().url(), d.settings().user(), null);
             Statement s = c.createStatement()) {
            s.execute("SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE datname = current_database() "
                    + "AND pid <> pg_backend_pid() AND state = 'active'");
        } catch (SQLException e) {
            System.err.println("cancel failed: " + e.getMessage());
        }
    }

    private static String gap(long ours, long paper) {
        return String.format(Locale.ROOT, "%+.0f %%", 100.0 * (ours - paper) / paper);
    }

    private StarSchema schema(Database d, SourceTable t, List<String> qis) {
        return StarSchema.of(t, qis, new HierarchyCatalog(d));
    }

    /** Adult 45,222 with ARX's hierarchies, loaded once per database (reused on PostgreSQL across invocations). */
    private SourceTable adult(Database d) {
        return table(d, "adult", shared("adult-uci").resolve("adult-45222.csv"), shared("adult-arx"));
    }

    private SourceTable table(Database d, String name, Path csv, Path hierarchies) {
        Optional<SourceTable> existing = new TableResolver(d).find(name);
        if (existing.isPresent() && new HierarchyCatalog(d).list(existing.get()).size() >= 8) {
            return existing.get();
        }
        long s = System.nanoTime();
        SourceTable t = new CsvImporter(d).importCsv(csv, name, new ImportOptions(null, true)).table();
        double imported = (System.nanoTime() - s) / 1e9;
        bind(d, t, hierarchies);
        System.out.printf(Locale.ROOT, "_(%s: imported %s in %.1f s, hierarchies bound in %.1f s)_%n%n",
                d.profile().displayName(), csv.getFileName(), imported, (System.nanoTime() - s) / 1e9 - imported);
        return t;
    }

    private static void bind(Database d, SourceTable t, Path dir) {
        HierarchyFolder.Matched m = HierarchyFolder.read(t, dir);
        new DimensionTableWriter(d).bindAll(t, m.hierarchies(), DimensionTableWriter.IfBound.REPLACE); // a reload keeps old bindings
    }

    private static Path shared(String dataset) {
        Path beside = Paths.get("..", "shared", "datasets", dataset);
        String env = System.getenv("KANON_SHARED");
        return Files.isDirectory(beside) || env == null ? beside : Paths.get(env, "datasets", dataset);
    }

    private static String pgUrl() {
        String url = System.getenv("KANON_BENCH_PG_URL");
        return url == null || url.isBlank() ? null : url;
    }

    private Database db(String kind) {
        return dbs.computeIfAbsent(kind, k -> {
            if (k.equals("derby")) {
                try {
                    derbyDir = Files.createTempDirectory("kanon-bench3-derby");
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
                return Database.open(new ConnectionSettings("jdbc:derby:" + derbyDir.resolve("db") + ";create=true", null, null));
            }
            if (pgUrl() == null) {
                throw new IllegalStateException("set KANON_BENCH_PG_URL, e.g. jdbc:postgresql://127.0.0.1:5432/kanon_bench3");
            }
            String user = System.getenv().getOrDefault("KANON_BENCH_PG_USER", "postgres");
            return Database.open(new ConnectionSettings(pgUrl(), user, null));
        });
    }

    private void close() {
        dbs.values().forEach(Database::close);
        if (derbyDir != null) {
            try {
                DriverManager.getConnection("jdbc:derby:" + derbyDir.resolve("db") + ";shutdown=true").close();
            } catch (SQLException expected) {
                // 08006: shut down
            }
            try (Stream<Path> files = Files.walk(derbyDir)) {
                for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(f);
                }
            } catch (IOException e) {
                System.err.println("could not delete " + derbyDir + ": " + e.getMessage());
            }
        }
    }

    private static String load() {
        try {
            String[] f = Files.readString(Paths.get("/proc/loadavg")).trim().split("\\s+");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException e) {
            return "?";
        }
    }

    private static void resetPeaks() {
        System.gc();
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            p.resetPeakUsage();
        }
    }

    private static long peakHeapMb() {
        long sum = 0;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP) {
                sum += p.getPeakUsage().getUsed();
            }
        }
        return sum >> 20;
    }
}
