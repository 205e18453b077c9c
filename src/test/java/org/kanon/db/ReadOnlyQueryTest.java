package org.kanon.db;

import static org.junit.jupiter.api.Assertions.*;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.kanon.InvalidInputException;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.TestDatabases;

/** SQL text kanon did not write runs without write power and leaves nothing behind in the pool's connections. */
class ReadOnlyQueryTest {

    /**
     * A session advisory lock is not undone by the rollback: on a pooled connection it would outlive the query and
     * block every other writer of that name (kanon's NameLock) for as long as the process runs.
     */
    @Test
    void aSessionLockTakenByTheQueryDoesNotOutliveIt() throws Exception {
        Assumptions.assumeTrue(TestDatabases.pgUrl() != null, "needs " + TestDatabases.PG_VARIABLE);
        ConnectionSettings settings = TestDatabases.fresh(TestDatabases.Kind.POSTGRES);
        try (Database db = Database.openScratch(settings)) {
            Integer read = new ReadOnlyQuery(db, "the query").read("SELECT pg_advisory_lock(4242), 7 AS n", rows -> rows.fetchNext().get("n", Integer.class));
            assertEquals(7, read);
            try (Connection other = DriverManager.getConnection(settings.url(), settings.user(), null);
                 Statement s = other.createStatement()) {
                // the eviction closes the session in the background: give it a moment, then the lock must be free
                boolean free = false;
                for (int i = 0; i < 50 && !free; i++) {
                    try (ResultSet rs = s.executeQuery("SELECT pg_try_advisory_lock(4242)")) {
                        rs.next();
                        free = rs.getBoolean(1);
                    }
                    if (!free) {
                        Thread.sleep(100);
                    }
                }
                assertTrue(free, "the query's session lock is still held by a pooled connection");
            }
            // the pool still works
            assertEquals(1, ((Number) db.dsl().fetchValue("SELECT 1")).intValue());
        } finally {
            TestDatabases.dispose(settings);
        }
    }

    /** MariaDB's GET_LOCK is held by the session too: the query's own connection ends with it. */
    @Test
    void aMariaDbSessionLockTakenByTheQueryDoesNotOutliveIt() throws Exception {
        Assumptions.assumeTrue(TestDatabases.kinds().contains(TestDatabases.Kind.MARIADB), "needs " + TestDatabases.MARIADB_VARIABLE);
        ConnectionSettings settings = TestDatabases.fresh(TestDatabases.Kind.MARIADB);
        String lock = "kanon_test_" + System.nanoTime();
        try (Database db = Database.openScratch(settings)) {
            Integer read = new ReadOnlyQuery(db, "the query").read("SELECT GET_LOCK('" + lock + "', 0) AS l, 7 AS n",
                    rows -> rows.fetchNext().get("n", Integer.class));
            assertEquals(7, read);
            try (Connection other = DriverManager.getConnection(settings.url()); Statement s = other.createStatement()) {
                boolean free = false;
                for (int i = 0; i < 50 && !free; i++) {
                    try (ResultSet rs = s.executeQuery("SELECT IS_FREE_LOCK('" + lock + "')")) {
                        rs.next();
                        free = rs.getInt(1) == 1;
                    }
                    if (!free) {
                        Thread.sleep(100);
                    }
                }
                assertTrue(free, "the query's session lock is still held");
            }
            assertEquals(1, ((Number) db.dsl().fetchValue("SELECT 1")).intValue());
        } finally {
            TestDatabases.dispose(settings);
        }
    }

    @DatabaseTest
    void aWriteThroughTheQueryIsRefusedAndThePoolStaysWritable(TestDatabases.Kind kind) {
        ConnectionSettings settings = TestDatabases.fresh(kind);
        try (Database db = Database.openScratch(settings)) {
            db.dsl().execute("CREATE TABLE t (x INT)");
            List<String> writes = switch (kind) {
                case POSTGRES -> List.of("WITH a AS (INSERT INTO t VALUES (1) RETURNING x) SELECT * FROM a");
                // MariaDB: a second statement (the driver sends no multi-statements), a write in the read-only
                // transaction, a SELECT that writes a row into a variable-less INSERT ... SELECT
                case MARIADB -> List.of("SELECT x FROM t; INSERT INTO t VALUES (1)", "INSERT INTO t SELECT 1",
                        "SELECT x FROM t -- a comment\n; INSERT INTO t VALUES (1)");
                case DERBY -> List.of("CALL SYSCS_UTIL.SYSCS_SET_DATABASE_PROPERTY('derby.x', 'y')");
                // DuckDB has no data-modifying CTE; its driver would run the statements before the last as it prepares
                case DUCKDB -> List.of("SELECT 1; INSERT INTO t VALUES (1)");
            };
            for (String write : writes) {
                assertThrows(InvalidInputException.class, () -> new ReadOnlyQuery(db, "the query").read(write, rows -> rows.fetch()), write);
            }
            assertEquals(0, ((Number) db.dsl().fetchValue("SELECT COUNT(*) FROM t")).intValue());
            // every connection of the pool (4) accepts a write again
            for (int i = 0; i < 6; i++) {
                db.dsl().execute("INSERT INTO t VALUES (2)");
            }
            assertEquals(6, ((Number) db.dsl().fetchValue("SELECT COUNT(*) FROM t")).intValue());
        } finally {
            TestDatabases.dispose(settings);
        }
    }
}
