package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.db.Views;
import org.kanon.testing.PaperTables;
import org.kanon.testing.TestDatabases;

/**
 * Issue 19, item 1: the reader role of sql/postgres/least-privilege.sql cannot get at the rows a release view
 * filters out, nor at a value it generalizes away. Patients at &lt;S0, Z1&gt;, k = 2, two rows suppressed: (Male,
 * 53715, Flu) and (Female, 53715, Hepatitis). The reader tries both tricks that worked on a plain view: a cheap
 * {@code pg_temp} function in the WHERE clause that records every row it is shown, and a CASE whose cast fails with
 * the text of a suppressed row. PostgreSQL only: embedded Derby has no reader role (see the README).
 */
class ReaderLeakCliTest {
    private static final List<String> SUPPRESSED = List.of("Flu", "Hepatitis");
    private static final List<String> RAW_ZIPCODES = List.of("53715", "53703", "53706");

    @Test
    @DisplayName("A reader sees neither a suppressed row nor a raw QI value through a release view, by a pg_temp function or a failing cast")
    void readerCannotSeeSuppressedRows() throws Exception {
        assumeTrue(TestDatabases.pgUrl() != null, TestDatabases.PG_VARIABLE + " is not set: PostgreSQL only");
        assumeTrue(LeastPrivilegeCliTest.onPath("psql"), "psql is not on the PATH: the script is a psql script");
        String suffix = UUID.randomUUID().toString().replace("-", "").substring(0, 10);
        String engine = "kanon_engine_" + suffix;
        String reader = "kanon_reader_" + suffix;
        String enginePassword = UUID.randomUUID().toString();
        String readerPassword = UUID.randomUUID().toString();
        ConnectionSettings dba = TestDatabases.fresh(TestDatabases.Kind.POSTGRES);
        try {
            try (Connection c = DriverManager.getConnection(dba.url(), dba.user(), null); Statement s = c.createStatement()) {
                s.execute("CREATE SCHEMA clinic");
                LeastPrivilegeCliTest.createTable(c, "clinic.patients",
                        "birthdate VARCHAR(10), sex VARCHAR(10), zipcode VARCHAR(5), disease VARCHAR(40)", PaperTables.PATIENTS_CSV, 4);
            }
            LeastPrivilegeCliTest.runScript(dba, engine, reader);
            try (Connection c = DriverManager.getConnection(dba.url(), dba.user(), null); Statement s = c.createStatement()) {
                s.execute("ALTER ROLE " + engine + " PASSWORD '" + enginePassword + "'"); // uuids: nothing to escape
                s.execute("ALTER ROLE " + reader + " PASSWORD '" + readerPassword + "'");
                // what the attack needs: temporary objects (PUBLIC has this right by default; granted to be sure)
                s.execute("GRANT TEMPORARY ON DATABASE " + dba.url().replaceFirst("^.*/([^/?]+)(\\?.*)?$", "$1") + " TO " + reader);
            }
            ConnectionSettings engineSettings = new ConnectionSettings(dba.url(), engine, enginePassword);
            CliRun cli = new CliRun(engineSettings);
            ok(cli.run("hierarchy", "import", "--table", "clinic.patients", "--dir", PaperTables.PAPERS.toString(),
                    "--prefix", PaperTables.PATIENTS_PREFIX));
            ok(cli.run("release", "--table", "clinic.patients", "--qi", "sex,zipcode", "--levels", "0,1", "--k", "2",
                    "--suppression", "2", "--name", "r_view"));
            ok(cli.run("anonymize", "--table", "clinic.patients", "--qi", "sex,zipcode", "--k", "2", "--name", "r_old"));
            try (Database db = Database.open(engineSettings)) {
                assertTrue(Views.isSecurityBarrier(db.dsl(), "kanon_release", "r_view"), "the release view is a security barrier");
                assertTrue(Views.isSecurityBarrier(db.dsl(), "kanon_release", "r_old"), "so is the view of a search's release");
                // a view released before kanon made them barriers: running the DBA's script again makes it one
                db.dsl().execute("ALTER VIEW kanon_release.r_old RESET (security_barrier)");
                assertFalse(Views.isSecurityBarrier(db.dsl(), "kanon_release", "r_old"));
                // a barrier made before kanon wrapped its views in OFFSET 0, filtering as a release view does
                db.dsl().execute("CREATE VIEW kanon_release.r_legacy WITH (security_barrier = true) AS SELECT p.* FROM clinic.patients p"
                        + " JOIN (SELECT sex, zipcode FROM clinic.patients GROUP BY sex, zipcode HAVING COUNT(*) >= 2) c"
                        + " ON c.sex = p.sex AND c.zipcode = p.zipcode");
                LeastPrivilegeCliTest.runScript(dba, engine, reader);
                assertTrue(Views.isSecurityBarrier(db.dsl(), "kanon_release", "r_old"), "the script marks the old view");
            }

            try (Connection c = DriverManager.getConnection(dba.url(), reader, readerPassword); Statement s = c.createStatement()) {
                assertEquals("4", LeastPrivilegeCliTest.single(c, "SELECT COUNT(*) FROM kanon_release.r_view"), "two rows suppressed");
                // trick 1: no function at all, a cast that fails with the text of the row it is evaluated on
                assertEquals("4", LeastPrivilegeCliTest.single(c, "SELECT COUNT(*) FROM kanon_release.r_view WHERE "
                        + "(CASE WHEN disease IN ('Flu', 'Hepatitis') THEN (disease || '#' || birthdate)::int ELSE 1 END) = 1"),
                        "the cast never meets a suppressed row");
                assertEquals("4", LeastPrivilegeCliTest.single(c, "SELECT COUNT(*) FROM kanon_release.r_view WHERE "
                        + "(CASE WHEN zipcode <> '5370*' THEN (zipcode || '#' || disease)::int ELSE 1 END) = 1"),
                        "the cast never meets a raw zipcode");
                // trick 2: a function of the reader's own, so cheap the planner would run it first, records what it sees
                s.execute("CREATE TEMPORARY TABLE seen (v TEXT)");
                s.execute("CREATE FUNCTION pg_temp.peek(v TEXT) RETURNS BOOLEAN LANGUAGE plpgsql COST 0.0000001 AS "
                        + "$$ BEGIN INSERT INTO pg_temp.seen VALUES (v); RAISE NOTICE 'peek %', v; RETURN TRUE; END $$");
                assertEquals("4", LeastPrivilegeCliTest.single(c, "SELECT COUNT(*) FROM kanon_release.r_view "
                        + "WHERE pg_temp.peek(disease || '#' || sex || '#' || zipcode)"));
                List<String> seen = column(c, "SELECT v FROM pg_temp.seen");
                assertEquals(4, seen.size(), "the function saw exactly the released rows: " + seen);
                for (String v : seen) {
                    String[] parts = v.split("#");
                    assertFalse(SUPPRESSED.contains(parts[0]), "a suppressed row reached the reader's function: " + seen);
                    assertFalse(RAW_ZIPCODES.contains(parts[2]), "a generalized-away zipcode reached the reader's function: " + seen);
                }
                // trick 3: a leakproof condition (text =) may be pushed below a barrier's filter; EXPLAIN ANALYZE would
                // then count the suppressed rows it matches. A condition met by suppressed rows only must show the same
                // plan, node for node and row for row, as one met by no row at all.
                for (String view : List.of("r_view", "r_legacy")) {
                    String suppressedOnly = plan(c, view, "Flu");
                    assertEquals(plan(c, view, "no such disease"), suppressedOnly, view + ": EXPLAIN ANALYZE told a suppressed row from none");
                    assertTrue(suppressedOnly.contains("actual rows=4"), view + ": the plan still shows the released rows: " + suppressedOnly);
                }
            }
        } finally {
            TestDatabases.dispose(dba);
            try (Connection c = DriverManager.getConnection(TestDatabases.pgUrl(), TestDatabases.pgUser(), null);
                 Statement s = c.createStatement()) {
                s.execute("DROP ROLE IF EXISTS " + engine + ", " + reader);
            }
        }
    }

    private static CliRun.Result ok(CliRun.Result r) {
        assertEquals(ExitCodes.OK, r.exitCode(), r.toString());
        return r;
    }

    /** The reader's EXPLAIN ANALYZE of a release view filtered by disease = {@code value}, with the value itself blanked. */
    private static String plan(Connection c, String view, String value) throws SQLException {
        List<String> lines = column(c, "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT * FROM kanon_release." + view
                + " WHERE disease = '" + value + "'");
        return String.join("\n", lines).replace(value, "?").replaceAll("Memory Usage: \\d+kB", "");
    }

    private static List<String> column(Connection c, String sql) throws SQLException {
        List<String> values = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                values.add(rs.getString(1));
            }
        }
        return values;
    }
}
