package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.jooq.impl.DSL;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.db.KanonSchemas;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.TestDatabases;

/**
 * Spec names the database would truncate: a release name longer than the database keeps is refused when the spec
 * is stored (PostgreSQL: 63 bytes), and a query spec whose release name is long runs with a snapshot name that fits.
 */
class SpecNamesCliTest {

    @DatabaseTest
    void releaseNamesAreMeasuredWhenStoredAndSnapshotNamesFit(TestDatabases.Kind kind, ConnectionSettings settings, @TempDir Path dir) throws Exception {
        try (Database db = Database.openScratch(settings)) {
            CliRun cli = new CliRun(settings).withPaperTable("incognito-patients", "patients", "incognito-patients_");
            String query = "SELECT birthdate, sex, zipcode, disease FROM patients";
            if (kind == TestDatabases.Kind.POSTGRES || kind == TestDatabases.Kind.MARIADB) {
                boolean pg = kind == TestDatabases.Kind.POSTGRES;
                // PostgreSQL keeps 63 bytes, MariaDB 64 characters
                String tooLong = "r".repeat(pg ? 64 : 65);
                String measured = pg ? "64 bytes" : "65 characters";
                String said = pg ? "64 bytes long; PostgreSQL keeps at most 63 bytes" : "65 characters long; MariaDB keeps at most 64 characters";
                CliRun.assertRefused(cli.run("spec", "create", "s", "--query", query, "--qi", "sex", "--k", "2", "--release", tooLong),
                        "spec 's': release name " + tooLong + " is " + said);
                Path file = dir.resolve("specs.csv");
                Files.writeString(file, "spec_name,source_table,quasi_identifiers,k,release_name\na,patients,sex,2," + tooLong + "\n");
                CliRun.assertRefused(cli.run("spec", "import", file.toString()), "spec 'a': release name", measured);
                assertEquals(0, TestDatabases.sql(db).fetchCount(TestDatabases.sql(db).selectFrom("kanon.specs")), "nothing stored");
                // a spec written with SQL is refused when it runs, before its query is read: no snapshot, the run FAILED
                TestDatabases.sql(db).execute("INSERT INTO kanon.specs (spec_name, source_query, quasi_identifiers, k, release_name) VALUES ('h', ?, 'sex', 2, ?)",
                        query, tooLong);
                CliRun.assertRefused(cli.run("run", "h"), "run 1 of spec h: failed: spec 'h': release name " + tooLong + " is " + measured + " long");
                assertEquals(java.util.List.of("FAILED"), TestDatabases.sql(db).fetch("SELECT status FROM kanon.spec_runs").getValues(0, String.class));
                // MariaDB's information_schema is the server's: only this database's namespaces
                assertEquals(0, db.dsl().fetchCount(db.dsl().selectFrom("information_schema.tables").where("table_name LIKE '%_src%'")
                        .and(pg ? DSL.noCondition() : DSL.field("table_schema", String.class).like(db.identifiers().namespace(KanonSchemas.CATALOG) + "%"))));
                TestDatabases.sql(db).execute("DELETE FROM kanon.spec_runs");
                TestDatabases.sql(db).execute("DELETE FROM kanon.specs");
            }
            // the longest release name the database keeps (PostgreSQL 63 bytes; Derby: the spec's own 100 characters)
            String longest = "p".repeat(switch (kind) {
                case POSTGRES -> 63;
                case MARIADB -> 64;
                default -> 100;
            });
            assertEquals(0, cli.run("spec", "create", "s", "--query", query, "--qi", "sex,zipcode", "--k", "2",
                    "--hierarchy", "sex=patients.sex", "--hierarchy", "zipcode=patients.zipcode", "--release", longest).exitCode());
            CliRun.Result run = cli.run("run", "s");
            assertEquals(0, run.exitCode(), run.toString());
            CliRun.Result verify = cli.run("verify", longest);
            assertEquals(0, verify.exitCode(), verify.toString());
            var source = TestDatabases.sql(db).fetch("SELECT source_table FROM kanon.releases").getValues(0, String.class);
            assertEquals(1, source.size(), source.toString());
            assertTrue(source.get(0).toUpperCase(java.util.Locale.ROOT).matches("P+_SRC\\d+"), source.toString());
            assertTrue(db.identifiers().fits(source.get(0)) && source.get(0).length() <= org.kanon.db.Identifiers.MAX_LENGTH, source.get(0));
        }
    }
}
