package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.release.ReleaseRegister;
import org.kanon.testing.Await;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;
import org.kanon.testing.TestDatabases;

/**
 * Issue 19, items 10, 13 and 17: on PostgreSQL (and MariaDB, issue 21), a release being made and another process that would write what it
 * reads or writes take turns. The release pauses inside its transaction, its relation written and not committed
 * ({@code kanon.test.pauseInRelease}); the other process, started then, is seen waiting on a lock, and once the
 * release is committed it is refused with exit 2, naming the release; before, it failed inside the database (exit 3).
 */
class ReleaseTurnsCliTest {
    private static final Duration PAUSE = Duration.ofSeconds(15);
    private static final String[] VIEW_RELEASE = {"release", "--table", "patients", "--qi", "sex,zipcode", "--levels", "0,1",
            "--k", "2", "--suppression", "2", "--name", "x_pqt"};

    @DatabaseTest(only = {TestDatabases.Kind.POSTGRES, TestDatabases.Kind.MARIADB}) // processes of their own, on a server
    @DisplayName("hierarchy import --replace while a view release of the table is being made waits, then is refused (exit 2)")
    void binderWaitsForARelease(TestDatabases.Kind kind, ConnectionSettings settings) throws Exception {
        // MariaDB: the release's CREATE VIEW has committed (and with it the release's shared hold on the hierarchies),
        // so the binder does not wait: it finds the view at once and is refused the same way
        CliRun.Result binder = whilePaused(settings, kind != TestDatabases.Kind.MARIADB, VIEW_RELEASE, "hierarchy", "import", "--table", "patients", "--dir",
                PaperTables.PAPERS.toString(), "--prefix", PaperTables.PATIENTS_PREFIX, "--replace");
        // without the hierarchy lock: past the register (the release not yet committed), then 2BP01 dropping the table
        // (MariaDB: the view is there under its staged name, its register row not yet: the binder names the view as the
        // database has it)
        CliRun.assertRefused(binder, kind == TestDatabases.Kind.MARIADB ? "kanon_release.kanon_new_" : "is read by view release(s) x_pqt",
                kind == TestDatabases.Kind.MARIADB ? "drop them first" : "x_pqt");
    }

    @DatabaseTest(only = {TestDatabases.Kind.POSTGRES, TestDatabases.Kind.MARIADB}) // processes of their own, on a server
    @DisplayName("a permutation release x while a release x_pqt is being made waits, then is refused (exit 2): its PQT is x_pqt's")
    void releasesWhoseRelationsMeetTakeTurns(ConnectionSettings settings) throws Exception {
        CliRun.Result permutation = whilePaused(settings, true, VIEW_RELEASE, "anonymize", "--table", "patients", "--qi", "sex,zipcode",
                "--sensitive", "disease", "--l", "2", "--algorithm", "permutation", "--name", "x");
        // without the relation's lock: past the register, then a duplicate relation x_pqt (23505 / 42P07)
        CliRun.assertRefused(permutation, "a relation of release 'x_pqt'");
    }

    /**
     * Runs {@code first} paused in its release transaction, then {@code second} (which must wait on a lock if
     * {@code waits}); first must succeed. Second's result.
     */
    private static CliRun.Result whilePaused(ConnectionSettings settings, boolean waits, String[] first, String... second) throws Exception {
        new CliRun(settings).withPaperTable("incognito-patients", "patients", PaperTables.PATIENTS_PREFIX);
        Path resume = Files.createTempDirectory("kanon-resume").resolve("go");
        try (KanonProcess paused = KanonProcess.start(settings, List.of("-Dkanon.test.pauseInRelease=" + PAUSE.toMillis(),
                "-Dkanon.test.resumeWhen=" + resume), first)) {
            assertTrue(paused.awaitErr("written, not committed", Duration.ofSeconds(120)), paused.toString());
            try (KanonProcess other = KanonProcess.start(settings, List.of(), second)) {
                if (waits) {
                    // seen while the first still holds its transaction (its pause, less a margin for the rest)
                    Await.untilChecked("the second command waiting on a lock (it did not wait?)", PAUSE.minusSeconds(3),
                            () -> TestDatabases.waitingOnLocks(settings) >= 1, other);
                }
                // seen waiting, or (not meant to wait) finished while the first holds its transaction: the first goes on
                Integer code = waits ? null : other.awaitExit(Duration.ofSeconds(120));
                Files.createFile(resume);
                assertEquals(0, paused.awaitExit(Duration.ofSeconds(120)), paused.toString());
                code = waits ? other.awaitExit(Duration.ofSeconds(120)) : code;
                assertNotNull(code, other.toString());
                try (Database db = Database.open(settings)) {
                    assertEquals(1, new ReleaseRegister(db).list().size(), "the paused release, and nothing else");
                }
                return new CliRun.Result(code, "", other.err());
            }
        }
    }
}
