package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.db.Relations;
import org.kanon.testing.PaperTables;
import org.kanon.testing.TestDatabases;

/** Opening a DuckDB file that another process holds, or that a killed process left behind. */
class DuckDbOpenCliTest {
    @TempDir
    Path tmp;

    @BeforeEach
    void duckDbInTheMatrix() {
        Assumptions.assumeTrue(TestDatabases.kinds().contains(TestDatabases.Kind.DUCKDB), "DuckDB is left out of the test matrix");
    }

    private ConnectionSettings file() {
        return new ConnectionSettings("jdbc:duckdb:" + tmp.resolve("data.duckdb"), null, null);
    }

    /** A worker holds the file open (it serves until killed); its start line says it is up. */
    private static KanonProcess holder(ConnectionSettings settings) throws Exception {
        KanonProcess worker = KanonProcess.start(settings, List.of(), "worker", "--poll", "60s", "--name", "holder");
        assertTrue(worker.awaitErr("kanon worker holder: serving requests in", Duration.ofMinutes(2)), worker.toString());
        return worker;
    }

    @Test
    @DisplayName("another process has the DuckDB file open: one line that says so and what to do, exit 2, nothing written")
    void fileHeldByAnotherProcess() throws Exception {
        ConnectionSettings settings = file();
        try (KanonProcess worker = holder(settings)) {
            CliRun.Result r = new CliRun(settings).run("import", PaperTables.PAPERS.resolve("incognito-patients.csv").toString(),
                    "--table", "patients");
            CliRun.assertRefused(r, "the DuckDB file is in use by another process (PID ", "stop the other kanon");
            assertTrue(r.err().contains(tmp.resolve("data.duckdb").toString()), r.err());
        }
        // the holder is gone (killed by close): the file opens, and the refused import wrote nothing
        try (Database db = Database.open(settings)) {
            assertFalse(Relations.exists(db.dsl(), db.currentSchema(), db.identifiers().fold("patients")), "nothing was imported");
        }
    }

    @Test
    @DisplayName("a file whose process was killed reopens at once: the OS lock went with the process")
    void killedFileReopens() throws Exception {
        ConnectionSettings settings = file();
        CliRun cli = new CliRun(settings);
        assertEquals(0, cli.run("import", PaperTables.PAPERS.resolve("incognito-patients.csv").toString(), "--table", "patients").exitCode());
        KanonProcess worker = holder(settings);
        worker.kill(); // SIGKILL: no checkpoint; the OS lock goes with the process (no lock file is left behind)
        assertTrue(Files.exists(tmp.resolve("data.duckdb")));
        try (KanonProcess again = KanonProcess.start(settings, List.of(), "release", "list")) {
            assertEquals(ExitCodes.OK, again.awaitExit(Duration.ofMinutes(2)), again.toString());
        }
        try (Database db = Database.open(settings)) {
            assertEquals(6, db.dsl().fetchCount(DSL.table(db.ours(db.currentSchema(), "patients"))));
        }
    }

    @Test
    @DisplayName("DuckDB has no users or GRANTs: whoever opens the file reads the source table beside its release")
    void whoeverOpensTheFileReadsEverything() throws Exception {
        ConnectionSettings settings = file();
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
