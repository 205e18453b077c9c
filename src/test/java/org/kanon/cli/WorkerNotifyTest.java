package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.time.Duration;
import java.util.List;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.testing.Await;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.TestDatabases;

/**
 * A serving PostgreSQL worker (a real subprocess polling only every 60 s) wakes on the requests table's NOTIFY:
 * a request inserted with plain SQL is done within seconds. SIGTERM ends it.
 */
class WorkerNotifyTest {

    /** A process of its own: SIGTERM is what stops a serving worker. LISTEN/NOTIFY is PostgreSQL's. */
    @DatabaseTest(only = TestDatabases.Kind.POSTGRES)
    void aServingWorkerWakesOnNotifyLongBeforeItsPoll(ConnectionSettings settings) throws Exception {
        try (Database db = Database.open(settings)) {
            new CliRun(settings).withPaperTable("incognito-patients", "patients", "incognito-patients_");
            db.dsl().execute("INSERT INTO kanon.specs (spec_name, source_table, quasi_identifiers, k, algorithm, release_name) "
                    + "VALUES ('patients_k2', 'patients', 'birthdate,sex,zipcode', 2, 'incognito', 'patients_pub')");
            int first = insertRequest(db);
            try (KanonProcess worker = KanonProcess.start(settings, List.of(),
                    "worker", "--poll", "60s", "--lease", "3s", "--name", "server", "--verbose")) {
                // it listens before its first round, so once the first request is done it is waiting for more
                awaitDone(db, first, Duration.ofSeconds(120), worker);

                int second = insertRequest(db);
                long inserted = System.nanoTime();
                awaitDone(db, second, Duration.ofSeconds(30), worker);
                long millis = (System.nanoTime() - inserted) / 1_000_000;
                assertTrue(millis < 20_000, "woken by NOTIFY, not by the 60 s poll: " + millis + " ms");
                assertEquals("patients_pub_v2", db.dsl().fetchValue("SELECT release_name FROM kanon.requests WHERE id = " + second));
                System.out.println("request done " + millis + " ms after its INSERT (poll interval 60 s)");

                Integer exit = worker.terminate(Duration.ofSeconds(30));
                assertNotNull(exit, "SIGTERM ends a serving worker: " + worker);
                assertEquals(0, db.dsl().fetchCount(db.dsl().select().from("kanon.requests").where("status <> 'DONE'")));
            }
        }
    }

    private static int insertRequest(Database db) {
        db.dsl().execute("INSERT INTO kanon.requests (spec_name) VALUES ('patients_k2')");
        return ((Number) db.dsl().fetchValue("SELECT max(id) FROM kanon.requests")).intValue();
    }

    private static void awaitDone(Database db, int request, Duration timeout, KanonProcess worker) {
        Await.until("request " + request + " done", timeout,
                () -> "DONE".equals(db.dsl().fetchValue("SELECT status FROM kanon.requests WHERE id = " + request)), worker);
    }
}
