package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.testing.PaperTables;

/** Opening an embedded Derby database that another process holds, or that a killed process left behind. */
class DerbyOpenCliTest {
    @TempDir
    Path tmp;

    private ConnectionSettings onDisk() {
        return new ConnectionSettings("jdbc:derby:" + tmp.resolve("db") + ";create=true", null, null);
    }

    /** A worker holds the database open (it serves until killed); its start line says it is up. */
    private static KanonProcess holder(ConnectionSettings settings) throws Exception {
        KanonProcess worker = KanonProcess.start(settings, List.of(), "worker", "--poll", "60s", "--name", "holder");
        assertTrue(worker.awaitErr("kanon worker holder: serving requests in", Duration.ofMinutes(2)), worker.toString());
        return worker;
    }

    @Test
    @DisplayName("--db jdbc:derby:/a/new/folder (and KANON_DB_URL) creates the database there, as the README says: ;create=true is added")
    void aNewFolderIsCreated() {
        Path byOption = tmp.resolve("a").resolve("new").resolve("folder");
        CliRun.Result r = CliRun.execute(new Kanon().withWorkingDirectory(CliRun.noConfigDirectory()), "--db", "jdbc:derby:" + byOption,
                "release", "list");
        assertEquals(ExitCodes.OK, r.exitCode(), r.toString());
        assertTrue(Files.isDirectory(byOption.resolve("seg0")), "a Derby database in the new folder");
        Path byEnvironment = tmp.resolve("from-env");
        r = CliRun.execute(new Kanon().withWorkingDirectory(CliRun.noConfigDirectory())
                .withEnvironment(java.util.Map.of("KANON_DB_URL", "jdbc:derby:" + byEnvironment)), "release", "list");
        assertEquals(ExitCodes.OK, r.exitCode(), r.toString());
        assertTrue(Files.isDirectory(byEnvironment.resolve("seg0")), "a Derby database in the new folder");
        r = CliRun.execute(new Kanon().withWorkingDirectory(CliRun.noConfigDirectory()), "--db",
                "jdbc:derby:" + tmp.resolve("not-made") + ";create=false", "release", "list");
        assertEquals(ExitCodes.USAGE, r.exitCode(), "create=false is kept: " + r);
        assertFalse(Files.exists(tmp.resolve("not-made")));
    }

    @Test
    @DisplayName("XSDB6: another process has the database open: one line that says so and what to do, exit 2")
    void databaseHeldByAnotherProcess() throws Exception {
        ConnectionSettings settings = onDisk();
        try (KanonProcess worker = holder(settings)) {
            CliRun.Result r = new CliRun(settings).run("release", "list");
            CliRun.assertRefused(r, "another process has this embedded Derby database open (XSDB6)", "stop the other kanon",
                    "network server");
            assertTrue(r.err().contains(tmp.resolve("db").toString()), r.err());
        }
    }

    @Test
    @DisplayName("a first connection slower than the pool's timeout (as a long recovery) is waited for, not aborted")
    void aSlowBootIsNotAborted() throws Exception {
        ConnectionSettings settings = onDisk();
        try (Database ignored = Database.open(settings)) {
            // created, migrated and shut down again
        }
        ConnectionSettings login = new ConnectionSettings(settings.url(), "app", "pw");
        long started = System.nanoTime();
        // a process of its own: Derby's authentication properties are the JVM's, and its first login is the JVM's first
        try (KanonProcess p = KanonProcess.start(login, List.of("-Dderby.connection.requireAuthentication=true",
                "-Dderby.authentication.provider=" + SlowFirstLogin.class.getName(),
                "-Dkanon.test.connectionTimeout=" + SlowFirstLogin.POOL_TIMEOUT_MILLIS), "release", "list")) {
            assertEquals(ExitCodes.OK, p.awaitExit(Duration.ofMinutes(3)), p.toString());
            assertTrue(p.out().startsWith("name\trelation"), p.toString());
            assertFalse(p.err().contains("Login timeout"), p.toString());
        }
        assertTrue(System.nanoTime() - started >= SlowFirstLogin.FIRST_LOGIN_MILLIS * 1_000_000L, "the slow login did happen");
    }

    @Test
    @DisplayName("a database whose process was killed reopens: Derby recovers it on a boot without timeout, and says so")
    void killedDatabaseReopens() throws Exception {
        ConnectionSettings settings = onDisk();
        CliRun cli = new CliRun(settings);
        assertEquals(0, cli.run("import", PaperTables.PAPERS.resolve("incognito-patients.csv").toString(), "--table", "patients").exitCode());
        KanonProcess worker = holder(settings);
        worker.kill(); // SIGKILL: no shutdown of the database, which Derby must recover on the next boot
        assertTrue(Files.exists(tmp.resolve("db").resolve("db.lck")), "a killed process leaves Derby's lock file behind");
        // a process of its own: the recovery notice is the process's stderr (the boot's, before the command's own writer)
        try (KanonProcess again = KanonProcess.start(settings, List.of(), "release", "list")) {
            assertEquals(ExitCodes.OK, again.awaitExit(Duration.ofMinutes(2)), again.toString());
            assertTrue(again.err().contains("kanon: Derby recovered " + tmp.resolve("db") + " after an unclean shutdown"), again.toString());
        }
        try (Database db = Database.open(settings)) {
            assertEquals(6, db.dsl().fetchCount(DSL.table(db.ours(db.currentSchema(), "patients"))));
        }
        assertFalse(Files.exists(tmp.resolve("db").resolve("db.lck")), "closed cleanly this time");
    }
}
