package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.TestDatabases;

/** The engine from SQL on embedded Derby: CALL KANON.RUN_SPEC / CHECK_K / VERIFY_RELEASE on a plain JDBC connection. */
class DerbyProceduresTest {

    @DatabaseTest(only = TestDatabases.Kind.DERBY)
    void runSpecCheckKAndVerifyReleaseFromSql(ConnectionSettings settings) throws Exception {
        try (Database db = Database.openScratch(settings);
             Connection sql = DriverManager.getConnection(settings.url())) {
            CliRun cli = new CliRun(settings).withPaperTable("incognito-patients", "patients", "incognito-patients_");
            SpecWorkflowCliTest.runReadmeExample(db);

            // the patients table as it is: every row is its own class
            assertEquals(List.of(List.of("NO", "6", "1", "6")), call(sql, "CALL KANON.CHECK_K('patients', 'birthdate,sex,zipcode', 2)"));
            assertEquals(List.of(List.of("YES", "2", "3", "0")), call(sql, "CALL KANON.CHECK_K('patients', 'sex', 2)"));

            List<List<String>> run = call(sql, "CALL KANON.RUN_SPEC('patients_k2')");
            assertEquals(1, run.size());
            assertEquals("RELEASED", run.get(0).get(1), run.toString());
            assertEquals("patients_pub", run.get(0).get(2));
            // the release is registered, its rows readable from the same SQL session, and verified from SQL
            assertEquals(6, count(sql, "SELECT COUNT(*) FROM KANON_RELEASE.PATIENTS_PUB"));
            assertEquals(1, count(sql, "SELECT COUNT(*) FROM KANON.RELEASES WHERE RELEASE_NAME = 'patients_pub'"));
            assertEquals(1, count(sql, "SELECT COUNT(*) FROM KANON.SPEC_RUNS WHERE STATUS = 'RELEASED' AND WORKER = 'CALL KANON.RUN_SPEC'"));
            assertEquals(List.of(List.of("verdict", "verified")), call(sql, "CALL KANON.VERIFY_RELEASE('patients_pub')"));
            // a re-check altered in the register is reported, never run
            String original;
            try (var s = sql.createStatement(); ResultSet rs = s.executeQuery("SELECT RECHECK_SQL FROM KANON.RELEASES WHERE RELEASE_NAME = 'patients_pub'")) {
                rs.next();
                original = rs.getString(1);
            }
            try (var s = sql.prepareStatement("UPDATE KANON.RELEASES SET RECHECK_SQL = ? WHERE RELEASE_NAME = 'patients_pub'")) {
                s.setString(1, "DELETE FROM PATIENTS");
                s.executeUpdate();
            }
            List<List<String>> altered = call(sql, "CALL KANON.VERIFY_RELEASE('patients_pub')");
            assertTrue(altered.get(0).get(1).startsWith("NOT verified"), altered.toString());
            assertTrue(altered.toString().contains("the stored re-check SQL was altered"), altered.toString());
            assertEquals(6, count(sql, "SELECT COUNT(*) FROM PATIENTS"));
            try (var s = sql.prepareStatement("UPDATE KANON.RELEASES SET RECHECK_SQL = ? WHERE RELEASE_NAME = 'patients_pub'")) {
                s.setString(1, original);
                s.executeUpdate();
            }
            assertEquals(List.of(List.of("verdict", "verified")), call(sql, "CALL KANON.VERIFY_RELEASE('patients_pub')"));
            assertEquals("RELEASED", call(sql, "CALL KANON.RUN_SPEC('patients_k2')").get(0).get(1));
            assertEquals(1, count(sql, "SELECT COUNT(*) FROM KANON.RELEASES WHERE RELEASE_NAME = 'patients_pub_v2'"));

            // a release broken by hand is caught
            assertEquals(0, cli.run("release", "--table", "patients", "--qi", "birthdate,sex,zipcode", "--levels", "1,1,0", "--k", "2",
                    "--name", "broken", "--materialize").exitCode());
            try (var s = sql.createStatement()) {
                s.executeUpdate("DELETE FROM KANON_RELEASE.BROKEN WHERE DISEASE = 'Flu'");
            }
            List<List<String>> verdict = call(sql, "CALL KANON.VERIFY_RELEASE('broken')");
            assertTrue(verdict.get(0).get(1).startsWith("NOT verified"), verdict.toString());
            assertTrue(verdict.size() > 1);

            assertEquals(List.of(List.of("broken", "KANON_RELEASE.BROKEN")), call(sql, "CALL KANON.DROP_RELEASE('broken')"));
            assertEquals(0, count(sql, "SELECT COUNT(*) FROM KANON.RELEASES WHERE RELEASE_NAME = 'broken'"));
            assertEquals(0, count(sql, "SELECT COUNT(*) FROM SYS.SYSTABLES WHERE TABLENAME = 'BROKEN'"));

            // bad input: one clear SQL error naming what is wrong
            SQLException missing = assertThrows(SQLException.class, () -> call(sql, "CALL KANON.RUN_SPEC('nope')"));
            assertTrue(messages(missing).contains("no release specification named 'nope'"), messages(missing));
            SQLException column = assertThrows(SQLException.class, () -> call(sql, "CALL KANON.CHECK_K('patients', 'colour', 2)"));
            assertTrue(messages(column).toLowerCase().contains("colour"), messages(column));
        }
    }

    /** A NULL argument gets one clear error and leaves the SQL session usable (Derby broke it on a NULL for an int). */
    @DatabaseTest(only = TestDatabases.Kind.DERBY)
    void nullArgumentsAreRefusedAndTheSessionStaysUsable(ConnectionSettings settings) throws Exception {
        try (Database db = Database.openScratch(settings);
             Connection sql = DriverManager.getConnection(settings.url())) {
            new CliRun(settings).withPaperTable("incognito-patients", "patients", "incognito-patients_");
            for (String[] bad : new String[][] {{"CALL KANON.CHECK_K(NULL, NULL, NULL)", "table is NULL"},
                    {"CALL KANON.CHECK_K('patients', 'sex', NULL)", "k is NULL"},
                    {"CALL KANON.CHECK_K('patients', NULL, 2)", "quasi_identifiers is NULL"},
                    {"CALL KANON.RUN_SPEC(NULL)", "spec_name is NULL"},
                    {"CALL KANON.VERIFY_RELEASE(NULL)", "release_name is NULL"},
                    {"CALL KANON.DROP_RELEASE(NULL)", "release_name is NULL"}}) {
                SQLException e = assertThrows(SQLException.class, () -> call(sql, bad[0]), bad[0]);
                assertEquals("38KAN", e.getSQLState(), bad[0] + ": " + messages(e));
                assertTrue(e.getMessage().contains(bad[1]), bad[0] + ": " + messages(e));
                // the session still runs statements, and the procedure itself
                assertEquals(6, count(sql, "SELECT COUNT(*) FROM PATIENTS"), bad[0]);
            }
            assertEquals(List.of(List.of("YES", "2", "3", "0")), call(sql, "CALL KANON.CHECK_K('patients', 'sex', 2)"));
        }
    }

    private static List<List<String>> call(Connection c, String sql) throws SQLException {
        List<List<String>> rows = new ArrayList<>();
        try (CallableStatement cs = c.prepareCall(sql)) {
            cs.execute();
            try (ResultSet rs = cs.getResultSet()) {
                while (rs.next()) {
                    List<String> row = new ArrayList<>();
                    for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                        row.add(rs.getString(i));
                    }
                    rows.add(row);
                }
            }
        }
        return rows;
    }

    private static long count(Connection c, String sql) throws SQLException {
        try (var s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static String messages(SQLException e) {
        StringBuilder all = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            all.append(t.getMessage()).append(" | ");
        }
        return all.toString();
    }
}
