package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.jooq.impl.DSL;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;
import org.kanon.testing.TestDatabases;

/** Issue 19's import and export items through the command line: exit codes, one-line messages, no values, no stack traces. */
class ImportExportCliTest {
    @TempDir
    Path tmp;

    private static CliRun.Result ok(CliRun cli, String... args) {
        CliRun.Result r = cli.run(args);
        assertEquals(ExitCodes.OK, r.exitCode(), r.toString());
        return r;
    }

    /** Exit 2, one line, no stack trace, and none of the given values. */
    private static void assertRefusedWithout(CliRun.Result r, List<String> values, String... fragments) {
        CliRun.assertRefused(r, fragments);
        assertFalse(r.err().contains("Exception") || r.err().contains("\tat "), "no stack trace: " + r.err());
        for (String v : values) {
            assertFalse(r.err().contains(v) || r.out().contains(v), "no value '" + v + "' in: " + r);
        }
    }

    /** Issue 19 item 4: import --replace replaced the register, a release, or put raw rows where the reader role reads. */
    @DatabaseTest
    void importNeverWritesIntoKanonsSchemas(ConnectionSettings settings) {
        CliRun cli = new CliRun(settings);
        ok(cli, "import", PaperTables.PATIENTS_CSV.toString(), "--table", "patients");
        ok(cli, "hierarchy", "import", "--table", "patients", "--dir", PaperTables.PAPERS.toString(), "--prefix", PaperTables.PATIENTS_PREFIX);
        ok(cli, "release", "--table", "patients", "--qi", "sex,zipcode", "--levels", "1,0", "--k", "2", "--name", "r1");
        for (String target : List.of("kanon.releases", "kanon_release.r1", "kanon_release.raw_pub", "Kanon_Release.raw_pub",
                "KANON_DIM.anything")) {
            assertRefusedWithout(cli.run("import", PaperTables.PATIENTS_CSV.toString(), "--table", target, "--replace"), List.of(),
                    "--table: schema ", "belongs to kanon");
        }
        assertTrue(ok(cli, "release", "list").out().contains("r1"), "the register is intact");
        ok(cli, "verify", "r1");
        CliRun.assertRefused(cli.run("export", "kanon_release.raw_pub", "--csv", tmp.resolve("x.csv").toString()), "not found");
    }

    private static String columnLimit(TestDatabases.Kind kind) {
        return switch (kind) {
            case DERBY -> "Derby allows at most 1012";
            case POSTGRES -> "PostgreSQL allows at most 1600";
            // DuckDB has no limit of its own: kanon's bound (DuckDbProfile)
            case DUCKDB -> "DuckDB allows at most 5000";
            case MARIADB -> "MariaDB allows at most 1017";
            default -> throw new AssertionError("no column limit known for " + kind);
        };
    }

    /** PostgreSQL: a connection whose current schema is kanon_release must not make an unqualified name land there. */
    @DatabaseTest(only = TestDatabases.Kind.POSTGRES) // Derby's, MariaDB's and DuckDB's URLs set no current schema
    void anUnqualifiedNameInKanonsCurrentSchemaIsRefused(ConnectionSettings settings) {
        ok(new CliRun(settings), "release", "list"); // creates the catalog and kanon_release
        CliRun inRelease = new CliRun(new ConnectionSettings(settings.url() + "?currentSchema=kanon_release", settings.user(), null));
        assertRefusedWithout(inRelease.run("import", PaperTables.PATIENTS_CSV.toString(), "--table", "raw_pub"), List.of(),
                "--table: schema kanon_release belongs to kanon");
    }

    /** Issue 19 item 6: a NUL byte and a too-wide row printed stack traces quoting the row. */
    @DatabaseTest
    void badRowsAreOneLineWithoutValues(TestDatabases.Kind kind, ConnectionSettings settings) throws Exception {
        CliRun cli = new CliRun(settings);
        Path nul = Files.writeString(tmp.resolve("nul.csv"), "id,name\n1,ok\n2,secretvalue\u0000x\n");
        assertRefusedWithout(cli.run("import", nul.toString(), "--table", "t"), List.of("secretvalue"),
                nul + ":3: column 2 ('name') contains a NUL character");

        StringBuilder wide = new StringBuilder();
        for (int row = 0; row < 2; row++) {
            for (int i = 1; i <= 600; i++) {
                wide.append(i == 1 ? "" : ",").append(row == 0 ? "c" + i : "secret" + java.util.UUID.randomUUID() + java.util.UUID.randomUUID()
                        + java.util.UUID.randomUUID());
            }
            wide.append('\n');
        }
        Path wideFile = Files.writeString(tmp.resolve("wide.csv"), wide.toString());
        CliRun.Result r = cli.run("import", wideFile.toString(), "--table", "w");
        if (kind == TestDatabases.Kind.DERBY || kind == TestDatabases.Kind.DUCKDB) {
            assertEquals(ExitCodes.OK, r.exitCode(), "Derby and DuckDB store long rows (across pages; in columns)");
        } else if (kind == TestDatabases.Kind.MARIADB) {
            // MariaDB refuses the table's declared widths before any row: the file's first line
            assertRefusedWithout(r, List.of("secret"), wideFile + ":1: 600 columns of these widths are too wide for one MariaDB row");
        } else {
            assertRefusedWithout(r, List.of("secret"), wideFile + ":2: the row is too large for PostgreSQL");
        }
    }

    /** Issue 19 items 12, 16, 17 through the command line. */
    @DatabaseTest
    void headerlessFilesRunawayFieldsAndTooManyColumns(TestDatabases.Kind kind, ConnectionSettings settings) throws Exception {
        CliRun cli = new CliRun(settings);
        Path adult = Files.writeString(tmp.resolve("adult.data"),
                "39, State-gov, 77516, Bachelors\n50, Self-emp-not-inc, 83311, Bachelors\n38, Private, 215646, HS-grad\n");
        assertRefusedWithout(cli.run("import", adult.toString(), "--table", "adult"), List.of("State-gov", "77516"),
                adult + ":1: the first row looks like data", "--no-header", "--trim");
        String out = ok(cli, "import", adult.toString(), "--table", "adult", "--no-header", "--trim").out();
        assertTrue(out.toLowerCase().contains("c1 integer, c2 varchar(16), c3 integer, c4 varchar(9)"), out);

        StringBuilder runaway = new StringBuilder("a,b\n1,\"never closed\n");
        runaway.append("2,secret\n".repeat(5000));
        Path open = Files.writeString(tmp.resolve("open.csv"), runaway.toString());
        assertRefusedWithout(cli.run("import", open.toString(), "--table", "o", "--max-field", "10000"), List.of("secret"),
                open + ":2: column 2 ('b') has a field of more than 10000 characters");
        CliRun.assertRefused(cli.run("import", open.toString(), "--table", "o", "--max-field", "0"), "--max-field");

        StringBuilder header = new StringBuilder();
        for (int i = 1; i <= 10_000; i++) {
            header.append(i == 1 ? "" : ",").append("c").append(i);
        }
        Path many = Files.writeString(tmp.resolve("many.csv"), header + "\n" + header.toString().replace("c", "") + "\n");
        assertRefusedWithout(cli.run("import", many.toString(), "--table", "m"), List.of(),
                many + ":1: 10000 columns; " + columnLimit(kind));
        CliRun.assertRefused(cli.run("export", "m", "--csv", tmp.resolve("m.csv").toString()), "table 'm' not found");
    }

    /**
     * Issue 19 item 11: export overwrote a file silently, wrote only the PQT of a permutation release, and
     * upper-cased a lower-case header on Derby.
     */
    @DatabaseTest
    void exportRefusesToOverwriteWritesBothTablesAndKeepsTheHeadersCase(ConnectionSettings settings) throws Exception {
        CliRun cli = new CliRun(settings).withPaperTable("permutation-table1", "t1", null);
        Path existing = Files.writeString(tmp.resolve("keep.csv"), "precious\n");
        CliRun.assertRefused(cli.run("export", "t1", "--csv", existing.toString()), existing + " already exists; use --replace");
        assertEquals("precious\n", Files.readString(existing));
        assertTrue(ok(cli, "export", "t1", "--csv", existing.toString(), "--replace").out().contains("to " + existing));
        assertEquals("name,age,sex,disease", Files.readAllLines(existing).get(0), "plain names as both databases read them");

        Path lower = Files.writeString(tmp.resolve("lower.csv"), "age,marital-status,Zip Code\n1,x,y\n");
        ok(cli, "import", lower.toString(), "--table", "lower_t");
        Path lowerOut = tmp.resolve("lower_out.csv");
        ok(cli, "export", "lower_t", "--csv", lowerOut.toString());
        assertEquals("age,marital-status,Zip Code", Files.readAllLines(lowerOut).get(0));

        ok(cli, "anonymize", "--table", "t1", "--qi", "age,sex", "--sensitive", "disease", "--algorithm", "permutation", "--l", "4",
                "--name", "perm");
        Path out = tmp.resolve("perm.csv");
        Files.writeString(tmp.resolve("perm_pst.csv"), "precious\n");
        CliRun.assertRefused(cli.run("export", "perm", "--csv", out.toString()), tmp.resolve("perm_pst.csv") + " already exists");
        assertFalse(Files.exists(tmp.resolve("perm_pqt.csv")), "nothing written when one file exists");
        CliRun.Result both = ok(cli, "export", "perm", "--csv", out.toString(), "--replace");
        assertEquals(2, both.out().strip().lines().count(), both.out());
        assertTrue(both.out().contains("to " + tmp.resolve("perm_pqt.csv")) && both.out().contains("to " + tmp.resolve("perm_pst.csv")),
                both.out());
        assertFalse(Files.exists(out), "no file under the bare name");
        List<String> pqt = Files.readAllLines(tmp.resolve("perm_pqt.csv"));
        List<String> pst = Files.readAllLines(tmp.resolve("perm_pst.csv"));
        assertTrue(pqt.get(0).toLowerCase().contains("gid") && !pqt.get(0).contains("disease"), pqt.get(0));
        assertTrue(pst.get(0).toLowerCase().contains("gid") && pst.get(0).contains("disease"), pst.get(0));
        assertTrue(pqt.size() > 1 && pst.size() > 1, "rows in both");

        Map<String, Object> json = CliRun.jsonObject(cli.run("export", "perm", "--csv", out.toString(), "--replace", "--format", "json"));
        assertEquals(2, ((List<?>) json.get("files")).size(), json.toString());
    }

    /**
     * Issue 19 item 13, as it was found: three kanon commands import one table name at once on a database server. The
     * file is large enough that the first one is still inserting (its table created, not committed) when the others
     * check for the table: before the name's lock they went on to CREATE TABLE and died with 23505 (exit 3). The
     * commands run in this JVM, let go at once, each with its own connections as processes of their own would have:
     * the name's lock is the database's (an advisory lock, GET_LOCK), which no lock of this JVM stands in for.
     */
    @DatabaseTest(only = {TestDatabases.Kind.POSTGRES, TestDatabases.Kind.MARIADB}) // embedded ones admit one process (DuckDbOpenCliTest)
    void threeImportsOfOneNameGetOneTableAndTwoAlreadyExists(TestDatabases.Kind kind, ConnectionSettings settings) throws Exception {
        StringBuilder csv = new StringBuilder("id,name,score\n");
        for (int i = 0; i < 60_000; i++) {
            csv.append(i).append(",name").append(i % 97).append(',').append(i % 13).append('\n');
        }
        Path file = Files.writeString(tmp.resolve("same.csv"), csv.toString());
        ok(new CliRun(settings), "release", "list"); // the catalog exists before the race
        CyclicBarrier go = new CyclicBarrier(3);
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            List<Future<CliRun.Result>> imports = new java.util.ArrayList<>();
            for (int i = 0; i < 3; i++) {
                imports.add(pool.submit(() -> {
                    go.await();
                    return new CliRun(settings).run("import", file.toString(), "--table", "same");
                }));
            }
            List<Integer> codes = new java.util.ArrayList<>();
            for (Future<CliRun.Result> f : imports) {
                CliRun.Result r = f.get(3, TimeUnit.MINUTES);
                codes.add(r.exitCode());
                if (r.exitCode() != ExitCodes.OK) {
                    assertEquals(ExitCodes.USAGE, r.exitCode(), r.toString());
                    // the table's schema: public on PostgreSQL, the connected database on MariaDB
                    String schema = kind == TestDatabases.Kind.MARIADB ? settings.url().replaceFirst("^.*/([^/?]+)(\\?.*)?$", "$1") : "public";
                    assertEquals("kanon: table " + schema + ".same already exists; use --replace to overwrite", r.err().strip(), r.toString());
                }
            }
            assertEquals(1, codes.stream().filter(c -> c == ExitCodes.OK).count(), codes.toString());
        } finally {
            pool.shutdownNow();
        }
        try (Database db = Database.open(settings)) {
            assertEquals(60_000, db.dsl().fetchCount(DSL.table(DSL.name(db.currentSchema(), "same"))));
        }
    }
}
