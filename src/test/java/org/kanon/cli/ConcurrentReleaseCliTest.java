package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.kanon.db.KanonSchemas;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.db.Relations;
import org.kanon.release.ReleaseRecord;
import org.kanon.release.ReleaseRegister;
import org.kanon.testing.Await;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;
import org.kanon.testing.TestDatabases;

/**
 * Issue 19, item 13 (releases): kanon processes writing or dropping one release name at once on PostgreSQL take
 * turns. The first writer pauses inside its transaction, its relation written and not committed
 * ({@code kanon.test.pauseInRelease}); the others start and are seen waiting on a lock before it commits. Each loser
 * then gets exit 2 "already exists", or with --replace does its own replace after the winner's; never exit 3 with a
 * duplicate key (23505) or "is not a view". PostgreSQL only: embedded Derby is opened by one process at a time.
 */
class ConcurrentReleaseCliTest {
    private static final Duration PAUSE = Duration.ofSeconds(20);
    private static final String[] ANONYMIZE = {"anonymize", "--table", "patients", "--qi", "sex,zipcode", "--k", "2", "--name", "same"};

    @DatabaseTest(only = {TestDatabases.Kind.POSTGRES, TestDatabases.Kind.MARIADB}) // processes of their own, on a server
    @DisplayName("Concurrent writers and droppers of one release name on a database server take turns: exit 0 or exit 2 'already exists', never exit 3")
    void writersOfOneNameTakeTurns(ConnectionSettings settings) throws Exception {
        new CliRun(settings).withPaperTable("incognito-patients", "patients", PaperTables.PATIENTS_PREFIX);

        // three writers of a new release: one writes it, the other two are told it exists
        List<Finished> plain = race(settings, List.of(ANONYMIZE, ANONYMIZE, ANONYMIZE));
        assertEquals(0, plain.get(0).code(), plain.get(0).toString());
        for (Finished loser : plain.subList(1, 3)) {
            assertEquals(ExitCodes.USAGE, loser.code(), loser.toString());
            assertTrue(loser.err().contains("release 'same' already exists"), loser.toString());
        }
        assertRelease(settings, "VIEW");

        // three writers replacing it by a table: each replaces in turn
        String[] replace = with(ANONYMIZE, "--replace", "--materialize");
        for (Finished writer : race(settings, List.of(replace, replace, replace))) {
            assertEquals(0, writer.code(), writer.toString());
        }
        assertRelease(settings, "TABLE");

        // a writer replacing it by a view and a dropper: the drop waits and drops the new release
        List<Finished> dropped = race(settings, List.of(with(ANONYMIZE, "--replace"), new String[] {"release", "drop", "same"}));
        for (Finished process : dropped) {
            assertEquals(0, process.code(), process.toString());
        }
        try (Database db = Database.open(settings)) {
            assertTrue(new ReleaseRegister(db).list().isEmpty(), "the release is dropped");
            assertFalse(Relations.exists(db.dsl(), db.identifiers().namespace(KanonSchemas.RELEASES), "same"), "and its relation");
        }
    }

    record Finished(int code, String err, String description) {
        @Override
        public String toString() {
            return description;
        }
    }

    /**
     * Starts the first command with the pause in its release transaction and waits until it is there, then starts the
     * others and waits until each of them waits on a lock, while the first still holds its transaction open.
     */
    private static List<Finished> race(ConnectionSettings settings, List<String[]> commands) throws Exception {
        List<KanonProcess> processes = new ArrayList<>();
        try {
            Path resume = Files.createTempDirectory("kanon-resume").resolve("go");
            KanonProcess first = KanonProcess.start(settings, List.of("-Dkanon.test.pauseInRelease=" + PAUSE.toMillis(),
                    "-Dkanon.test.resumeWhen=" + resume), commands.get(0));
            processes.add(first);
            assertTrue(first.awaitErr("written, not committed", Duration.ofSeconds(120)), first.toString());
            long paused = System.nanoTime();
            for (String[] command : commands.subList(1, commands.size())) {
                processes.add(KanonProcess.start(settings, List.of(), command));
            }
            // while the first still holds its transaction (its pause, less a margin for the rest)
            Await.untilChecked("the other processes waiting on the first one", PAUSE.minusSeconds(2).minusNanos(System.nanoTime() - paused),
                    () -> TestDatabases.waitingOnLocks(settings) >= commands.size() - 1, processes);
            Files.createFile(resume); // every other process is seen waiting: the first need not wait out its pause
            List<Finished> finished = new ArrayList<>();
            for (KanonProcess p : processes) {
                Integer code = p.awaitExit(Duration.ofSeconds(120));
                assertNotNull(code, p.toString());
                finished.add(new Finished(code, p.err(), p.toString()));
            }
            return finished;
        } finally {
            for (KanonProcess p : processes) {
                p.close();
            }
        }
    }

    private static void assertRelease(ConnectionSettings settings, String kind) {
        try (Database db = Database.open(settings)) {
            List<ReleaseRecord> all = new ReleaseRegister(db).list();
            assertEquals(1, all.size(), all.toString());
            assertEquals(kind, all.get(0).kind());
            Relations.Kind expected = kind.equals("VIEW") ? Relations.Kind.VIEW : Relations.Kind.TABLE;
            assertEquals(expected, Relations.kind(db.dsl(), db.identifiers().namespace(KanonSchemas.RELEASES), "same").orElseThrow());
        }
    }

    private static String[] with(String[] args, String... more) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }
}
