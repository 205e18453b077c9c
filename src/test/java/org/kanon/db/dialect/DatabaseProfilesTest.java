package org.kanon.db.dialect;

import static org.junit.jupiter.api.Assertions.*;

import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.conf.RenderQuotedNames;
import org.jooq.conf.Settings;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.Test;
import org.kanon.InvalidInputException;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.TestDatabases;

class DatabaseProfilesTest {

    @Test
    void derbyUrlsFindTheDerbyProfile() {
        assertSame(DerbyProfile.INSTANCE, DatabaseProfiles.forUrl("jdbc:derby:memory:x;create=true"));
        assertSame(DerbyProfile.INSTANCE, DatabaseProfiles.forUrl("jdbc:derby:kanon-db;create=true"));
        assertSame(DerbyProfile.INSTANCE, DatabaseProfiles.of(SQLDialect.DERBY));
    }

    @Test
    void postgresqlUrlsFindThePostgresProfile() {
        assertSame(PostgresProfile.INSTANCE, DatabaseProfiles.forUrl("jdbc:postgresql://127.0.0.1:5432/kanon"));
        assertSame(PostgresProfile.INSTANCE, DatabaseProfiles.of(SQLDialect.POSTGRES));
    }

    @Test
    void mariadbAndMysqlUrlsFindTheMariaDbProfile() {
        assertSame(MariaDbProfile.MARIADB, DatabaseProfiles.forUrl("jdbc:mariadb://127.0.0.1:3306/kanon"));
        assertSame(MariaDbProfile.MYSQL, DatabaseProfiles.forUrl("jdbc:mysql://127.0.0.1:3306/kanon"));
        assertSame(MariaDbProfile.MARIADB, DatabaseProfiles.of(SQLDialect.MARIADB));
    }

    @Test
    void mariadbNamespacesAreSiblingDatabasesAndALongDatabaseNameIsRefused() {
        assertEquals("clinic_kanon_release", MariaDbProfile.MARIADB.namespace("KANON_RELEASE", "jdbc:mariadb://h:3306/clinic?user=a"));
        assertEquals("clinic_kanon", MariaDbProfile.MYSQL.namespace("KANON", "jdbc:mysql://h/clinic"));
        assertEquals("KANON", DerbyProfile.INSTANCE.namespace("KANON", "jdbc:derby:memory:x"));
        assertEquals("kanon_dim", PostgresProfile.INSTANCE.namespace("KANON_DIM", "jdbc:postgresql://h/clinic"));
        String fifty = "d".repeat(50);
        assertEquals(fifty + "_kanon_release", MariaDbProfile.MARIADB.namespace("KANON_RELEASE", "jdbc:mariadb://h/" + fifty));
        var e = assertThrows(InvalidInputException.class,
                () -> MariaDbProfile.MARIADB.namespace("KANON", "jdbc:mariadb://h/" + fifty + "x?password=secret"));
        assertTrue(e.getMessage().startsWith("--db: database name " + fifty + "x is 51 characters long"), e.getMessage());
        assertTrue(e.getMessage().contains("at most 64"), e.getMessage());
        assertFalse(e.getMessage().contains("\n") || e.getMessage().contains("secret"), e.getMessage());
        var none = assertThrows(InvalidInputException.class, () -> MariaDbProfile.MARIADB.namespace("KANON", "jdbc:mariadb://h:3306/"));
        assertTrue(none.getMessage().contains("names no database"), none.getMessage());
    }

    @Test
    void aMariaDbServerBefore106CannotServeTheQueue() {
        assertEquals(null, MariaDbProfile.workerRefusal("10.11.19-MariaDB-0+deb12u1"));
        assertEquals(null, MariaDbProfile.workerRefusal("10.6.0-MariaDB"));
        assertEquals(null, MariaDbProfile.workerRefusal("11.4.2-MariaDB"));
        assertEquals(null, MariaDbProfile.workerRefusal("8.0.36"));
        assertEquals("the server is MariaDB 10.5; kanon worker needs FOR UPDATE SKIP LOCKED (MariaDB 10.6, MySQL 8.0 or later)",
                MariaDbProfile.workerRefusal("10.5.23-MariaDB-log"));
        assertEquals("the server is MariaDB 10.5; kanon worker needs FOR UPDATE SKIP LOCKED (MariaDB 10.6, MySQL 8.0 or later)",
                MariaDbProfile.workerRefusal("5.5.5-10.5.9-MariaDB"));
        assertEquals("the server is MySQL 5.7; kanon worker needs FOR UPDATE SKIP LOCKED (MariaDB 10.6, MySQL 8.0 or later)",
                MariaDbProfile.workerRefusal("5.7.44"));
    }

    @Test
    void anUnknownDatabaseFailsWithOneLineNamingItAndNoPassword() {
        var e = assertThrows(InvalidInputException.class, () -> DatabaseProfiles.forUrl("jdbc:sqlite:/tmp/x.db;password=secret"));
        assertTrue(e.getMessage().startsWith("--db: database 'sqlite' is not supported"), e.getMessage());
        assertTrue(e.getMessage().endsWith("supported: jdbc:derby:..., jdbc:postgresql://..., jdbc:mariadb://..., jdbc:mysql://... (a MariaDB server), jdbc:duckdb:/path/file.duckdb, jdbc:trino://host:port/catalog/schema"), e.getMessage());
        assertFalse(e.getMessage().contains("secret"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        var d = assertThrows(InvalidInputException.class, () -> DatabaseProfiles.of(SQLDialect.SQLITE));
        assertEquals("database 'sqlite' is not supported; supported: jdbc:derby:..., jdbc:postgresql://..., jdbc:mariadb://..., "
                + "jdbc:mysql://... (a MariaDB server), jdbc:duckdb:/path/file.duckdb, jdbc:trino://host:port/catalog/schema", d.getMessage());
    }

    @Test
    void aCapabilityADatabaseLacksThrowsInsteadOfFallingBack() {
        DatabaseProfile derby = DerbyProfile.INSTANCE;
        assertFalse(derby.wakesByNotify());
        assertThrows(UnsupportedOperationException.class, () -> derby.listen(null, "kanon_requests"));
        assertThrows(UnsupportedOperationException.class, () -> derby.awaitNotification(null, 1));
        assertFalse(derby.hasViewBarriers());
        assertThrows(UnsupportedOperationException.class, () -> derby.isSecurityBarrier(null, "s", "v"));
        assertThrows(UnsupportedOperationException.class, () -> derby.hasFencedDefinition(null, "s", "v"));
        DatabaseProfile postgres = PostgresProfile.INSTANCE;
        assertFalse(postgres.writersTakeTurns());
        assertThrows(UnsupportedOperationException.class, () -> postgres.turnKey("jdbc:postgresql://h/db"));
    }

    @Test
    void namesAreFoldedAndMeasuredAsEachDatabaseDoes() {
        assertEquals("ADULT_K5", DerbyProfile.INSTANCE.foldPlain("adult_k5"));
        assertEquals("adult_k5", PostgresProfile.INSTANCE.foldPlain("Adult_K5"));
        assertEquals(new NameLimit(128, false, "Derby"), DerbyProfile.INSTANCE.relationNameLimit());
        assertEquals(new NameLimit(63, true, "PostgreSQL"), PostgresProfile.INSTANCE.relationNameLimit());
        assertEquals(4, PostgresProfile.INSTANCE.relationNameLimit().measure("äö"));
        assertEquals(31, DerbyProfile.INSTANCE.tableLimits().maxDecimalPrecision());
        assertEquals(10_485_760, PostgresProfile.INSTANCE.tableLimits().maxVarchar());
    }

    /** The hints are part of stored re-check queries: their text must stay what it was before the profiles. */
    @Test
    void hintsAndFencesRenderAsBefore() {
        DSLContext derby = quoted(SQLDialect.DERBY);
        var fact = DSL.name("S", "T");
        assertEquals(derby.render(DSL.table(DSL.sql("--DERBY-PROPERTIES joinOrder=FIXED\n{0} {1}", fact, DSL.name("f")))),
                derby.render(DerbyProfile.INSTANCE.fixedJoinOrder(DSL.table(fact), DSL.name("f"))));
        DSLContext postgres = quoted(SQLDialect.POSTGRES);
        assertEquals(postgres.render(DSL.table(fact).as(DSL.name("f"))),
                postgres.render(PostgresProfile.INSTANCE.fixedJoinOrder(DSL.table(fact), DSL.name("f"))));
        var select = DSL.select(DSL.inline(1)).from(DSL.table(fact));
        assertEquals(derby.render(select), derby.render(DerbyProfile.INSTANCE.fence(select)));
        // jOOQ's select steps are mutable: each side gets a select of its own
        assertEquals(postgres.render(DSL.select(DSL.inline(1)).from(DSL.table(fact)).offset(DSL.inline(0))),
                postgres.render(PostgresProfile.INSTANCE.fence(DSL.select(DSL.inline(1)).from(DSL.table(fact)))));
        assertTrue(derby.render(DerbyProfile.INSTANCE.hashJoined(select, DSL.name("fs"))).endsWith("--DERBY-PROPERTIES joinStrategy=HASH\n"));
        assertEquals(postgres.render(select.asTable(DSL.name("fs"))), postgres.render(PostgresProfile.INSTANCE.hashJoined(select, DSL.name("fs"))));
    }

    @DatabaseTest
    void anOpenDatabaseAnswersWithTheProfileOfItsUrl(TestDatabases.Kind kind, ConnectionSettings settings) {
        try (Database db = Database.openScratch(settings)) {
            assertSame(switch (kind) {
                case DERBY -> DerbyProfile.INSTANCE;
                case POSTGRES -> PostgresProfile.INSTANCE;
                case MARIADB -> MariaDbProfile.MARIADB;
                case DUCKDB -> DuckDbProfile.INSTANCE;
                default -> throw new AssertionError("no profile test for " + kind);
            }, db.profile());
            assertEquals(db.profile().dialect(), db.dialect());
            // Derby's test databases are in memory; DuckDB's are files (its in-memory ones die with their last connection)
            assertEquals(kind == TestDatabases.Kind.DERBY, db.profile().isInMemory(settings.url()));
        }
    }

    private static DSLContext quoted(SQLDialect dialect) {
        return DSL.using(dialect, new Settings().withRenderQuotedNames(RenderQuotedNames.EXPLICIT_DEFAULT_QUOTED));
    }
}
