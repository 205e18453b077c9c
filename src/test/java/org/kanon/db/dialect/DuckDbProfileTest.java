package org.kanon.db.dialect;

import static org.junit.jupiter.api.Assertions.*;

import java.sql.SQLException;
import java.util.List;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.db.ReadOnlyQuery;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.TestDatabases;

/** What the DuckDB profile decides instead of the database (which records no view dependencies and no SQLStates). */
class DuckDbProfileTest {
    private static final DuckDbProfile P = DuckDbProfile.INSTANCE;

    @Test
    @DisplayName("the query of a CREATE VIEW as duckdb_views() writes it, whatever its names hold")
    void viewQueryOfItsCreateView() {
        assertEquals("SELECT * FROM (SELECT 1) AS q", DuckDbProfile.viewQuery("CREATE VIEW v2 AS SELECT * FROM (SELECT 1) AS q;"));
        assertEquals("SELECT a FROM \"x AS y\".t",
                DuckDbProfile.viewQuery("CREATE VIEW \"x AS y\".\"v AS (\" (b) AS SELECT a FROM \"x AS y\".t;"));
        assertEquals("SELECT 1", DuckDbProfile.viewQuery("CREATE VIEW s.\"a\"\"b\" (\"c)\", d) AS SELECT 1;"));
        assertNull(DuckDbProfile.viewQuery("CREATE TABLE t AS SELECT 1;"));
    }

    @Test
    @DisplayName("in memory: jdbc:duckdb: alone and :memory: (named); a file is not")
    void inMemoryUrls() {
        assertTrue(P.isInMemory("jdbc:duckdb:"));
        assertTrue(P.isInMemory("jdbc:duckdb::memory:shared"));
        assertFalse(P.isInMemory("jdbc:duckdb:/tmp/x.duckdb"));
        assertEquals("/tmp/x.duckdb", P.turnKey("jdbc:duckdb:/tmp/./x.duckdb;threads=2"));
    }

    @Test
    @DisplayName("the driver sets no SQLState: its kind of error gives the class (what kanon may show of a message)")
    void sqlStatesFromTheKindOfError() {
        assertEquals("42601", P.sqlState(new SQLException("Parser Error: syntax error at or near \"selec\"")));
        assertEquals("42P01", P.sqlState(new SQLException("Invalid Input Error: Attempting to execute an unsuccessful or closed pending "
                + "query result\nError: Catalog Error: Table with name nope does not exist!")));
        assertEquals("22000", P.sqlState(new SQLException("Conversion Error: Could not convert string 'x' to INT32")));
        assertEquals("23000", P.sqlState(new SQLException("Constraint Error: Duplicate key \"id: 1\" violates primary key constraint.")));
        assertEquals("25006", P.sqlState(new SQLException("TransactionContext Error: Cannot write to database \"a\" - transaction is launched in read-only mode")));
        // two transactions updating one row: the loser's UPDATE fails (it does not find the row changed), as a serialization failure
        assertEquals("40001", P.sqlState(new SQLException("TransactionContext Error: Conflict on update!")));
        assertEquals("25000", P.sqlState(new SQLException("TransactionContext Error: cannot start a transaction within a transaction")));
        assertEquals("08001", P.sqlState(new SQLException("IO Error: Could not set lock on file \"/x.duckdb\": Conflicting lock is held in java (PID 7)")));
        assertEquals("XJ004", P.sqlState(new SQLException("Derby's", "XJ004")), "a driver's own state wins");
        assertNull(P.sqlState(new SQLException("no kind of error")));
    }

    @Test
    @DisplayName("jdbc:duckdb: alone (one private database per connection) is refused with one line")
    void privateInMemoryRefused() {
        var e = assertThrows(InvalidInputException.class, () -> P.boot("jdbc:duckdb:", new java.util.Properties(), System.err));
        assertTrue(e.getMessage().contains("jdbc:duckdb: alone is a private in-memory database per connection"), e.getMessage());
    }

    @DatabaseTest(only = TestDatabases.Kind.DUCKDB)
    @DisplayName("a stored query is proven one SELECT by DuckDB's parser and run in a read-only transaction")
    void readOnlyQueries(Database db) {
        db.dsl().execute("CREATE SEQUENCE s");
        db.dsl().execute("CREATE TABLE t (x INT)");
        ReadOnlyQuery q = new ReadOnlyQuery(db, "the query");
        assertEquals(List.of(0L), q.read("SELECT COUNT(*) FROM t", rows -> rows.fetch().getValues(0, Long.class)));
        for (String refused : List.of("SELECT 1; COMMIT; INSERT INTO t VALUES (1)", "INSERT INTO t VALUES (1)",
                "SELECT 1; SELECT 2", "SELECT nextval('s')", "CALL pragma_version()", "PRAGMA version", "CHECKPOINT")) {
            var e = assertThrows(InvalidInputException.class, () -> q.read(refused, rows -> rows.fetch()), refused);
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
        assertEquals(0, db.dsl().fetchCount(DSL.table(DSL.name("t"))), "nothing was written");
        assertEquals(1L, ((Number) db.dsl().fetchValue("SELECT nextval('s')")).longValue(), "the sequence was not advanced");
        // the pool's connections write again
        for (int i = 0; i < 6; i++) {
            db.dsl().execute("INSERT INTO t VALUES (2)");
        }
        assertEquals(6, db.dsl().fetchCount(DSL.table(DSL.name("t"))));
    }
}
