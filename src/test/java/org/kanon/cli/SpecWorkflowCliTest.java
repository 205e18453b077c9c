package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jooq.Record;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.TestDatabases;

/** Specs written with plain SQL, run by `kanon run` and by the queue, versioned, exported and imported; bad specs. */
class SpecWorkflowCliTest {

    /** The README's SQL example, statement by statement, exactly as printed there. */
    static List<String> readmeSpecExample() throws IOException {
        String readme = Files.readString(Path.of("README.md"));
        String block = readme.substring(readme.indexOf("<!-- spec-sql-example -->"), readme.indexOf("<!-- /spec-sql-example -->"));
        block = block.substring(block.indexOf("```sql") + 6, block.lastIndexOf("```"));
        List<String> statements = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String line : block.split("\n")) {
            if (line.strip().startsWith("--")) {
                continue;
            }
            current.append(line).append('\n');
            if (line.strip().endsWith(";")) {
                String sql = current.toString().strip();
                statements.add(sql.substring(0, sql.length() - 1));
                current.setLength(0);
            }
        }
        return statements;
    }

    static void runReadmeExample(Database db) throws IOException {
        for (String sql : readmeSpecExample()) {
            TestDatabases.sql(db).execute(sql); // the README's kanon.specs: <db>_kanon.specs on MariaDB
        }
    }

    @DatabaseTest
    void aSpecWrittenWithSqlRunsThroughRunAndTheQueueWithTheSameRelease(ConnectionSettings settings) throws IOException {
        try (Database db = Database.openScratch(settings)) {
            CliRun cli = new CliRun(settings).withPaperTable("incognito-patients", "patients", "incognito-patients_");
            runReadmeExample(db);

            CliRun.Result run = cli.run("run", "patients_k2");
            assertEquals(0, run.exitCode(), run.toString());
            assertTrue(run.out().contains("released patients_pub (version 1)"), run.out());

            CliRun.Result worker = cli.run("worker", "--once");
            assertEquals(0, worker.exitCode(), worker.toString());
            assertTrue(worker.out().contains("2 request(s) run"), worker.out());
            // a worker says that it started, then two lines per request: claimed, and finished with outcome and seconds
            assertTrue(worker.err().lines().findFirst().orElse("").matches("kanon worker .+: running the requests queued in jdbc:.* \\(lease 2m\\)"), worker.err());
            assertEquals(2, worker.err().lines().filter(l -> l.matches("kanon worker .+: request \\d+: claimed: run spec \\S+ \\(attempt 1\\)")).count(), worker.err());
            assertEquals(2, worker.err().lines().filter(l -> l.matches("kanon worker .+: request \\d+: done in \\d+\\.\\d s: run spec \\S+, release patients_.*")).count(), worker.err());
            assertEquals(5, worker.err().lines().count(), worker.err());

            // the queued run of the same spec made the next version, with the same rows
            assertEquals(rows(db, "patients_pub"), rows(db, "patients_pub_v2"));
            assertEquals(6, rows(db, "patients_pub").values().stream().mapToInt(Integer::intValue).sum());
            var requests = TestDatabases.sql(db).fetch("SELECT spec_name, status, attempts, release_name, error FROM kanon.requests ORDER BY id");
            assertEquals(List.of("DONE", "DONE"), requests.getValues(1, String.class), requests.toString());
            assertEquals(List.of("patients_pub_v2", "patients_low_zip"), requests.getValues(3, String.class));
            assertEquals(List.of(1, 1), requests.getValues(2, Integer.class));

            // the query source: only the 4 rows below 53715, released as a table, verified independently
            assertEquals(4L, ((Number) TestDatabases.sql(db).fetchValue("SELECT rows_in FROM kanon.releases WHERE release_name = 'patients_low_zip'")).longValue());
            assertEquals(0, cli.run("verify", "patients_low_zip").exitCode());
            assertEquals(0, cli.run("verify", "patients_pub_v2").exitCode());

            // every run is recorded: status, version, counts, the node chosen, the database user
            var runs = TestDatabases.sql(db).fetch("SELECT spec_name, status, release_name, release_version, rows_in, rows_out, classes, chosen, run_by, "
                    + "finished_at FROM kanon.spec_runs ORDER BY id");
            assertEquals(3, runs.size(), runs.toString());
            for (Record r : runs) {
                assertEquals("RELEASED", r.get(1), r.toString());
                assertNotNull(r.get(7));
                assertNotNull(r.get(8));
                assertNotNull(r.get(9));
            }
            assertEquals(2, runs.get(1).get(3, Integer.class));
            assertEquals(6L, runs.get(0).get(4, Long.class));
            assertTrue(runs.get(0).get(7, String.class).contains("1,1,0"), "Incognito's least-height node of Table 1: " + runs.get(0));

            // --replace overwrites the newest version; the register keeps both
            assertEquals(0, cli.run("run", "patients_k2", "--replace").exitCode());
            assertEquals(List.of("patients_low_zip", "patients_pub", "patients_pub_v2"),
                    TestDatabases.sql(db).fetch("SELECT release_name FROM kanon.releases ORDER BY release_name").getValues(0, String.class));
            // verify and drop from SQL alone: requests any worker carries out
            TestDatabases.sql(db).execute("INSERT INTO kanon.requests (action, release_name) VALUES ('VERIFY', 'patients_pub_v2')");
            TestDatabases.sql(db).execute("DELETE FROM kanon_release." + db.identifiers().fold("patients_low_zip") + " WHERE disease = 'Flu' OR sex = 'Female'");
            TestDatabases.sql(db).execute("INSERT INTO kanon.requests (action, release_name) VALUES ('VERIFY', 'patients_low_zip')");
            TestDatabases.sql(db).execute("INSERT INTO kanon.requests (action, release_name) VALUES ('DROP', 'patients_low_zip')");
            TestDatabases.sql(db).execute("INSERT INTO kanon.requests (action, release_name) VALUES ('DROP', 'no_such_release')");
            assertEquals(0, cli.run("worker", "--once").exitCode());
            var managed = TestDatabases.sql(db).fetch("SELECT action, status, error FROM kanon.requests WHERE action <> 'RUN' ORDER BY id");
            assertEquals(List.of("DONE", "NOT_MET", "DONE", "FAILED"), managed.getValues(1, String.class), managed.toString());
            assertTrue(managed.get(1).get(2, String.class).contains("violation"), managed.toString());
            assertTrue(managed.get(3).get(2, String.class).contains("no_such_release"), managed.toString());
            assertEquals(0, db.dsl().fetchCount(DSL.table(DSL.name(db.identifiers().namespace("KANON"), db.identifiers().fold("RELEASES")))
                    .where(DSL.field(DSL.name(db.identifiers().fold("RELEASE_NAME"))).eq("patients_low_zip"))));

            CliRun.Result json = cli.run("run", "patients_k2", "--format", "json");
            assertTrue(json.out().strip().matches("\\{\"run\":\\d+,\"status\":\"RELEASED\",\"release\":\"patients_pub_v3\",\"version\":3,.*}"), json.out());
        }
    }

    @DatabaseTest
    void specsMoveBetweenDatabasesAsAFileAndReleaseTheSame(ConnectionSettings first, ConnectionSettings second, @TempDir Path dir) {
        try (Database a = Database.openScratch(first); Database b = Database.openScratch(second)) {
            CliRun one = new CliRun(first).withPaperTable("incognito-patients", "patients", "incognito-patients_");
            CliRun two = new CliRun(second).withPaperTable("incognito-patients", "patients", "incognito-patients_");
            CliRun.Result created = one.run("spec", "create", "low", "--query", "SELECT p.sex, p.zipcode, p.disease FROM patients p WHERE p.sex = 'Male'",
                    "--qi", "sex,zipcode", "--k", "3", "--algorithm", "mondrian", "--hierarchy", "sex=patients.sex",
                    "--hierarchy", "zipcode=patients.zipcode", "--release", "males", "--description", "men, \"quoted\", and commas");
            assertEquals(0, created.exitCode(), created.toString());
            assertEquals(0, one.run("spec", "create", "k2", "--table", "patients", "--qi", "birthdate,sex,zipcode", "--k", "2",
                    "--options", "--executor sql", "--release", "p2").exitCode());
            Path file = dir.resolve("specs.csv");
            assertEquals(0, one.run("spec", "export", file.toString()).exitCode());
            CliRun.Result imported = two.run("spec", "import", file.toString());
            assertEquals(0, imported.exitCode(), imported.toString());
            assertEquals(one.run("spec", "list", "--format", "json").out(), two.run("spec", "list", "--format", "json").out());
            assertTrue(two.run("spec", "show", "low").out().contains("men, \"quoted\", and commas"));
            for (String spec : List.of("low", "k2")) {
                assertEquals(0, one.run("run", spec).exitCode());
                CliRun.Result r = two.run("run", spec);
                assertEquals(0, r.exitCode(), r.toString());
            }
            assertEquals(rows(a, "males"), rows(b, "males"));
            assertEquals(3, rows(a, "males").values().stream().mapToInt(Integer::intValue).sum());
            assertEquals(rows(a, "p2"), rows(b, "p2"));
            assertEquals(0, two.run("verify", "males").exitCode());
            CliRun.Result again = two.run("spec", "import", file.toString());
            CliRun.assertRefused(again, "'k2' exists", "--replace");
            assertEquals(0, two.run("spec", "import", file.toString(), "--replace").exitCode());
        }
    }

    @DatabaseTest
    void badSpecsAreRefusedAndFailedRunsRecorded(ConnectionSettings settings, @TempDir Path dir) throws IOException {
        try (Database db = Database.openScratch(settings)) {
            CliRun cli = new CliRun(settings).withPaperTable("incognito-patients", "patients", "incognito-patients_");
            CliRun.assertRefused(cli.run("spec", "create", "s", "--table", "patients", "--qi", "sex", "--k", "2", "--release", "r",
                    "--options", "--k 3"), "--k is set by the spec's own column");
            CliRun.assertRefused(cli.run("spec", "create", "s", "--table", "patients", "--qi", "sex", "--k", "2", "--release", "r",
                    "--options", "--bogus 1"), "spec 's'", "--bogus");
            CliRun.assertRefused(cli.run("spec", "create", "s", "--table", "patients", "--qi", "sex", "--k", "2", "--release", "bad name"),
                    "release name 'bad name'");
            CliRun.assertRefused(cli.run("spec", "create", "s", "--qi", "sex", "--k", "2", "--release", "r"), "exactly one of");
            CliRun.assertRefused(cli.run("spec", "create", "s", "--query", "SELECT sex FROM patients; DROP TABLE patients", "--qi", "sex",
                    "--k", "2", "--release", "r"), "spec 's': the source query", "one SELECT");
            CliRun.assertRefused(cli.run("spec", "create", "s", "--query", "DELETE FROM patients", "--qi", "sex",
                    "--k", "2", "--release", "r"), "spec 's': the source query", "one SELECT");
            // PostgreSQL's escape strings and dollar quotes cannot hide a parenthesis or a second statement
            for (String payload : List.of("SELECT E'\\'' AS a) q; DROP TABLE patients; CREATE TABLE zz AS SELECT * FROM (SELECT '' AS a",
                    "SELECT $$'$$ AS a) q; DROP TABLE patients; CREATE TABLE zz AS SELECT * FROM (SELECT 1 AS a")) {
                CliRun.assertRefused(cli.run("spec", "create", "s", "--query", payload, "--qi", "sex", "--k", "2", "--release", "r"),
                        "spec 's': the source query");
            }
            // an option text cannot make picocli read a file
            CliRun.assertRefused(cli.run("spec", "create", "s", "--table", "patients", "--qi", "sex", "--k", "2", "--release", "r",
                    "--options", "@/etc/passwd"), "argument files are not read");
            // a semicolon inside a literal or a comment, and a trailing one, are fine
            assertEquals(0, cli.run("spec", "create", "q", "--query", "SELECT sex, zipcode FROM patients WHERE disease <> 'a;b' -- x;y\n;",
                    "--qi", "sex", "--k", "2", "--release", "rq").exitCode());
            TestDatabases.sql(db).execute("DELETE FROM kanon.specs");
            Path file = dir.resolve("bad.csv");
            Files.writeString(file, "spec_name,source_table,quasi_identifiers,k,release_name\n"
                    + "a,patients,sex,2,ra\n"
                    + "b,patients,sex,two,rb\n");
            CliRun.assertRefused(cli.run("spec", "import", file.toString()), "bad.csv:3", "column k", "'two'");
            Files.writeString(file, "spec_name,source_table,quasi_identifiers,k,release_name,colour\na,patients,sex,2,ra\n");
            CliRun.assertRefused(cli.run("spec", "import", file.toString()), "bad.csv:1", "unknown column 'colour'");
            assertEquals(0, db.dsl().fetchCount(DSL.table(DSL.name(db.identifiers().namespace("KANON"), db.identifiers().fold("SPECS")))),
                    "nothing stored");
            CliRun.assertRefused(cli.run("run", "nope"), "no release specification named 'nope'");

            // Flu is 1/6 of the table, so no class can hold it at a share of at most 0.1 (Lemma 1): the engine refuses
            // the spec before any search; the run is recorded as failed with that reason, nothing is released
            TestDatabases.sql(db).execute("INSERT INTO kanon.specs (spec_name, source_table, quasi_identifiers, k, alpha, sensitive_attribute, "
                    + "sensitive_value, release_name) VALUES ('too_big', 'patients', 'birthdate,sex,zipcode', 2, '0.1', 'disease', 'Flu', 'never')");
            CliRun.Result infeasible = cli.run("run", "too_big");
            assertEquals(ExitCodes.USAGE, infeasible.exitCode(), infeasible.toString());
            CliRun.assertRefused(infeasible, "run 1 of spec too_big: failed: --alpha 0.1 is below the share");
            // a spec written by hand with a bad column fails its run with the reason, exit 2
            TestDatabases.sql(db).execute("INSERT INTO kanon.specs (spec_name, source_table, quasi_identifiers, k, release_name) "
                    + "VALUES ('no_column', 'patients', 'birthdate,colour', 2, 'never2')");
            CliRun.Result bad = cli.run("run", "no_column");
            assertEquals(ExitCodes.USAGE, bad.exitCode(), bad.toString());
            // a second statement smuggled into a spec written by hand: refused when it runs, nothing executed
            TestDatabases.sql(db).execute("INSERT INTO kanon.specs (spec_name, source_query, quasi_identifiers, k, release_name) "
                    + "VALUES ('smuggler', 'SELECT sex FROM patients; DELETE FROM patients', 'sex', 2, 'never3')");
            CliRun.assertRefused(cli.run("run", "smuggler"), "spec 'smuggler': the source query", "one SELECT");
            assertEquals(6, db.dsl().fetchCount(DSL.table(DSL.name(db.currentSchema(), db.identifiers().fold("patients")))));
            TestDatabases.sql(db).execute("INSERT INTO kanon.requests (spec_name) VALUES ('ghost')");
            TestDatabases.sql(db).execute("INSERT INTO kanon.requests (spec_name) VALUES ('too_big')");
            assertEquals(0, cli.run("worker", "--once").exitCode());
            var runs = TestDatabases.sql(db).fetch("SELECT spec_name, status, release_name, error FROM kanon.spec_runs ORDER BY id");
            assertEquals(List.of("FAILED", "FAILED", "FAILED", "FAILED"), runs.getValues(1, String.class), runs.toString());
            assertNull(runs.get(0).get(2));
            assertTrue(runs.get(0).get(3, String.class).contains("Lemma 1"), runs.toString());
            assertTrue(runs.get(1).get(3, String.class).contains("COLOUR") || runs.get(1).get(3, String.class).toLowerCase().contains("colour"),
                    runs.toString());
            var requests = TestDatabases.sql(db).fetch("SELECT spec_name, status, error FROM kanon.requests ORDER BY id");
            assertEquals(List.of("FAILED", "FAILED"), requests.getValues(1, String.class));
            assertTrue(requests.get(0).get(2, String.class).contains("no release specification named 'ghost'"));
            assertEquals(0, db.dsl().fetchCount(DSL.table(DSL.name(db.identifiers().namespace("KANON"), db.identifiers().fold("RELEASES")))));
        }
    }

    /**
     * A source query is one SELECT, proven so by the database, and read with no write power: a second statement
     * hidden behind a comment ended by a carriage return, a COMMIT that would end the read-only transaction, a
     * data-modifying CTE, a DELETE are refused (exit 2, one line), when the spec is stored and when a spec written
     * by hand runs; none of them writes anything.
     */
    @DatabaseTest
    void aSourceQueryCannotWrite(TestDatabases.Kind kind, ConnectionSettings settings) {
        try (Database db = Database.openScratch(settings)) {
            CliRun cli = new CliRun(settings).withPaperTable("incognito-patients", "patients", "incognito-patients_");
            String release = db.identifiers().namespace("KANON_RELEASE");
            // MariaDB ends a -- comment at a line feed only: its "comment\r; CREATE" is one comment, so the line feed there
            String lineEnd = kind == TestDatabases.Kind.MARIADB ? "\n" : "\r";
            List<String> attacks = new ArrayList<>(List.of(
                    "SELECT sex, zipcode, disease FROM patients -- a comment" + lineEnd + "; CREATE TABLE kanon_release.pwned AS SELECT * FROM patients",
                    "SELECT sex FROM patients; COMMIT; CREATE TABLE kanon_release.pwned AS SELECT * FROM patients",
                    "SELECT sex FROM patients WHERE 1 = 0) q; CREATE TABLE kanon_release.pwned AS SELECT * FROM patients; SELECT * FROM (SELECT 1 AS a",
                    "DELETE FROM patients",
                    "CREATE TABLE kanon_release.pwned AS SELECT * FROM patients",
                    "SELECT * INTO kanon_release.pwned FROM patients"));
            if (kind == TestDatabases.Kind.DERBY) {
                // a procedure answers with rows too, and writes through connections of its own
                attacks.add("CALL KANON.CHECK_K('patients', 'sex', 2)");
            }
            if (kind == TestDatabases.Kind.POSTGRES) {
                attacks.add("WITH x AS (DELETE FROM patients RETURNING *) SELECT * FROM x");
                attacks.add("SELECT sex FROM patients FOR UPDATE");
            }
            if (kind == TestDatabases.Kind.MARIADB) {
                attacks.add("SELECT sex FROM patients; DROP TABLE patients");
                attacks.add("SELECT sex FROM patients FOR UPDATE; DELETE FROM patients");
            }
            if (kind == TestDatabases.Kind.DUCKDB) {
                // DuckDB writes files and databases from statements of its own; a sequence's nextval writes too
                attacks.add("COPY (SELECT * FROM patients) TO 'pwned.csv'");
                attacks.add("SELECT sex FROM patients; ATTACH 'pwned.duckdb' AS pwned");
                attacks.add("SELECT nextval('kanon.requests_id_seq') AS sex");
            }
            int n = 0;
            for (String written : attacks) {
                String attack = TestDatabases.ns(db, written); // kanon_release: <db>_kanon_release on MariaDB
                String spec = "attack" + ++n;
                CliRun.assertRefused(cli.run("spec", "create", spec, "--query", attack, "--qi", "sex", "--k", "2", "--release", "r" + n),
                        "spec '" + spec + "': the source query");
                // written by hand, past `spec create`: its run is refused the same way
                db.dsl().insertInto(DSL.table(DSL.name(db.identifiers().namespace("KANON"), db.identifiers().fold("SPECS"))))
                        .set(DSL.field(DSL.name(db.identifiers().fold("SPEC_NAME"))), spec)
                        .set(DSL.field(DSL.name(db.identifiers().fold("SOURCE_QUERY"))), attack)
                        .set(DSL.field(DSL.name(db.identifiers().fold("QUASI_IDENTIFIERS"))), "sex")
                        .set(DSL.field(DSL.name(db.identifiers().fold("K"))), 2)
                        .set(DSL.field(DSL.name(db.identifiers().fold("RELEASE_NAME"))), "r" + n).execute();
                CliRun.assertRefused(cli.run("run", spec), "spec '" + spec + "': the source query");
                assertEquals(6, db.dsl().fetchCount(DSL.table(DSL.name(db.currentSchema(), db.identifiers().fold("patients")))), attack);
                assertFalse(org.kanon.db.Relations.exists(db.dsl(), release, db.identifiers().fold("pwned")), attack);
                assertEquals(0, db.dsl().fetchCount(DSL.table(DSL.name(db.identifiers().namespace("KANON"), db.identifiers().fold("RELEASES")))), attack);
            }
            // a query that only reads still releases, its snapshot typed as the database describes the query
            assertEquals(0, cli.run("spec", "create", "fine", "--query", "SELECT sex, zipcode, disease FROM patients -- a comment\r;",
                    "--qi", "sex,zipcode", "--hierarchy", "sex=patients.sex", "--hierarchy", "zipcode=patients.zipcode", "--k", "2",
                    "--algorithm", "mondrian", "--release", "fine").exitCode());
            CliRun.Result run = cli.run("run", "fine");
            assertEquals(0, run.exitCode(), run.toString());
            assertEquals(0, cli.run("verify", "fine").exitCode());
        }
    }

    /**
     * Only a text whose first word is SELECT or WITH reaches the database: a CALL ran its procedure before kanon saw
     * it return no rows (on MariaDB a procedure that COMMITs ends the read-only transaction, then writes); SHOW,
     * VALUES, EXPLAIN are no query over tables either. Refused with exit 2 on every database, nothing run.
     */
    @DatabaseTest
    void aCallOrAShowIsRefusedBeforeItRuns(TestDatabases.Kind kind, ConnectionSettings settings) {
        try (Database db = Database.openScratch(settings)) {
            CliRun cli = new CliRun(settings).withPaperTable("incognito-patients", "patients", "incognito-patients_");
            List<String> refused = new ArrayList<>(List.of("SHOW TABLES", "VALUES 1", "EXPLAIN SELECT sex FROM patients",
                    "-- a comment\n  CALL p()", "/*! CALL p() */ SELECT sex FROM patients"));
            if (kind == TestDatabases.Kind.MARIADB) {
                TestDatabases.sql(db).execute("CREATE TABLE written (x INT)");
                TestDatabases.sql(db).execute("CREATE PROCEDURE p() BEGIN COMMIT; INSERT INTO written VALUES (1); END");
                refused.add("CALL p()");
                refused.add("DO 0");
            }
            int n = 0;
            for (String query : refused) {
                String spec = "s" + ++n;
                CliRun.assertRefused(cli.run("spec", "create", spec, "--query", query, "--qi", "sex", "--k", "2", "--release", "r" + n),
                        "spec '" + spec + "': the source query must be one SELECT");
            }
            if (kind == TestDatabases.Kind.MARIADB) {
                assertEquals(0, TestDatabases.sql(db).fetchCount(DSL.table(DSL.name("written"))), "the procedure never ran");
            }
            assertEquals(0, db.dsl().fetchCount(DSL.table(DSL.name(db.identifiers().namespace("KANON"), db.identifiers().fold("SPECS")))));
        }
    }

    /** A release's rows as a multiset: row text -> count. */
    static Map<String, Integer> rows(Database db, String release) {
        String relation = (String) TestDatabases.sql(db).fetchValue("SELECT relation_name FROM kanon.releases WHERE release_name = ?", release);
        assertNotNull(relation, "release " + release + " registered");
        Map<String, Integer> rows = new TreeMap<>();
        for (Record r : db.dsl().selectFrom(DSL.table(DSL.name(db.identifiers().namespace("KANON_RELEASE"), relation))).fetch()) {
            rows.merge(r.intoList().toString(), 1, Integer::sum);
        }
        return rows;
    }
}
