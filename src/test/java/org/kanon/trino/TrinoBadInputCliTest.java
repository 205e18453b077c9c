package org.kanon.trino;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.kanon.cli.CliRun;
import org.kanon.cli.ExitCodes;
import org.kanon.testing.PaperTables;
import org.kanon.testing.TestDatabases;
import org.kanon.testing.TrinoTesting;

/** Bad input on Trino: one line on stderr, exit 2, nothing written (neither in the lake nor in the catalog database). */
class TrinoBadInputCliTest {

    /** Whether the in-memory Derby database of this URL exists (kanon created it). */
    private static boolean derbyExists(String url) {
        String bare = url.substring(0, url.indexOf(';'));
        try (Connection ignored = DriverManager.getConnection(bare)) {
            return true;
        } catch (SQLException e) {
            return false; // XJ004: database not found
        }
    }

    /** Runs the command with its own catalog database: the result, and asserts the catalog database was never created. */
    private static CliRun.Result runWithoutWriting(String db, String... args) throws SQLException {
        return run(db, true, args);
    }

    /** {@code catalogUntouched}: assert that the catalog database was never created. Nothing is imported into the lake either way. */
    private static CliRun.Result run(String db, boolean catalogUntouched, String... args) throws SQLException {
        String catalog = TrinoTesting.freshCatalogUrl();
        Set<String> lake = TrinoTesting.tables(TrinoTesting.schema());
        String[] all = new String[args.length + 6];
        System.arraycopy(new String[] {"--db", db, "--user", TrinoTesting.USER, "--catalog-db", catalog}, 0, all, 0, 6);
        System.arraycopy(args, 0, all, 6, args.length);
        try {
            CliRun.Result r = TrinoCli.execute(all);
            if (catalogUntouched) {
                assertFalse(derbyExists(catalog), "no catalog database was created: " + r);
            }
            assertEquals(lake, TrinoTesting.tables(TrinoTesting.schema()), "nothing imported into the lake");
            return r;
        } finally {
            TestDatabases.dispose(new org.kanon.db.ConnectionSettings(catalog, null, null));
        }
    }

    private static String host() {
        return TrinoTesting.url().replaceFirst("^(jdbc:trino://[^/?]*).*$", "$1");
    }

    @Test
    @DisplayName("Trino: a URL without catalog and schema is refused, exit 2, one line naming the form")
    void urlWithoutCatalogAndSchema() throws Exception {
        String table = TrinoTesting.unique("nourl");
        CliRun.Result r = runWithoutWriting(host(), "import", PaperTables.PATIENTS_CSV.toString(), "--table", table);
        TrinoAssertions.assertRefused(r, "jdbc:trino://host:port/<catalog>/<schema>");
        CliRun.Result catalogOnly = runWithoutWriting(host() + "/" + TrinoTesting.catalog(), "release", "list");
        TrinoAssertions.assertRefused(catalogOnly, "catalog and schema");
    }

    @Test
    @DisplayName("Trino: a URL naming one of kanon's own schemas (kanon_release) is refused, exit 2")
    void urlOnKanonsOwnSchema() throws Exception {
        CliRun.Result r = runWithoutWriting(host() + "/" + TrinoTesting.catalog() + "/kanon_release", "release", "list");
        TrinoAssertions.assertRefused(r, "kanon's own");
    }

    @Test
    @DisplayName("Trino: an unreachable coordinator (port 1) is 'cannot connect', exit 2, one line, nothing written")
    void unreachableCoordinator() throws Exception {
        String url = "jdbc:trino://127.0.0.1:1/" + TrinoTesting.catalog() + "/" + TrinoTesting.schema();
        long start = System.nanoTime();
        // the coordinator is asked first: an unreachable one leaves no catalog database behind (no ./kanon-catalog)
        CliRun.Result r = runWithoutWriting(url, "import", PaperTables.PATIENTS_CSV.toString(), "--table", TrinoTesting.unique("gone"));
        TrinoAssertions.assertRefused(r, "cannot connect", "127.0.0.1:1");
        assertTrue(System.nanoTime() - start < 60_000_000_000L, "refused within a minute");
    }

    @Test
    @DisplayName("Trino: a catalog kanon cannot write in (system) is refused, exit 2, one line with Trino's reason, nothing written")
    void catalogThatCannotWrite() throws Exception {
        CliRun.Result r = runWithoutWriting(host() + "/system/runtime", "release", "list");
        TrinoAssertions.assertRefused(r, "kanon cannot write its schemas in", "does not support creating schemas");
        assertFalse(r.err().contains("Query failed (#"), "the driver's query id is not part of the line: " + r);
    }

    @Test
    @DisplayName("Trino: --catalog-db naming a Trino URL is refused (it has no transactions), exit 2, nothing written")
    void catalogOnTrinoRefused() throws Exception {
        String table = TrinoTesting.unique("catdb");
        CliRun.Result r = TrinoCli.execute("--db", TrinoTesting.url(), "--user", TrinoTesting.USER, "--catalog-db", TrinoTesting.url(),
                "import", PaperTables.PATIENTS_CSV.toString(), "--table", table);
        TrinoAssertions.assertRefused(r, "--catalog-db", "cannot keep kanon's catalog");
        assertFalse(TrinoTesting.tables(TrinoTesting.schema()).contains(table), "the table was not imported");
    }

    @Test
    @DisplayName("Trino: a table that does not exist is refused, exit 2, one line naming it")
    void missingTable() throws Exception {
        String table = TrinoTesting.unique("absent");
        String catalog = TrinoTesting.freshCatalogUrl();
        try {
            CliRun.Result r = TrinoCli.execute("--db", TrinoTesting.url(), "--user", TrinoTesting.USER, "--catalog-db", catalog,
                    "anonymize", "--table", table, "--qi", "a,b", "--k", "2");
            TrinoAssertions.assertRefused(r, table);
            assertEquals(ExitCodes.USAGE, r.exitCode());
        } finally {
            TestDatabases.dispose(new org.kanon.db.ConnectionSettings(catalog, null, null));
        }
    }
}
