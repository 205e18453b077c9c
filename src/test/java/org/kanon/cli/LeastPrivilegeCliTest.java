package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.kanon.db.ConnectionSettings;
import org.kanon.testing.PaperTables;
import org.kanon.testing.TestDatabases;

/**
 * Issue 8, item 7: sql/postgres/least-privilege.sql on a fresh PostgreSQL database. The engine's role runs the real
 * engine through the command line while it may only read the source schema; the consumer's role reads releases
 * (a view over the source, a table, a two-table release) and is refused the source, the catalog, the dimension
 * tables and the private partition record. PostgreSQL only; the script runs through psql, as a DBA would run it.
 */
class LeastPrivilegeCliTest {
    private static final Path SCRIPT = Path.of("sql", "postgres", "least-privilege.sql");
    private static final Pattern HOST_PORT = Pattern.compile("^jdbc:postgresql://([^/:?]+)(?::(\\d+))?/");
    private static final String PERMISSION_DENIED = "42501";

    @Test
    @DisplayName("least-privilege.sql: the engine reads the source and writes its own schemas only; the consumer reads releases only")
    void engineAndConsumerHaveLeastPrivilege() throws Exception {
        assumeTrue(TestDatabases.pgUrl() != null, TestDatabases.PG_VARIABLE + " is not set: PostgreSQL only");
        assumeTrue(onPath("psql"), "psql is not on the PATH: the script is a psql script");
        String suffix = UUID.randomUUID().toString().replace("-", "").substring(0, 10);
        String engine = "kanon_engine_" + suffix;
        String reader = "kanon_reader_" + suffix;
        String enginePassword = UUID.randomUUID().toString();
        String readerPassword = UUID.randomUUID().toString();
        ConnectionSettings dba = TestDatabases.fresh(TestDatabases.Kind.POSTGRES);
        try {
            try (Connection c = DriverManager.getConnection(dba.url(), dba.user(), null); Statement s = c.createStatement()) {
                s.execute("CREATE SCHEMA clinic");
                createTable(c, "clinic.patients", "birthdate VARCHAR(10), sex VARCHAR(10), zipcode VARCHAR(5), disease VARCHAR(40)",
                        PaperTables.PATIENTS_CSV, 4);
                createTable(c, "clinic.t1", "name VARCHAR(20), age INTEGER, sex VARCHAR(1), disease VARCHAR(20)",
                        PaperTables.PAPERS.resolve("permutation-table1.csv"), 4);
            }
            runScript(dba, engine, reader);
            try (Connection c = DriverManager.getConnection(dba.url(), dba.user(), null); Statement s = c.createStatement()) {
                s.execute("ALTER ROLE " + engine + " PASSWORD '" + enginePassword + "'"); // uuids: nothing to escape
                s.execute("ALTER ROLE " + reader + " PASSWORD '" + readerPassword + "'");
            }

            // the engine, through the command line: catalog migrated into the pre-created schemas, hierarchies bound,
            // a view, a table and a two-table release written
            CliRun cli = new CliRun(new ConnectionSettings(dba.url(), engine, enginePassword));
            ok(cli.run("hierarchy", "import", "--table", "clinic.patients", "--dir", PaperTables.PAPERS.toString(),
                    "--prefix", PaperTables.PATIENTS_PREFIX));
            ok(cli.run("anonymize", "--table", "clinic.patients", "--qi", "birthdate,sex,zipcode", "--k", "2", "--name", "r_view"));
            ok(cli.run("anonymize", "--table", "clinic.patients", "--qi", "birthdate,sex,zipcode", "--k", "2",
                    "--executor", "sql", "--name", "r_sql"));
            ok(cli.run("release", "--table", "clinic.patients", "--qi", "birthdate,sex,zipcode", "--levels", "1,1,2", "--k", "2",
                    "--materialize", "--name", "r_table"));
            ok(cli.run("anonymize", "--table", "clinic.t1", "--qi", "age,sex", "--sensitive", "disease", "--l", "4",
                    "--algorithm", "permutation", "--name", "r_pa"));
            CliRun.Result list = ok(cli.run("release", "list"));
            assertTrue(list.out().lines().anyMatch(l -> l.startsWith("r_view\tkanon_release.r_view\tview\t")), list.out());

            String dimension;
            try (Connection c = DriverManager.getConnection(dba.url(), engine, enginePassword)) {
                for (String sql : List.of("INSERT INTO clinic.patients VALUES ('1/1/00', 'Male', '53715', 'Flu')",
                        "UPDATE clinic.patients SET disease = 'Flu'", "DELETE FROM clinic.patients",
                        "TRUNCATE clinic.patients", "CREATE TABLE clinic.copy (a INT)")) {
                    assertDenied(c, sql);
                }
                dimension = single(c, "SELECT dimension_schema || '.' || dimension_table FROM kanon.hierarchies ORDER BY id FETCH FIRST 1 ROW ONLY");
                assertEquals("6", single(c, "SELECT COUNT(*) FROM clinic.patients"), "the source is untouched");
            }

            try (Connection c = DriverManager.getConnection(dba.url(), reader, readerPassword)) {
                // the view runs with its owner's (the engine's) rights: no right on the source needed
                assertEquals("6", single(c, "SELECT COUNT(*) FROM kanon_release.r_view"));
                assertEquals("6", single(c, "SELECT COUNT(*) FROM kanon_release.r_sql"));
                assertEquals("6", single(c, "SELECT COUNT(*) FROM kanon_release.r_table"));
                assertEquals("9", single(c, "SELECT COUNT(*) FROM kanon_release.r_pa_pqt"));
                assertEquals("9", single(c, "SELECT COUNT(*) FROM kanon_release.r_pa_pst"));
                for (String relation : List.of("clinic.patients", "clinic.t1", "kanon.releases", "kanon.flyway_schema_history",
                        dimension, "kanon.r_pa_partition")) {
                    assertDenied(c, "SELECT COUNT(*) FROM " + relation);
                }
                assertDenied(c, "CREATE TABLE kanon_release.mine (a INT)");
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

    /** Creates a table as the DBA and fills it from a paper's CSV (header row, no quoted fields). */
    static void createTable(Connection c, String table, String columns, Path csv, int width) throws Exception {
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE " + table + " (" + columns + ")");
        }
        String marks = String.join(", ", java.util.Collections.nCopies(width, "?"));
        try (PreparedStatement insert = c.prepareStatement("INSERT INTO " + table + " VALUES (" + marks + ")")) {
            List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
            for (String line : lines.subList(1, lines.size())) {
                if (line.isBlank()) {
                    continue;
                }
                String[] values = line.split(",", -1);
                for (int i = 0; i < width; i++) {
                    insert.setObject(i + 1, values[i], java.sql.Types.OTHER);
                }
                insert.executeUpdate();
            }
        }
    }

    /** psql -f sql/postgres/least-privilege.sql as the DBA, with the run's role names. */
    static void runScript(ConnectionSettings dba, String engine, String reader) throws Exception {
        Matcher m = HOST_PORT.matcher(dba.url());
        assertTrue(m.find(), dba.url());
        String database = dba.url().replaceFirst("^.*/([^/?]+)(\\?.*)?$", "$1");
        ProcessBuilder pb = new ProcessBuilder("psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", m.group(1),
                "-p", m.group(2) == null ? "5432" : m.group(2), "-U", dba.user(), "-d", database,
                "-v", "engine=" + engine, "-v", "reader=" + reader, "-v", "source=clinic", "-f", SCRIPT.toString())
                .redirectErrorStream(true);
        Process p = pb.start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "psql finished");
        assertEquals(0, p.exitValue(), output);
        assertFalse(output.contains("ERROR"), output);
    }

    private static void assertDenied(Connection c, String sql) {
        SQLException e = assertThrows(SQLException.class, () -> {
            try (Statement s = c.createStatement()) {
                s.execute(sql);
            }
        }, sql);
        assertEquals(PERMISSION_DENIED, e.getSQLState(), sql + ": " + e.getMessage());
    }

    static String single(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            assertTrue(rs.next(), sql);
            return rs.getString(1);
        }
    }

    static boolean onPath(String program) {
        String path = System.getenv("PATH");
        return path != null && java.util.Arrays.stream(path.split(File.pathSeparator))
                .anyMatch(dir -> Files.isExecutable(Path.of(dir, program)));
    }
}
