package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.TestDatabases;

/** `kanon sql FILE`: Derby's ij on kanon's own connection, on Derby and PostgreSQL; failures located by line, exit 2. */
class SqlCliTest {
    @TempDir
    Path tmp;

    private Path script(String name, String text) throws Exception {
        Path f = tmp.resolve(name);
        Files.writeString(f, text);
        return f;
    }

    @DatabaseTest
    @DisplayName("sql FILE: a script creates a table, inserts, selects (rows shown) and reads kanon's catalog; exit 0")
    void runsScript(TestDatabases.Kind kind) throws Exception {
        ConnectionSettings settings = TestDatabases.fresh(kind);
        try {
            Path file = script("ok.sql", """
                    -- kanon sql: a first script
                    CREATE TABLE visits (id INT, city VARCHAR(20));
                    INSERT INTO visits VALUES (1, 'Madison'),
                                              (2, 'Oslo');
                    SELECT id, city FROM visits ORDER BY id;
                    SELECT COUNT(*) AS registered FROM kanon.releases;
                    """);
            CliRun.Result r = new CliRun(settings).run("sql", file.toString());
            assertEquals(ExitCodes.OK, r.exitCode(), r.toString());
            assertEquals("", r.err(), r.toString());
            assertTrue(r.out().contains("2 rows inserted/updated/deleted"), r.out());
            assertTrue(r.out().lines().anyMatch(l -> l.matches("1\\s+\\|Madison\\s*")), r.out());
            assertTrue(r.out().lines().anyMatch(l -> l.matches("2\\s+\\|Oslo\\s*")), r.out());
            assertTrue(r.out().contains("2 rows selected"), r.out());
            assertFalse(r.out().contains("CONNECTION0"), "ij's connection list (it shows the URL) is not passed on");
            try (Database db = Database.open(settings)) {
                assertEquals(2, db.dsl().fetchCount(DSL.table(db.ours(db.currentSchema(), "visits"))));
            }
        } finally {
            TestDatabases.dispose(settings);
        }
    }

    @DatabaseTest
    @DisplayName("sql FILE: a failing statement is reported with its line on stderr, the rest still runs; exit 2")
    void failingStatementGivesLineAndExit2(TestDatabases.Kind kind) throws Exception {
        ConnectionSettings settings = TestDatabases.fresh(kind);
        try {
            Path file = script("bad.sql", """
                    CREATE TABLE t (id INT);

                    -- the next statement names a table that does not exist
                    SELECT *
                      FROM no_such_table;
                    INSERT INTO t VALUES (7);
                    SELECT id FROM t;
                    """);
            CliRun.Result r = new CliRun(settings).run("sql", file.toString());
            assertEquals(ExitCodes.USAGE, r.exitCode(), r.toString());
            String state = kind == TestDatabases.Kind.DERBY ? "42X05" : "42P01";
            assertTrue(r.err().contains("kanon: " + file + ":4: ERROR " + state + ":"), r.err());
            assertTrue(r.err().contains("kanon: " + file + ": 1 statement failed"), r.err());
            assertEquals(2, r.err().lines().count(), r.err());
            assertTrue(r.out().lines().anyMatch(l -> l.matches("7\\s*")), "the statements after the failure ran\n" + r.out());
        } finally {
            TestDatabases.dispose(settings);
        }
    }

    @DatabaseTest
    @DisplayName("sql -: the script from standard input; the password from KANON_DB_PASSWORD never printed, even when an error quotes it")
    void standardInputAndPasswordMasked(TestDatabases.Kind kind) {
        ConnectionSettings settings = TestDatabases.fresh(kind);
        InputStream stdin = System.in;
        try {
            System.setIn(new ByteArrayInputStream("CREATE TABLE s (a INT);\nSELECT * FROM \"pw-s3cret\";\n".getBytes(StandardCharsets.UTF_8)));
            var cl = Kanon.commandLine(new Kanon().withEnvironment(Map.of("KANON_DB_PASSWORD", "pw-s3cret")));
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            cl.setOut(new PrintWriter(out, true));
            cl.setErr(new PrintWriter(err, true));
            String user = settings.user() == null ? "app" : settings.user();
            int code = cl.execute("--db", settings.url(), "--user", user, "sql", "-");
            assertEquals(ExitCodes.USAGE, code, out + "\n" + err);
            assertTrue(err.toString().startsWith("kanon: <stdin>:2: ERROR"), err.toString());
            assertTrue(err.toString().contains("<masked>"), err.toString());
            assertFalse(out.toString().contains("pw-s3cret") || err.toString().contains("pw-s3cret"), out + "\n" + err);
        } finally {
            System.setIn(stdin);
            TestDatabases.dispose(settings);
        }
    }

    @DatabaseTest
    @DisplayName("sql FILE: a missing file is refused in one line, exit 2")
    void missingFileRefused(TestDatabases.Kind kind) {
        ConnectionSettings settings = TestDatabases.fresh(kind);
        try {
            CliRun.assertRefused(new CliRun(settings).run("sql", tmp.resolve("nope.sql").toString()), "no such file", "nope.sql");
        } finally {
            TestDatabases.dispose(settings);
        }
    }
}
