package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
        return Files.writeString(tmp.resolve(name), text);
    }

    @DatabaseTest
    @DisplayName("sql FILE: a script creates a table, inserts, selects (rows shown) and reads kanon's catalog; exit 0")
    void runsScript(ConnectionSettings settings) throws Throwable {
        // kanon's catalog is schema kanon, or on MariaDB the database <db>_kanon
        String catalog = org.kanon.db.dialect.DatabaseProfiles.forUrl(settings.url()).namespace("KANON", settings.url());
        Path file = script("ok.sql", """
                -- kanon sql: a first script
                CREATE TABLE visits (id INT, city VARCHAR(20));
                INSERT INTO visits VALUES (1, 'Madison'),
                                          (2, 'Oslo');
                SELECT id, city FROM visits ORDER BY id;
                SELECT COUNT(*) AS registered FROM %s.releases;
                """.formatted(catalog));
        CliRun.Result r = new CliRun(settings).run("sql", file.toString());
        assertEquals(ExitCodes.OK, r.exitCode(), r.toString());
        assertEquals("", r.err(), r.toString());
        assertTrue(r.out().contains("2 rows inserted/updated/deleted"), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.matches("1\\s+\\|Madison\\s*")), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.matches("2\\s+\\|Oslo\\s*")), r.out());
        assertTrue(r.out().contains("2 rows selected"), r.out());
        assertFalse(r.out().contains("CONNECTION0"), "ij's connection list (it shows the URL) is not passed on");
        try (Database db = Database.open(settings)) {
            assertEquals(2, db.dsl().fetchCount(DSL.table(DSL.name(db.currentSchema(), db.identifiers().fold("visits")))));
        }
    }

    @DatabaseTest
    @DisplayName("sql FILE: a failing statement is reported with its line on stderr, the rest still runs; exit 2")
    void failingStatementGivesLineAndExit2(TestDatabases.Kind kind, ConnectionSettings settings) throws Throwable {
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
        // DuckDB's driver sets no SQLState: the console shows the one its profile derives (a catalog error: 42P01)
        String state = switch (kind) {
            case DERBY -> "42X05";
            case MARIADB -> "42S02";
            default -> "42P01";
        };
        assertTrue(r.err().contains("kanon: " + file + ":4: ERROR " + state + ":"), r.err());
        assertTrue(r.err().contains("kanon: " + file + ": 1 statement failed"), r.err());
        assertEquals(2, r.err().lines().count(), r.err());
        assertTrue(r.out().lines().anyMatch(l -> l.matches("7\\s*")), "the statements after the failure ran\n" + r.out());
    }

    @DatabaseTest
    @DisplayName("sql -: the script from standard input; the password from KANON_DB_PASSWORD never printed when an error quotes it")
    void standardInputAndPasswordMasked(TestDatabases.Kind kind, ConnectionSettings settings) throws Throwable {
        InputStream stdin = System.in;
        try {
            // MariaDB without ANSI_QUOTES (its default) reads "pw-s3cret" as a string: its identifiers are in backticks
            String quote = kind == TestDatabases.Kind.MARIADB ? "`" : "\"";
            System.setIn(new ByteArrayInputStream(("CREATE TABLE s (a INT);\nSELECT * FROM " + quote + "pw-s3cret" + quote + ";\n")
                    .getBytes(StandardCharsets.UTF_8)));
            String user = settings.user() == null ? "app" : settings.user();
            String url = settings.url();
            if (kind == TestDatabases.Kind.MARIADB) {
                user = passwordUser(settings, "pw-s3cret");
                url = url.replaceFirst("user=root&?", "");
            }
            CliRun.Result r;
            try {
                r = new CliRun(new ConnectionSettings(url, user, "pw-s3cret")).run("sql", "-");
            } finally {
                if (kind == TestDatabases.Kind.MARIADB) {
                    dropUser(settings, user);
                }
            }
            assertEquals(ExitCodes.USAGE, r.exitCode(), r.toString());
            assertTrue(r.err().startsWith("kanon: <stdin>:2: ERROR"), r.err());
            assertTrue(r.err().contains("<masked>"), r.err());
            assertFalse(r.err().contains("pw-s3cret"), r.toString());
            // ij's own error lines on stdout are masked too; only the echo of the script's own text shows it
            assertTrue(r.out().lines().filter(l -> l.contains("pw-s3cret")).allMatch(l -> l.startsWith("ij> ")), r.out());
        } finally {
            System.setIn(stdin);
        }
    }

    @DatabaseTest
    @DisplayName("sql: a one-character password masks no result; a URL's password is masked whole, its ; and & included")
    void passwordMaskedAsWholeTokensNeverInResults(TestDatabases.Kind kind, ConnectionSettings settings) throws Throwable {
        Path file = script("values.sql", """
                VALUES ('Madison e Oslo');
                show connections;
                """);
        // Derby ignores a password without authentication, trust auth on the test PostgreSQL too
        // Derby's and DuckDB's URLs take attributes after ';'
        boolean server = kind == TestDatabases.Kind.POSTGRES || kind == TestDatabases.Kind.MARIADB;
        String url = !server ? settings.url() + ";password=se&cr"
                : settings.url() + (settings.url().contains("?") ? "&" : "?") + "password=se;cr&et&ApplicationName=kanon";
        String user = settings.user();
        if (kind == TestDatabases.Kind.MARIADB) {
            // MariaDB checks every password: a user of its own with the given one (the test server's root has none);
            // the URL's is masked all the same
            user = passwordUser(settings, "se;cr"); // the URL's password wins; its driver ends it at the next &
            url = url.replaceFirst("user=root&?", "") + "&user=" + user;
        }
        CliRun.Result r;
        try {
            r = new CliRun(new ConnectionSettings(url, kind == TestDatabases.Kind.MARIADB ? null : user, "e")).run("sql", file.toString());
        } finally {
            if (kind == TestDatabases.Kind.MARIADB) {
                dropUser(settings, user);
            }
        }
        assertEquals(ExitCodes.OK, r.exitCode(), r.toString());
        assertTrue(r.out().lines().anyMatch(l -> l.strip().equals("Madison e Oslo")), "the row as the database returned it\n" + r.out());
        assertFalse(r.toString().contains("se;cr") || r.toString().contains("cr&et") || r.toString().contains("se&cr"), r.toString());
        String connection = r.out().lines().filter(l -> l.startsWith("CONNECTION0")).findFirst().orElseThrow(() -> new AssertionError(r.out()));
        if (kind == TestDatabases.Kind.POSTGRES) {
            assertTrue(connection.endsWith("password=<masked>&ApplicationName=kanon"), connection);
        }
        if (kind == TestDatabases.Kind.MARIADB) {
            assertTrue(connection.contains("password=<masked>&ApplicationName=kanon"), connection);
        }
        // the embedded drivers show the URL without its attributes; the servers' show it, the password masked
        assertEquals(server ? 1 : 0, r.out().split("<masked>", -1).length - 1, r.out());
    }

    /** MariaDB: a user with this password and every right (the test server's root has no password); returns its name. */
    private static String passwordUser(ConnectionSettings settings, String password) {
        String user = "kanon_pw_" + Long.toString(System.nanoTime(), 36);
        try (Database admin = Database.open(settings)) {
            admin.dsl().execute("CREATE USER '" + user + "'@'%' IDENTIFIED BY '" + password + "'");
            admin.dsl().execute("GRANT ALL PRIVILEGES ON *.* TO '" + user + "'@'%'");
        }
        return user;
    }

    private static void dropUser(ConnectionSettings settings, String user) {
        try (Database admin = Database.open(settings)) {
            admin.dsl().execute("DROP USER '" + user + "'@'%'");
        }
    }

    @DatabaseTest
    @DisplayName("sql FILE: a missing file is refused in one line, exit 2")
    void missingFileRefused(ConnectionSettings settings) throws Throwable {
        CliRun.assertRefused(new CliRun(settings).run("sql", tmp.resolve("nope.sql").toString()), "no such file", "nope.sql");
    }
}
