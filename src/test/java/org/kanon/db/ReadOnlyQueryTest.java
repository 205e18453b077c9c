package org.kanon.db;

import static org.junit.jupiter.api.Assertions.*;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import org.kanon.InvalidInputException;
import org.kanon.testing.Await;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.TestDatabases;

/** SQL text kanon did not write runs without write power and leaves nothing behind in the pool's connections. */
class ReadOnlyQueryTest {

    /**
     * A session advisory lock is not undone by the rollback: on a pooled connection it would outlive the query and
     * block every other writer of that name (kanon's NameLock) for as long as the process runs.
     */
    @DatabaseTest(only = TestDatabases.Kind.POSTGRES)
    void aSessionLockTakenByTheQueryDoesNotOutliveIt(ConnectionSettings settings) throws Exception {
        try (Database db = Database.openScratch(settings)) {
            Integer read = new ReadOnlyQuery(db, "the query").read("SELECT pg_advisory_lock(4242), 7 AS n", rows -> rows.fetchNext().get("n", Integer.class));
            assertEquals(7, read);
            try (Connection other = DriverManager.getConnection(settings.url(), settings.user(), null);
                 Statement s = other.createStatement()) {
                // the eviction closes the session in the background: the lock must be free once it has
                Await.untilChecked("the query's session lock freed (is it still held by a pooled connection?)", Duration.ofSeconds(5), () -> {
                    try (ResultSet rs = s.executeQuery("SELECT pg_try_advisory_lock(4242)")) {
                        rs.next();
                        return rs.getBoolean(1);
                    }
                });
            }
            // the pool still works
            assertEquals(1, ((Number) db.dsl().fetchValue("SELECT 1")).intValue());
        }
    }

    /** MariaDB's GET_LOCK is held by the session too: the query's own connection ends with it. */
    @DatabaseTest(only = TestDatabases.Kind.MARIADB)
    void aMariaDbSessionLockTakenByTheQueryDoesNotOutliveIt(ConnectionSettings settings) throws Exception {
        String lock = "kanon_test_" + System.nanoTime();
        try (Database db = Database.openScratch(settings)) {
            Integer read = new ReadOnlyQuery(db, "the query").read("SELECT GET_LOCK('" + lock + "', 0) AS l, 7 AS n",
                    rows -> rows.fetchNext().get("n", Integer.class));
            assertEquals(7, read);
            try (Connection other = DriverManager.getConnection(settings.url()); Statement s = other.createStatement()) {
                Await.untilChecked("the query's session lock freed (is it still held?)", Duration.ofSeconds(5), () -> {
                    try (ResultSet rs = s.executeQuery("SELECT IS_FREE_LOCK('" + lock + "')")) {
                        rs.next();
                        return rs.getInt(1) == 1;
                    }
                });
            }
            assertEquals(1, ((Number) db.dsl().fetchValue("SELECT 1")).intValue());
        }
    }

    @DatabaseTest
    void aWriteThroughTheQueryIsRefusedAndThePoolStaysWritable(TestDatabases.Kind kind, ConnectionSettings settings) {
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
        }
    }
}
