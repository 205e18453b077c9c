package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.DisplayName;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;
import org.kanon.testing.TestDatabases;

/** DuckDB keeps a name in the case it was written and matches names case-insensitively, even quoted ones. */
class DuckDbNamesCliTest {
    @DatabaseTest(only = TestDatabases.Kind.DUCKDB)
    @DisplayName("a table a user created as Patients (DuckDB keeps the case) is found as patients")
    void mixedCaseTableIsFound(ConnectionSettings settings) {
        CliRun cli = new CliRun(settings);
        assertEquals(0, cli.run("import", PaperTables.PATIENTS_CSV.toString(), "--table", "raw").exitCode());
        try (Database db = Database.open(settings)) {
            db.dsl().execute("CREATE TABLE Patients AS SELECT * FROM raw");
        }
        CliRun.Result r = cli.run("check", "--table", "patients", "--qi", "sex", "--k", "2");
        assertEquals(ExitCodes.OK, r.exitCode(), r.toString());
    }

    @DatabaseTest(only = TestDatabases.Kind.DUCKDB)
    @DisplayName("two release names that differ in case only are one relation on DuckDB: the second is refused with one line")
    void releaseNamesDifferingInCaseOnly(ConnectionSettings settings) {
        CliRun cli = new CliRun(settings).withPaperTable("incognito-patients", "patients", "incognito-patients_");
        assertEquals(0, cli.run("anonymize", "--table", "patients", "--qi", "sex,zipcode", "--k", "2", "--name", "My Pub").exitCode());
        CliRun.Result r = cli.run("anonymize", "--table", "patients", "--qi", "sex,zipcode", "--k", "2", "--name", "my pub");
        // DuckDB finds the first release's relation under the second name: it is named as the one in the way
        CliRun.assertRefused(r, "release 'My Pub' already exists (kanon_release.My Pub); use --replace to overwrite it");
        assertEquals(0, cli.run("verify", "My Pub").exitCode(), "the first release is untouched");
    }
}
