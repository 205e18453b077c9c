package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.db.dialect.MariaDbProfile;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;
import org.kanon.testing.TestDatabases;

/**
 * What only MariaDB (and MySQL's driver on it) does differently, end to end through the CLI: names whose case the
 * server keeps apart, its 64-character names, a server without ANSI_QUOTES, and a jdbc:mysql:// URL. Runs where the
 * test matrix has MariaDB ({@value TestDatabases#MARIADB_VARIABLE}).
 */
class MariaDbCliTest {
    @TempDir
    Path tmp;

    private static List<String> tables(ConnectionSettings settings) {
        try (Database db = Database.open(settings)) {
            return db.dsl().fetch("SELECT table_name FROM information_schema.tables WHERE table_schema = DATABASE() ORDER BY table_name")
                    .getValues(0, String.class);
        }
    }

    @DatabaseTest(only = TestDatabases.Kind.MARIADB)
    @DisplayName("A table name that differs only by case from an existing table is refused in one line, even with --replace")
    void aNameDifferingOnlyByCaseIsRefused(ConnectionSettings settings) throws Exception {
        try (Database db = Database.open(settings)) {
            // made outside kanon: the server keeps Adult and adult apart (lower_case_table_names=0)
            db.dsl().execute("CREATE TABLE `Adult` (age INT)");
            db.dsl().execute("INSERT INTO `Adult` VALUES (39)");
        }
        Path file = Files.writeString(tmp.resolve("adult.csv"), "age,sex\n50,Male\n");
        CliRun cli = new CliRun(settings);
        for (String[] args : List.of(new String[] {"import", file.toString(), "--table", "adult"},
                new String[] {"import", file.toString(), "--table", "adult", "--replace"})) {
            CliRun.Result r = cli.run(args);
            CliRun.assertRefused(r, "--table: adult differs only by case from the existing table", ".Adult");
            assertEquals(1, r.err().lines().count(), r.err());
        }
        assertEquals(List.of("Adult"), tables(settings), "nothing written");
        try (Database db = Database.open(settings)) {
            assertEquals(39, db.dsl().fetchOne("SELECT age FROM `Adult`").get(0, Integer.class), "the existing table untouched");
        }
    }

    @DatabaseTest(only = TestDatabases.Kind.MARIADB)
    @DisplayName("A column name over MariaDB's 64 characters is refused naming file, line and column, with no value")
    void aColumnNameOverTheLimitIsRefused(ConnectionSettings settings) throws Exception {
        String longName = "c".repeat(65);
        Path file = Files.writeString(tmp.resolve("long.csv"), "id," + longName + "\n1,secretvalue\n");
        CliRun.Result r = new CliRun(settings).run("import", file.toString(), "--table", "t");
        CliRun.assertRefused(r, file + ":1: column 2 name '", "is longer than 63 bytes");
        assertFalse(r.err().contains("secretvalue"), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertEquals(List.of(), tables(settings), "nothing written");
    }

    @DatabaseTest(only = TestDatabases.Kind.MARIADB)
    @DisplayName("The server runs without ANSI_QUOTES (its default): kanon's identifiers are in backticks and everything works")
    void withoutAnsiQuotesEverythingWorks(ConnectionSettings settings) throws Exception {
        try (Database db = Database.open(settings)) {
            String mode = db.dsl().fetchOne("SELECT @@SESSION.sql_mode").get(0, String.class);
            assertFalse(mode.contains("ANSI_QUOTES"), mode);
            // "x" is a string there, not a name: kanon never writes one
            assertEquals("x", db.dsl().fetchOne("SELECT \"x\"").get(0, String.class));
            assertEquals("select `kanon_release`.`r` from `kanon_release`.`r`",
                    db.dsl().renderInlined(db.dsl().select(DSL.field(DSL.name("kanon_release", "r"))).from(DSL.table(DSL.name("kanon_release", "r")))));
        }
        releaseAndVerify(new CliRun(settings));
    }

    @DatabaseTest(only = TestDatabases.Kind.MARIADB)
    @DisplayName("jdbc:mysql:// (MySQL Connector/J) on the MariaDB server: import, check, anonymize, verify")
    void mysqlConnectorSmokeTest(ConnectionSettings settings) throws Exception {
        ConnectionSettings mysql = new ConnectionSettings(settings.url().replaceFirst("^jdbc:mariadb:", "jdbc:mysql:"), null, null);
        try (Database db = Database.open(mysql)) {
            assertEquals(MariaDbProfile.MYSQL, db.profile());
        }
        releaseAndVerify(new CliRun(mysql));
        // the same catalog, read through MariaDB's own driver
        CliRun.Result list = new CliRun(settings).run("release", "list");
        assertEquals(0, list.exitCode(), list.toString());
        assertTrue(list.out().contains("p2"), list.out());
    }

    /**
     * A URL that lets the driver send several statements in one text, in any spelling either driver takes, cannot
     * smuggle a second statement behind a source query's SELECT: the query's connection sends one statement per text,
     * so the server refuses the text and creates nothing; a query of one SELECT still works through that URL.
     */
    @DatabaseTest(only = TestDatabases.Kind.MARIADB)
    @DisplayName("allowMultiQueries in the URL (any case, true/1 or yes, both drivers) lets no second statement through a source query")
    void allowMultiQueriesLetsNoSecondStatementThrough(ConnectionSettings settings) throws Exception {
        new CliRun(settings).withPaperTable("incognito-patients", "patients", "incognito-patients_");
        String own;
        try (Database db = Database.open(settings)) {
            own = db.identifiers().namespace("KANON");
        }
        String mysqlUrl = settings.url().replaceFirst("^jdbc:mariadb:", "jdbc:mysql:");
        List<String> urls = List.of(settings.url() + "&allowMultiQueries=true", settings.url() + "&ALLOWMULTIQUERIES=True",
                settings.url() + "&allowMultiQueries=1",
                mysqlUrl + "&allowMultiQueries=yes", mysqlUrl + "&allowMultiQueries=YES", mysqlUrl + "&allowMultiQueries=TRUE");
        int n = 0;
        for (String url : urls) {
            CliRun cli = new CliRun(new ConnectionSettings(url, null, null));
            String table = "smuggled" + ++n;
            CliRun.assertRefused(cli.run("spec", "create", "s" + n, "--query", "SELECT sex FROM patients; CREATE TABLE " + own + "."
                    + table + " (x INT)", "--qi", "sex", "--k", "2", "--release", "r" + n), "spec 's" + n + "': the source query");
            try (Database db = Database.open(settings)) {
                assertEquals(0, db.dsl().fetchCount(DSL.table(DSL.name("information_schema", "tables")),
                        DSL.field(DSL.name("table_schema")).eq(own).and(DSL.field(DSL.name("table_name")).eq(table))), url);
            }
        }
        CliRun.Result one = new CliRun(new ConnectionSettings(mysqlUrl + "&allowMultiQueries=yes", null, null)).run("spec", "create", "fine",
                "--query", "SELECT sex, zipcode FROM patients", "--qi", "sex", "--k", "2", "--release", "fine");
        assertEquals(0, one.exitCode(), one.toString());
    }

    /**
     * MariaDB keeps names in utf8mb3: a name with a character beyond U+FFFF (an emoji) failed deep in a statement
     * ("Illegal mix of collations", exit 3). A release, table or column name holding one is refused in one line
     * naming it, exit 2, nothing written.
     */
    @DatabaseTest(only = TestDatabases.Kind.MARIADB)
    @DisplayName("An emoji in a release, table or column name is refused in one line naming where it is (MariaDB keeps names in utf8mb3)")
    void anEmojiInANameIsRefused(ConnectionSettings settings) throws Exception {
        String emoji = new String(Character.toChars(0x1F600));
        CliRun cli = new CliRun(settings).withPaperTable("incognito-patients", "patients", "incognito-patients_");
        CliRun.Result release = cli.run("anonymize", "--table", "patients", "--qi", "sex,zipcode", "--k", "2", "--name", "r" + emoji);
        CliRun.assertRefused(release, "--name", "U+1F600");
        assertEquals(1, release.err().lines().count(), release.err());
        CliRun.assertRefused(cli.run("release", "--table", "patients", "--qi", "sex,zipcode", "--levels", "1,0", "--k", "2",
                "--name", emoji), "--name", "U+1F600");
        Path file = Files.writeString(tmp.resolve("e.csv"), "id,a" + emoji + "\n1,x\n");
        CliRun.assertRefused(cli.run("import", file.toString(), "--table", "t"), file + ":1: column 2 name", "U+1F600");
        Path fine = Files.writeString(tmp.resolve("f.csv"), "id,a\n1,x\n");
        CliRun.assertRefused(cli.run("import", fine.toString(), "--table", "t" + emoji), "--table", "U+1F600");
        CliRun.assertRefused(cli.run("check", "--table", "p" + emoji, "--qi", "sex", "--k", "2"), "p" + emoji);
        assertEquals(List.of("patients"), tables(settings), "nothing written");
    }

    private static void releaseAndVerify(CliRun cli) {
        cli.withPaperTable("incognito-patients", "patients", "incognito-patients_");
        CliRun.Result check = cli.run("check", "--table", "patients", "--qi", "sex,zipcode", "--k", "2", "--levels", "1,0");
        assertEquals(0, check.exitCode(), check.toString());
        CliRun.Result anonymize = cli.run("anonymize", "--table", "patients", "--qi", "sex,zipcode", "--k", "2", "--name", "p2");
        assertEquals(0, anonymize.exitCode(), anonymize.toString());
        CliRun.Result verify = cli.run("verify", "p2");
        assertEquals(0, verify.exitCode(), verify.toString());
        CliRun.Result table = cli.run("anonymize", "--table", "patients", "--qi", "sex,zipcode", "--k", "2", "--name", "p2t", "--materialize");
        assertEquals(0, table.exitCode(), table.toString());
        assertEquals(0, cli.run("verify", "p2t").exitCode());
    }

    @DatabaseTest(only = TestDatabases.Kind.MARIADB)
    @DisplayName("kanon's databases compare exactly (binary collation) on a server whose default ignores case")
    void kanonsDatabasesCompareExactly() throws Exception {
        String name = "kanon_t_ci" + Long.toString(System.nanoTime(), 36);
        try (java.sql.Connection c = java.sql.DriverManager.getConnection(TestDatabases.mariadbUrl()); java.sql.Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE `" + name + "` CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci");
        }
        ConnectionSettings settings = new ConnectionSettings(TestDatabases.mariaDbUrl(name), null, null);
        try {
            // Flyway creates the three namespaces (with the server's default); the catalog migration makes them binary
            try (Database db = Database.open(settings)) {
                List<String> collations = db.dsl().fetch("SELECT default_collation_name FROM information_schema.schemata "
                        + "WHERE schema_name IN (?, ?, ?) ORDER BY schema_name", name + "_kanon", name + "_kanon_dim", name + "_kanon_release")
                        .getValues(0, String.class);
                assertEquals(List.of("utf8mb4_bin", "utf8mb4_bin", "utf8mb4_bin"), collations);
            }
        } finally {
            TestDatabases.dispose(settings);
        }
    }

    @DatabaseTest(only = TestDatabases.Kind.MARIADB)
    @DisplayName("Databases too long for kanon's namespaces are refused before connecting, in one line")
    void aDatabaseNameTooLongForTheNamespacesIsRefused() {
        String name = "d".repeat(51);
        CliRun.Result r = new CliRun(new ConnectionSettings(TestDatabases.mariaDbUrl(name), null, null)).run("release", "list");
        CliRun.assertRefused(r, "--db: database name " + name + " is 51 characters long", "at most 64");
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(PaperTables.PATIENTS_CSV.toFile().exists());
    }

    @DatabaseTest(only = TestDatabases.Kind.MARIADB)
    @DisplayName("Connected to one of kanon's own databases (<db>_kanon_release), an import would land beside the releases: refused")
    void connectingToKanonsOwnDatabaseIsRefused(ConnectionSettings settings) {
        CliRun cli = new CliRun(settings);
        assertEquals(0, cli.run("release", "list").exitCode()); // makes <db>_kanon, _kanon_dim, _kanon_release
        String db = settings.url().replaceFirst("^jdbc:[a-z]+://[^/]*/([^?]*).*$", "$1");
        for (String own : List.of(db + "_kanon_release", db + "_kanon", db + "_kanon_dim")) {
            CliRun.Result r = new CliRun(new ConnectionSettings(TestDatabases.mariaDbUrl(own), null, null))
                    .run("import", PaperTables.PATIENTS_CSV.toString(), "--table", "raw_pub");
            CliRun.assertRefused(r, "--db: database " + own + " is one of kanon's own", "connect to " + db);
            assertEquals(1, r.err().lines().count(), r.err());
        }
        try (Database d = Database.open(settings)) {
            assertFalse(d.dsl().fetchExists(DSL.selectOne().from(DSL.table(DSL.name("information_schema", "TABLES")))
                    .where(DSL.field(DSL.name("TABLE_NAME")).eq("raw_pub"))), "nothing written anywhere");
        }
        // and a table into a database that does not exist: one line, as on PostgreSQL, not the engine's errno 168
        CliRun.Result missing = cli.run("import", PaperTables.PATIENTS_CSV.toString(), "--table", "no_such_db.raw_pub");
        CliRun.assertRefused(missing, "cannot create no_such_db.raw_pub: schema no_such_db does not exist");
    }
}
