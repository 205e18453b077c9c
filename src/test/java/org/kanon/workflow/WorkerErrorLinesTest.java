package org.kanon.workflow;

import static org.junit.jupiter.api.Assertions.*;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.jooq.exception.DataAccessException;
import org.kanon.db.Database;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;
import org.kanon.testing.TestDatabases;

/**
 * A request that fails with an error kanon did not expect (issue 19 item 6): the database's message quotes the row
 * it failed on (Derby: a truncation names the value; PostgreSQL: a failed cast does), and neither the worker's log
 * line nor the error stored with the request and its run holds it — only the class, SQLState and place.
 */
class WorkerErrorLinesTest {
    private static final String VALUE = "Other-service";

    @DatabaseTest
    void anUnexpectedDatabaseErrorIsLoggedAndStoredWithoutItsValue(TestDatabases.Kind kind, Database db) {
        PaperTables.patients(db);
        db.dsl().execute("CREATE TABLE jobs (occupation VARCHAR(20) NOT NULL)");
        db.dsl().execute("CREATE TABLE narrow (occupation VARCHAR(3))");
        db.dsl().execute("INSERT INTO jobs VALUES (?)", VALUE);
        // a statement that fails on the row, as the engine's own SQL might: its message holds the value
        // (MariaDB's "Data too long" names no value; its "Incorrect integer value" quotes it; DuckDB ignores
        // VARCHAR(3)'s length: its failed cast quotes the value as PostgreSQL's does)
        db.dsl().execute("CREATE TABLE numbers (n INTEGER)");
        String failing = switch (kind) {
            case POSTGRES, DUCKDB -> "SELECT CAST(occupation AS INTEGER) FROM jobs";
            case MARIADB -> "INSERT INTO numbers SELECT occupation FROM jobs";
            default -> "INSERT INTO narrow SELECT occupation FROM jobs";
        };
        var raw = assertThrows(DataAccessException.class, () -> db.dsl().execute(failing));
        assertTrue(raw.getMessage().contains(VALUE), raw.getMessage());

        TestDatabases.sql(db).execute("INSERT INTO kanon.specs (spec_name, source_table, quasi_identifiers, k, release_name) "
                + "VALUES ('p', 'patients', 'birthdate,sex,zipcode', 2, 'pub')");
        int id = new RequestQueue(db).submit("p", false);
        SpecRunner.Engine failsOnARow = (d, spec, source, name, replace) -> {
            d.dsl().execute(failing);
            throw new AssertionError("the statement should have failed");
        };
        List<String> log = new ArrayList<>();
        assertEquals(1, new Worker(db, new SpecRunner(db, failsOnARow), "w", Duration.ofSeconds(30), log::add).drain());

        var request = new RequestQueue(db).find(id).orElseThrow();
        assertEquals(RequestQueue.FAILED, request.status());
        // DuckDB's driver sets no SQLState: its profile derives the class from the kind of error (a conversion: 22)
        String state = switch (kind) {
            case POSTGRES -> "22P02";
            case MARIADB -> "22007";
            case DUCKDB -> "22000";
            default -> "22001";
        };
        List<String> said = new ArrayList<>(log);
        said.add(request.error());
        said.addAll(TestDatabases.sql(db).fetch("SELECT error FROM kanon.spec_runs").getValues(0, String.class));
        for (String line : said) {
            assertFalse(line.contains(VALUE), line);
        }
        assertTrue(request.error().startsWith("internal error (please report it): ") && request.error().contains("SQLState " + state),
                request.error());
        assertTrue(log.stream().anyMatch(l -> l.startsWith("request " + id + ": failed") && l.contains("SQLState " + state)), log.toString());
    }
}
