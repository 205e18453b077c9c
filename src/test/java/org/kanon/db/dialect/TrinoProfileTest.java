package org.kanon.db.dialect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.kanon.InvalidInputException;
import org.kanon.db.ConnectionSettings;

/** What the Trino profile decides without a cluster: URLs, names, errors. The cluster tests are in org.kanon.trino. */
class TrinoProfileTest {
    private final TrinoProfile trino = TrinoProfile.INSTANCE;

    @Test
    @DisplayName("a Trino URL is Trino's profile, and names its catalog and schema or is refused in one line")
    void urls() {
        assertSame(trino, DatabaseProfiles.forUrl("jdbc:trino://127.0.0.1:18080/iceberg/lake"));
        assertArrayEquals(new String[] {"iceberg", "lake"}, TrinoProfile.catalogAndSchema("jdbc:trino://h:1/Iceberg/Lake?user=x"));
        for (String bad : new String[] {"jdbc:trino://127.0.0.1:18080", "jdbc:trino://127.0.0.1:18080/iceberg",
                "jdbc:trino://127.0.0.1:18080/iceberg/", "jdbc:trino://h:1//lake"}) {
            InvalidInputException e = assertThrows(InvalidInputException.class, () -> trino.namespace("KANON", bad), bad);
            assertTrue(e.getMessage().startsWith("--db: a Trino URL names its catalog and schema"), e.getMessage());
        }
        assertEquals("kanon_release", trino.namespace("KANON_RELEASE", "jdbc:trino://h:1/iceberg/lake"));
        InvalidInputException own = assertThrows(InvalidInputException.class, () -> trino.namespace("KANON", "jdbc:trino://h:1/iceberg/kanon_release"));
        assertTrue(own.getMessage().contains("one of kanon's own"), own.getMessage());
    }

    @Test
    @DisplayName("no user in the URL or the options: Trino connects as the operating system's user, as Trino's own CLI; a given user wins")
    void userDefaultsToTheSystemUser() {
        String system = System.getProperty("user.name");
        assertEquals(system, trino.connectionProperties("jdbc:trino://h:1/iceberg/lake", new java.util.Properties()).getProperty("user"));
        ConnectionSettings none = ConnectionSettings.resolve("jdbc:trino://h:1/iceberg/lake", null, java.util.Map.of());
        assertEquals(system, trino.connectionProperties(none.url(), none.credentials()).getProperty("user"));
        ConnectionSettings given = ConnectionSettings.resolve("jdbc:trino://h:1/iceberg/lake", "alice", java.util.Map.of());
        assertEquals("alice", trino.connectionProperties(given.url(), given.credentials()).getProperty("user"));
        assertNull(trino.connectionProperties("jdbc:trino://h:1/iceberg/lake?user=bob", new java.util.Properties()).getProperty("user"),
                "the URL's own user= is the driver's to read");
        assertNull(DatabaseProfiles.forUrl("jdbc:postgresql://h/db").connectionProperties("jdbc:postgresql://h/db", new java.util.Properties())
                .getProperty("user"), "other databases: as given");
    }

    @Test
    @DisplayName("kanon's catalog cannot live on Trino: the default catalog database is embedded Derby")
    void catalogElsewhere() {
        assertFalse(trino.keepsCatalog());
        assertFalse(trino.hasTransactions());
        assertEquals(ConnectionSettings.DEFAULT_CATALOG_URL,
                new ConnectionSettings("jdbc:trino://h:1/iceberg/lake", "kanon", null).catalogSettings().url());
        ConnectionSettings named = ConnectionSettings.resolve("jdbc:trino://h:1/iceberg/lake", "kanon", "jdbc:postgresql://h/cat",
                java.util.Map.of(ConnectionSettings.CATALOG_PASSWORD_VARIABLE, "s3cret"), java.util.Map.of());
        assertEquals("jdbc:postgresql://h/cat", named.catalogSettings().url());
        assertEquals("s3cret", named.catalogSettings().password());
        assertFalse(named.toString().contains("s3cret"), named.toString());
        for (DatabaseProfile p : DatabaseProfiles.all()) {
            assertEquals(p != trino, p.keepsCatalog(), p.displayName());
        }
    }

    @Test
    @DisplayName("a scratch table's name carries the second it was made; only one made 12 hours ago or more counts as abandoned")
    void abandonedScratchTables() {
        String name = trino.scratchTable("kanon", "k_1").last();
        assertTrue(name.startsWith("scratch_k_1_"), name);
        long now = System.currentTimeMillis() / 1000;
        assertFalse(TrinoProfile.madeBefore(name, now - 60));
        assertTrue(TrinoProfile.madeBefore(name, now + 60));
        assertFalse(TrinoProfile.madeBefore("scratch_k_1_nj92tluncgux", now), "a name without its time is never taken for abandoned");
        assertFalse(TrinoProfile.madeBefore("scratch_x", now));
    }

    @Test
    @DisplayName("the server's message without the driver's query id; a lost coordinator is a connection failure")
    void errors() {
        SQLException failed = trinoError("Query failed (#20261127_180751_00006_jtjy4): line 1:8: Table 'iceberg.lake.t' does not exist", 46);
        assertEquals("line 1:8: Table 'iceberg.lake.t' does not exist", trino.primaryMessage(failed));
        assertNull(trino.sqlState(failed));
        assertEquals("08006", trino.sqlState(trinoError("Error executing query: java.net.ConnectException: Failed to connect to /127.0.0.1:1", 0)));
        assertEquals("42501", trino.sqlState(trinoError("Query failed (#1): Access Denied: Cannot select from table", 4)));
        // REMOTE_HOST_GONE, as a worker killed during a search fails the query (seen on the 3-node cluster)
        assertEquals("08006", trino.sqlState(trinoError("Query failed (#2): Encountered too many errors talking to a worker node", 65558)));
        assertTrue(org.kanon.db.ErrorLine.of(new org.jooq.exception.DataAccessException("x",
                trinoError("Query failed (#2): Encountered too many errors talking to a worker node", 65558)))
                .startsWith("lost the connection to the database or one of its nodes (SQLState 08006: Encountered too many errors"));
        assertNull(trino.primaryMessage(new SQLException("Query failed (#x): not the Trino driver's")), "another driver's error is not Trino's");
    }

    /** An error as the Trino driver raises it (its frames are the driver's). */
    private static SQLException trinoError(String message, int code) {
        SQLException e = new SQLException(message, (String) null, code);
        e.setStackTrace(new StackTraceElement[] {new StackTraceElement("io.trino.jdbc.TrinoResultSet", "getColumns", "TrinoResultSet.java", 143)});
        return e;
    }
}
