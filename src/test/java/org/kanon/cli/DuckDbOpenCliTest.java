package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.DisplayName;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.db.Relations;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;
import org.kanon.testing.TestDatabases;

/** Opening a DuckDB file that another process holds, or that a killed process left behind. */
class DuckDbOpenCliTest {
    /** The file of a fresh DuckDB database (TestDatabases: a file of its own, deleted after the test). */
    private static Path file(ConnectionSettings settings) {
        return Path.of(settings.url().substring("jdbc:duckdb:".length()));
    }

    /** A worker holds the file open (it serves until killed); its start line says it is up. */
    private static KanonProcess holder(ConnectionSettings settings) throws Exception {
        KanonProcess worker = KanonProcess.start(settings, List.of(), "worker", "--poll", "60s", "--name", "holder");
        assertTrue(worker.awaitErr("kanon worker holder: serving requests in", Duration.ofMinutes(2)), worker.toString());
        return worker;
    }

    @DatabaseTest(only = TestDatabases.Kind.DUCKDB)
    @DisplayName("another process has the DuckDB file open: one line that says so and what to do, exit 2, nothing written")
    void fileHeldByAnotherProcess(ConnectionSettings settings) throws Exception {
        try (KanonProcess worker = holder(settings)) {
            CliRun.Result r = new CliRun(settings).run("import", PaperTables.PAPERS.resolve("incognito-patients.csv").toString(),
                    "--table", "patients");
            CliRun.assertRefused(r, "the DuckDB file is in use by another process (PID ", "stop the other kanon");
            assertTrue(r.err().contains(file(settings).toString()), r.err());
        }
        // the holder is gone (killed by close): the file opens, and the refused import wrote nothing
        try (Database db = Database.open(settings)) {
            assertFalse(Relations.exists(db.dsl(), db.currentSchema(), db.identifiers().fold("patients")), "nothing was imported");
        }
    }

    @DatabaseTest(only = TestDatabases.Kind.DUCKDB)
    @DisplayName("a file whose process was killed reopens at once: the OS lock went with the process")
    void killedFileReopens(ConnectionSettings settings) throws Exception {
        CliRun cli = new CliRun(settings);
        assertEquals(0, cli.run("import", PaperTables.PAPERS.resolve("incognito-patients.csv").toString(), "--table", "patients").exitCode());
        KanonProcess worker = holder(settings);
        worker.kill(); // SIGKILL: no checkpoint; the OS lock goes with the process (no lock file is left behind)
        assertTrue(Files.exists(file(settings)));
        // in this JVM: the only lock that could refuse the open was the killed process's, which went with it
        CliRun.Result again = cli.run("release", "list");
        assertEquals(ExitCodes.OK, again.exitCode(), again.toString());
        try (Database db = Database.open(settings)) {
            assertEquals(6, db.dsl().fetchCount(DSL.table(db.ours(db.currentSchema(), "patients"))));
        }
    }

    @DatabaseTest(only = TestDatabases.Kind.DUCKDB)
    @DisplayName("DuckDB has no users or GRANTs: whoever opens the file reads the source table beside its release")
    void whoeverOpensTheFileReadsEverything(ConnectionSettings settings) throws Exception {
        CliRun cli = new CliRun(settings).withPaperTable("incognito-patients", "patients", "incognito-patients_");
        assertEquals(0, cli.run("anonymize", "--table", "patients", "--qi", "sex,zipcode", "--k", "2", "--name", "pub").exitCode());
        // a plain JDBC connection, no user, no password: the release and the raw rows alike
        try (java.sql.Connection reader = java.sql.DriverManager.getConnection(settings.url());
             java.sql.Statement s = reader.createStatement()) {
            for (String relation : List.of("kanon_release.pub", "patients")) {
                try (java.sql.ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + relation)) {
                    assertTrue(rs.next());
                    assertEquals(6, rs.getInt(1), relation);
                }
            }
        }
    }
}
