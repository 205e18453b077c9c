package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.release.ReleaseRegister;
import org.kanon.testing.PaperTables;
import org.kanon.testing.TestDatabases;

/**
 * Issue 19, items 10, 13 and 17: on PostgreSQL, a release being made and another process that would write what it
 * reads or writes take turns. The release pauses inside its transaction, its relation written and not committed
 * ({@code kanon.test.pauseInRelease}); the other process, started then, is seen waiting on a lock, and once the
 * release is committed it is refused with exit 2, naming the release; before, it failed inside the database (exit 3).
 */
class ReleaseTurnsCliTest {
    private static final Duration PAUSE = Duration.ofSeconds(15);
    private static final String[] VIEW_RELEASE = {"release", "--table", "patients", "--qi", "sex,zipcode", "--levels", "0,1",
            "--k", "2", "--suppression", "2", "--name", "x_pqt"};

    private ConnectionSettings settings;

    @BeforeEach
    void postgresOnly() {
        assumeTrue(TestDatabases.pgUrl() != null, TestDatabases.PG_VARIABLE + " is not set: PostgreSQL only");
    }

    @Test
    @DisplayName("hierarchy import --replace while a view release of the table is being made waits, then is refused (exit 2)")
    void binderWaitsForARelease() throws Exception {
        CliRun.Result binder = whilePaused(VIEW_RELEASE, "hierarchy", "import", "--table", "patients", "--dir",
                PaperTables.PAPERS.toString(), "--prefix", PaperTables.PATIENTS_PREFIX, "--replace");
        // without the hierarchy lock: past the register (the release not yet committed), then 2BP01 dropping the table
        CliRun.assertRefused(binder, "is read by view release(s) x_pqt");
    }

    @Test
    @DisplayName("a permutation release x while a release x_pqt is being made waits, then is refused (exit 2): its PQT is x_pqt's")
    void releasesWhoseRelationsMeetTakeTurns() throws Exception {
        CliRun.Result permutation = whilePaused(VIEW_RELEASE, "anonymize", "--table", "patients", "--qi", "sex,zipcode",
                "--sensitive", "disease", "--l", "2", "--algorithm", "permutation", "--name", "x");
        // without the relation's lock: past the register, then a duplicate relation x_pqt (23505 / 42P07)
        CliRun.assertRefused(permutation, "a relation of release 'x_pqt'");
    }

    /** Runs {@code first} paused in its release transaction, then {@code second}; first must succeed. Second's result. */
    private CliRun.Result whilePaused(String[] first, String... second) throws Exception {
        settings = TestDatabases.fresh(TestDatabases.Kind.POSTGRES);
        try {
            new CliRun(settings).withPaperTable("incognito-patients", "patients", PaperTables.PATIENTS_PREFIX);
            try (KanonProcess paused = KanonProcess.start(settings, List.of("-Dkanon.test.pauseInRelease=" + PAUSE.toMillis()), first)) {
                assertTrue(paused.awaitErr("written, not committed", Duration.ofSeconds(120)), paused.toString());
                try (KanonProcess other = KanonProcess.start(settings, List.of(), second)) {
                    long started = System.nanoTime();
                    while (TestDatabases.waitingOnLocks(settings) < 1) {
                        assertTrue(System.nanoTime() - started < PAUSE.toNanos() - 3_000_000_000L, "it did not wait: " + other);
                        Thread.sleep(100);
                    }
                    assertEquals(0, paused.awaitExit(Duration.ofSeconds(120)), paused.toString());
                    Integer code = other.awaitExit(Duration.ofSeconds(120));
                    assertNotNull(code, other.toString());
                    try (Database db = Database.open(settings)) {
                        assertEquals(1, new ReleaseRegister(db).list().size(), "the paused release, and nothing else");
                    }
                    return new CliRun.Result(code, "", other.err());
                }
            }
        } finally {
            TestDatabases.dispose(settings);
        }
    }
}
