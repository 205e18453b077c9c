package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.jooq.Record;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.TestDatabases;

/**
 * Several workers drain one queue at once and every request runs exactly once. On PostgreSQL and MariaDB each worker
 * is a `kanon worker --once` with its own connection pool, as separate processes would be (they claim with SKIP
 * LOCKED); on Derby and DuckDB the workers share the embedded database in one JVM (they claim with a conditional
 * UPDATE).
 */
class WorkerConcurrencyTest {
    static final int REQUESTS = 50;

    /** The servers claim by SKIP LOCKED (MariaDB 10.6+, whose workers poll: no notifications). */
    @DatabaseTest(only = {TestDatabases.Kind.POSTGRES, TestDatabases.Kind.MARIADB})
    void twoServerWorkersRunEveryRequestExactlyOnce(TestDatabases.Kind kind, ConnectionSettings settings) throws Exception {
        drainConcurrently(kind, settings, 2);
    }

    @DatabaseTest(only = {TestDatabases.Kind.POSTGRES, TestDatabases.Kind.MARIADB})
    void fourServerWorkersRunEveryRequestExactlyOnce(TestDatabases.Kind kind, ConnectionSettings settings) throws Exception {
        drainConcurrently(kind, settings, 4);
    }

    /**
     * Derby and DuckDB are one process per file: the workers share it in one JVM, claim with a conditional UPDATE and
     * take turns writing (DuckDB would fail concurrent writes of one row with "Transaction conflict").
     */
    @DatabaseTest(only = {TestDatabases.Kind.DERBY, TestDatabases.Kind.DUCKDB})
    void embeddedWorkersSharingTheDatabaseRunEveryRequestExactlyOnce(TestDatabases.Kind kind, ConnectionSettings settings) throws Exception {
        drainConcurrently(kind, settings, 2);
    }

    private static void drainConcurrently(TestDatabases.Kind kind, ConnectionSettings settings, int workers) throws Exception {
        try (Database db = Database.openScratch(settings)) {
            CliRun cli = new CliRun(settings).withPaperTable("incognito-patients", "patients", "incognito-patients_");
            TestDatabases.sql(db).execute("INSERT INTO kanon.specs (spec_name, source_table, quasi_identifiers, k, algorithm, release_name) "
                    + "VALUES ('patients_k2', 'patients', 'birthdate,sex,zipcode', 2, 'incognito', 'patients_pub')");
            for (int i = 0; i < REQUESTS; i++) {
                TestDatabases.sql(db).execute("INSERT INTO kanon.requests (spec_name) VALUES ('patients_k2')");
            }

            // each worker is the real command in its own thread, all let go at once
            long started = System.nanoTime();
            CyclicBarrier go = new CyclicBarrier(workers);
            ExecutorService pool = Executors.newFixedThreadPool(workers);
            List<Future<CliRun.Result>> results = new ArrayList<>();
            try {
                for (int i = 1; i <= workers; i++) {
                    String name = "w" + i;
                    results.add(pool.submit(() -> {
                        go.await();
                        return cli.run("worker", "--once", "--name", name, "--lease", "2m");
                    }));
                }
                int ran = 0;
                Pattern count = Pattern.compile("(\\d+) request\\(s\\) run");
                for (Future<CliRun.Result> f : results) {
                    CliRun.Result r = f.get(5, TimeUnit.MINUTES);
                    assertEquals(0, r.exitCode(), r.toString());
                    Matcher m = count.matcher(r.out());
                    assertTrue(m.find(), r.toString());
                    ran += Integer.parseInt(m.group(1));
                }
                assertEquals(REQUESTS, ran, "the workers together ran every request once");
            } finally {
                pool.shutdownNow();
            }
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);

            var requests = TestDatabases.sql(db).fetch("SELECT id, status, attempts, claimed_by, release_name, run_id, error FROM kanon.requests ORDER BY id");
            assertEquals(REQUESTS, requests.size());
            Map<String, Integer> perWorker = new TreeMap<>();
            for (Record r : requests) {
                assertEquals("DONE", r.get(1), () -> "request " + r.get(0) + ": " + r.get(1) + ": " + r.get(6) + "\nall: " + requests);
                assertEquals(1, r.get(2, Integer.class), "claimed once: " + r);
                assertNull(r.get(6), r.toString());
                perWorker.merge(r.get(3, String.class), 1, Integer::sum);
            }
            assertEquals(REQUESTS, perWorker.values().stream().mapToInt(Integer::intValue).sum());
            assertTrue(perWorker.keySet().stream().allMatch(w -> w.matches("w[1-" + workers + "]")), perWorker.toString());

            // exactly one run per request, each released, and it is the run the request names
            var runs = TestDatabases.sql(db).fetch("SELECT request_id, status, release_name, release_version, id, worker FROM kanon.spec_runs ORDER BY id");
            assertEquals(REQUESTS, runs.size(), runs.toString());
            Map<Integer, Record> runOf = new TreeMap<>();
            for (Record r : runs) {
                assertNull(runOf.put(r.get(0, Integer.class), r), "one run for request " + r.get(0));
                assertEquals("RELEASED", r.get(1), r.toString());
            }
            for (Record q : requests) {
                Record run = runOf.get(q.get(0, Integer.class));
                assertNotNull(run, "a run for request " + q);
                assertEquals(run.get(4, Integer.class), q.get(5, Integer.class), "the request names its run");
                assertEquals(run.get(2, String.class), q.get(4, String.class));
                assertEquals(q.get(3, String.class), run.get(5, String.class), "run by the worker that claimed it");
            }

            // 50 versions: patients_pub, patients_pub_v2 .. _v50, no duplicate and no gap, each registered once
            List<String> expected = IntStream.rangeClosed(1, REQUESTS).mapToObj(v -> v == 1 ? "patients_pub" : "patients_pub_v" + v)
                    .sorted().toList();
            assertEquals(expected, requests.getValues(4, String.class).stream().sorted().toList());
            assertEquals(IntStream.rangeClosed(1, REQUESTS).boxed().toList(),
                    runs.getValues(3, Integer.class).stream().sorted().toList());
            assertEquals(expected, TestDatabases.sql(db).fetch("SELECT release_name FROM kanon.releases ORDER BY release_name")
                    .getValues(0, String.class).stream().sorted().toList());
            assertEquals(SpecWorkflowCliTest.rows(db, "patients_pub"), SpecWorkflowCliTest.rows(db, "patients_pub_v" + REQUESTS));

            System.out.printf("%s, %d workers: %d requests in %d ms, split %s%n", kind, workers, REQUESTS, millis,
                    perWorker.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" ")));
        }
    }
}
