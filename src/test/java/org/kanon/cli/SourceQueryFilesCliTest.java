package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.TestDatabases;

/**
 * A spec's source query reads tables, never a file the worker's user (or the database server) can read, and writes
 * no file: DuckDB runs it with external access disabled; MariaDB reads it as a derived table, where
 * {@code INTO OUTFILE} is no syntax (reading a file, {@code LOAD_FILE}, takes the FILE privilege, which the engine's
 * account must not hold: MariaDbLeastPrivilegeCliTest).
 */
class SourceQueryFilesCliTest {
    private static final String SECRET = "SECRETLINE";

    @TempDir
    Path tmp;

    @Test
    void aDuckDbSourceQueryReadsNoFile() throws Exception {
        assumeTrue(TestDatabases.kinds().contains(TestDatabases.Kind.DUCKDB), "DuckDB is left out of the test matrix");
        ConnectionSettings settings = new ConnectionSettings("jdbc:duckdb:" + tmp.resolve("data.duckdb"), null, null);
        CliRun cli = new CliRun(settings).withPaperTable("incognito-patients", "patients", "incognito-patients_");
        Path file = Files.writeString(tmp.resolve("secret.csv"), "sex,zipcode\n" + SECRET + ",1\n");
        String csv = file.toString().replace("'", "''");
        List<String> queries = List.of(
                "SELECT sex, (SELECT count(*) FROM read_csv('" + csv + "')) AS n FROM patients",
                "SELECT * FROM read_csv('" + csv + "', header = false)",
                "SELECT * FROM read_csv('/etc/passwd')",
                "SELECT content AS sex FROM read_text('" + csv + "')",
                "SELECT CAST(content AS VARCHAR) AS sex FROM read_blob('" + csv + "')",
                "SELECT file AS sex FROM glob('" + tmp.toString().replace("'", "''") + "/*')",
                "SELECT * FROM '" + csv + "'");
        int n = 0;
        for (String query : queries) {
            String spec = "s" + ++n;
            CliRun.Result r = cli.run("spec", "create", spec, "--query", query, "--qi", "sex", "--k", "1", "--release", "r" + n);
            CliRun.assertRefused(r, "spec '" + spec + "': the source query");
            assertFalse(r.toString().contains(SECRET), r.toString());
            assertFalse(r.toString().contains("root:"), r.toString());
        }
        // a query over tables still reads, snapshots and releases (the rest of the run needs no file access)
        assertEquals(0, cli.run("spec", "create", "fine", "--query", "SELECT sex, zipcode, disease FROM patients", "--qi", "sex,zipcode",
                "--hierarchy", "sex=patients.sex", "--hierarchy", "zipcode=patients.zipcode", "--k", "2", "--release", "fine").exitCode());
        CliRun.Result run = cli.run("run", "fine");
        assertEquals(0, run.exitCode(), run.toString());
        assertEquals(0, cli.run("verify", "fine").exitCode());
    }

    @DatabaseTest(only = TestDatabases.Kind.MARIADB)
    void aMariaDbSourceQueryWritesNoFile(ConnectionSettings settings) throws Exception {
        try (Database db = Database.openScratch(settings)) {
            CliRun cli = new CliRun(settings).withPaperTable("incognito-patients", "patients", "incognito-patients_");
            // the test's server runs beside it; its account here (root) holds FILE, as an engine's must not
            Path out = Path.of("/tmp", "kanon_outfile_" + System.nanoTime());
            Path dump = Path.of("/tmp", "kanon_dumpfile_" + System.nanoTime());
            for (String query : List.of("SELECT sex FROM patients INTO OUTFILE '" + out + "'",
                    "SELECT sex FROM patients LIMIT 1 INTO DUMPFILE '" + dump + "'",
                    "SELECT sex FROM patients INTO OUTFILE '" + out + "' -- a comment")) {
                CliRun.assertRefused(cli.run("spec", "create", "s", "--query", query, "--qi", "sex", "--k", "2", "--release", "r"),
                        "spec 's': the source query");
                assertFalse(Files.exists(out), query);
                assertFalse(Files.exists(dump), query);
            }
        }
    }
}
