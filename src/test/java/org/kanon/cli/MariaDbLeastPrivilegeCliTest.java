package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.kanon.db.ConnectionSettings;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;
import org.kanon.testing.TestDatabases;

/**
 * sql/mariadb/least-privilege.sql on a fresh MariaDB database, run by the mariadb client as the DBA: the engine's
 * account runs the real command line, the reader's reads what it may. MariaDB's counterpart of LeastPrivilegeCliTest.
 */
class MariaDbLeastPrivilegeCliTest {
    private static final Path SCRIPT = Path.of("sql", "mariadb", "least-privilege.sql");

    @DatabaseTest(only = TestDatabases.Kind.MARIADB)
    @DisplayName("least-privilege.sql (MariaDB): the engine reads the source and writes its own databases only; the reader reads releases only")
    void engineAndReaderHaveLeastPrivilege(ConnectionSettings dba) throws Exception {
        String client = onPath("mariadb") ? "mariadb" : onPath("mysql") ? "mysql" : null;
        assumeTrue(client != null, "no mariadb/mysql client on the PATH: the script is a client script");
        String suffix = UUID.randomUUID().toString().replace("-", "").substring(0, 10);
        String engine = "kanon_engine_" + suffix;
        String reader = "kanon_reader_" + suffix;
        String enginePassword = UUID.randomUUID().toString();
        String readerPassword = UUID.randomUUID().toString();
        String database = dba.url().replaceFirst("^jdbc:[a-z]+://[^/]*/([^?]*).*$", "$1");
        try {
            try (Connection c = DriverManager.getConnection(dba.url())) {
                try (Statement s = c.createStatement()) {
                    s.execute("CREATE TABLE patients (birthdate VARCHAR(10), sex VARCHAR(10), zipcode VARCHAR(5), disease VARCHAR(40))");
                }
                try (java.sql.PreparedStatement insert = c.prepareStatement("INSERT INTO patients VALUES (?, ?, ?, ?)")) {
                    List<String> lines = java.nio.file.Files.readAllLines(PaperTables.PATIENTS_CSV);
                    for (String line : lines.subList(1, lines.size())) {
                        if (!line.isBlank()) {
                            String[] values = line.split(",", -1);
                            for (int i = 0; i < 4; i++) {
                                insert.setString(i + 1, values[i]);
                            }
                            insert.executeUpdate();
                        }
                    }
                }
            }
            // the variables, then the script, on the client's standard input (as `mariadb < script` after SETs)
            Process p = new ProcessBuilder(client, "-h", "127.0.0.1", "-P", "3306", "-u", "root").redirectErrorStream(true).start();
            try (var in = p.getOutputStream()) {
                in.write(("SET @db = '" + database + "', @engine = '" + engine + "', @reader = '" + reader + "';\n"
                        + java.nio.file.Files.readString(SCRIPT)).getBytes(java.nio.charset.StandardCharsets.UTF_8));
            }
            String said = new String(p.getInputStream().readAllBytes());
            assertTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0, said);
            try (Connection c = DriverManager.getConnection(dba.url()); Statement s = c.createStatement()) {
                s.execute("ALTER USER '" + engine + "'@'%' IDENTIFIED BY '" + enginePassword + "'"); // uuids: nothing to escape
                s.execute("ALTER USER '" + reader + "'@'%' IDENTIFIED BY '" + readerPassword + "'");
            }
            String engineUrl = TestDatabases.mariaDbUrl(database).replaceFirst("user=root&?", "user=" + engine + "&password=" + enginePassword);
            // the reader connects to the releases' database: it has no right on the source database at all
            String readerUrl = TestDatabases.mariaDbUrl(database + "_kanon_release").replaceFirst("user=root&?", "user=" + reader + "&password=" + readerPassword);

            // the engine, through the command line: catalog migrated into the pre-created databases, hierarchies bound,
            // a view and a table released and verified
            CliRun cli = new CliRun(new ConnectionSettings(engineUrl, null, null));
            ok(cli.run("hierarchy", "import", "--table", "patients", "--dir", PaperTables.PAPERS.toString(), "--prefix", PaperTables.PATIENTS_PREFIX));
            ok(cli.run("anonymize", "--table", "patients", "--qi", "birthdate,sex,zipcode", "--k", "2", "--name", "r_view"));
            ok(cli.run("anonymize", "--table", "patients", "--qi", "birthdate,sex,zipcode", "--k", "2", "--executor", "sql", "--name", "r_sql"));
            ok(cli.run("release", "--table", "patients", "--qi", "birthdate,sex,zipcode", "--levels", "1,1,2", "--k", "2",
                    "--materialize", "--name", "r_table"));
            ok(cli.run("verify", "r_view"));

            String release = database + "_kanon_release";
            try (Connection c = DriverManager.getConnection(engineUrl)) {
                for (String sql : List.of("INSERT INTO patients VALUES ('1/1/00', 'Male', '53715', 'Flu')",
                        "UPDATE patients SET disease = 'Flu'", "DELETE FROM patients", "CREATE TABLE copy (a INT)", "DROP TABLE patients")) {
                    assertDenied(c, sql);
                }
                assertEquals("6", single(c, "SELECT COUNT(*) FROM patients"), "the source is untouched");
                // no FILE privilege: a source query reads no file on the server and writes none
                assertNull(single(c, "SELECT LOAD_FILE('/etc/passwd')"), "LOAD_FILE reads nothing without the FILE privilege");
                assertDenied(c, "SELECT 1 INTO OUTFILE '/tmp/kanon_engine_" + suffix + "'");
            }
            try (Connection c = DriverManager.getConnection(readerUrl)) {
                // the view runs with its definer's (the engine's) rights: no right on the source needed
                assertEquals("6", single(c, "SELECT COUNT(*) FROM " + release + ".r_view"));
                assertEquals("6", single(c, "SELECT COUNT(*) FROM " + release + ".r_sql"));
                assertEquals("6", single(c, "SELECT COUNT(*) FROM " + release + ".r_table"));
                for (String relation : List.of(database + ".patients", database + "_kanon.releases", database + "_kanon.flyway_schema_history")) {
                    assertDenied(c, "SELECT COUNT(*) FROM " + relation);
                }
                assertDenied(c, "CREATE TABLE " + release + ".mine (a INT)");
            }
        } finally {
            try (Connection c = DriverManager.getConnection(TestDatabases.mariadbUrl()); Statement s = c.createStatement()) {
                s.execute("DROP USER IF EXISTS '" + engine + "'@'%', '" + reader + "'@'%'");
            }
        }
    }

    private static CliRun.Result ok(CliRun.Result r) {
        assertEquals(ExitCodes.OK, r.exitCode(), r.toString());
        return r;
    }

    /** MariaDB refuses with an access-denied error (SQLSTATE 42000, error 1142/1044/1045 and kin). */
    private static void assertDenied(Connection c, String sql) {
        SQLException e = assertThrows(SQLException.class, () -> {
            try (Statement s = c.createStatement()) {
                s.execute(sql);
            }
        }, sql);
        assertTrue(e.getMessage().toLowerCase().contains("denied"), sql + ": " + e.getMessage());
    }

    private static String single(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static boolean onPath(String program) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (java.nio.file.Files.isExecutable(Path.of(dir, program))) {
                return true;
            }
        }
        return false;
    }
}
