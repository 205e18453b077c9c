package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.*;

import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.TestDatabases;

/**
 * A spec's source query that fails in the database on a row (issue 19 item 6): PostgreSQL's message for a failed
 * cast quotes the value ({@code invalid input syntax for type integer: "Other-service"}). kanon reports the
 * SQLState and what it means, never the message: at spec create, at run, and in a worker's log and request.
 */
class SourceQueryErrorsCliTest {
    private static final String VALUE = "Other-service";

    @DatabaseTest(only = TestDatabases.Kind.POSTGRES)
    void aFailedCastIsReportedWithoutTheValue(ConnectionSettings settings) {
        try (Database db = Database.openScratch(settings)) {
            db.dsl().execute("CREATE TABLE people (id INTEGER NOT NULL, sex VARCHAR(6) NOT NULL, occupation TEXT NOT NULL)");
            db.dsl().execute("INSERT INTO people VALUES (1, 'F', '12'), (2, 'F', '13'), (3, 'M', '12'), (4, 'M', '12')");
            db.dsl().execute("INSERT INTO people VALUES (5, 'F', ?)", VALUE);
            // newest first: the check at spec create reads one row
            String query = "SELECT sex, CAST(occupation AS INTEGER) AS occupation FROM people ORDER BY id DESC";
            // what the database says quotes the row: the test would pass for nothing if it did not
            var raw = assertThrows(org.jooq.exception.DataAccessException.class, () -> db.dsl().fetch(query));
            assertTrue(raw.getMessage().contains(VALUE), raw.getMessage());

            CliRun cli = new CliRun(settings);
            CliRun.Result create = cli.run("spec", "create", "s", "--query", query, "--qi", "sex,occupation", "--k", "2", "--release", "r");
            CliRun.assertRefused(create, "spec 's': the source query", "SQLState 22P02", "data exception");
            assertFalse(create.err().contains(VALUE), create.err());

            // stored while its rows cast, the spec fails when a later row does not
            db.dsl().execute("DELETE FROM people WHERE id = 5");
            assertEquals(0, cli.run("spec", "create", "s", "--query", query, "--qi", "sex,occupation", "--k", "2", "--release", "r").exitCode());
            db.dsl().execute("INSERT INTO people VALUES (5, 'F', ?)", VALUE);
            CliRun.Result run = cli.run("run", "s");
            CliRun.assertRefused(run, "SQLState 22P02");
            assertFalse(run.toString().contains(VALUE), run.toString());

            db.dsl().execute("INSERT INTO kanon.requests (spec_name) VALUES ('s')");
            CliRun.Result worker = cli.run("worker", "--once");
            assertEquals(0, worker.exitCode(), worker.toString());
            assertTrue(worker.err().contains("SQLState 22P02"), worker.toString());
            assertFalse(worker.toString().contains(VALUE), worker.toString());
            var errors = db.dsl().fetch("SELECT error FROM kanon.requests UNION ALL SELECT error FROM kanon.spec_runs").getValues(0, String.class);
            assertEquals(3, errors.size(), errors.toString());
            for (String error : errors) {
                assertTrue(error.contains("SQLState 22P02"), error);
                assertFalse(error.contains(VALUE), error);
            }
            // an error before any row is read keeps the database's words: they name the query's own mistake
            CliRun.assertRefused(cli.run("spec", "create", "t", "--query", "SELECT sex, colour FROM people", "--qi", "sex", "--k", "2",
                    "--release", "t"), "SQLState 42703", "colour");
        }
    }
}
