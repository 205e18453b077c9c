package org.kanon.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.db.KanonSchemas;

/**
 * The extension every database test relies on: a copied database is what kanon's own first open makes, two parameters
 * are two databases, and what a test was handed is dropped when it ends, failed or not.
 */
class TestDatabaseExtensionTest {

    @DatabaseTest
    @DisplayName("a database copied from the migrated template holds the catalog kanon's first open of an empty one makes")
    void copiedCatalogIsTheMigratedOne(TestDatabases.Kind kind, ConnectionSettings copied, @NeverOpened ConnectionSettings empty) {
        assertNotEquals(copied.url(), empty.url());
        List<String> migrated;
        try (Database db = Database.open(empty)) {
            migrated = catalog(kind, db);
        }
        try (Database db = Database.open(copied)) {
            assertEquals(migrated, catalog(kind, db));
        }
        assertTrue(migrated.stream().anyMatch(line -> line.startsWith(KanonSchemas.CATALOG + ".")), migrated.toString());
        assertTrue(migrated.stream().anyMatch(line -> line.startsWith("history ")), migrated.toString());
    }

    @DatabaseTest
    @DisplayName("two parameters of one kind are two databases: a table made in one is not in the other")
    void twoParametersAreTwoDatabases(Database one, Database other) {
        one.dsl().createTable(DSL.name("only_here")).column("x", org.jooq.impl.SQLDataType.INTEGER).execute();
        assertEquals(0, one.dsl().fetchCount(DSL.table(DSL.name("only_here"))));
        assertThrows(org.jooq.exception.DataAccessException.class, () -> other.dsl().fetchCount(DSL.table(DSL.name("only_here"))));
    }

    @Test
    @DisplayName("the databases a failing test was handed are dropped when it ends")
    void aFailingTestsDatabasesAreDropped() {
        Failing.HANDED.clear();
        SummaryGeneratingListener summary = new SummaryGeneratingListener();
        // without the listeners META-INF/services registers: the cost ledger is the enclosing run's
        LauncherFactory.create(LauncherConfig.builder().enableTestExecutionListenerAutoRegistration(false).build()).execute(LauncherDiscoveryRequestBuilder.request()
                .selectors(DiscoverySelectors.selectClass(Failing.class)).build(), summary);
        TestExecutionSummary s = summary.getSummary();
        int kinds = TestDatabases.kinds().size();
        assertEquals(kinds, s.getTestsFailedCount(), "one failed run per kind");
        assertEquals(2 * kinds, Failing.HANDED.size(), "a fresh and an opened database per kind");
        TestDatabases.awaitDerbyDrops();
        for (ConnectionSettings settings : Failing.HANDED) {
            assertFalse(TestDatabases.exists(settings), settings.url() + " was not dropped");
        }
    }

    /** Run by {@link #aFailingTestsDatabasesAreDropped} alone (a nested class: Surefire and the class's own run skip it). */
    static class Failing {
        static final List<ConnectionSettings> HANDED = new CopyOnWriteArrayList<>();

        @DatabaseTest
        void fails(ConnectionSettings fresh, Database opened) {
            HANDED.add(fresh);
            HANDED.add(opened.settings());
            assertTrue(TestDatabases.exists(fresh) && TestDatabases.exists(opened.settings()));
            fail("on purpose");
        }
    }

    /**
     * kanon's namespaces' columns with their types, and the migrations Flyway recorded. Derby, which has no
     * information_schema, as its JDBC meta data describes them (MariaDB's driver lists every database's there).
     */
    private static List<String> catalog(TestDatabases.Kind kind, Database db) {
        List<String> lines = new ArrayList<>();
        for (String schema : List.of(KanonSchemas.CATALOG, KanonSchemas.DIMENSIONS, KanonSchemas.RELEASES)) {
            String namespace = db.identifiers().namespace(schema);
            if (kind == TestDatabases.Kind.DERBY) {
                try (Connection c = db.dataSource().getConnection(); ResultSet rs = c.getMetaData().getColumns(null, namespace, "%", "%")) {
                    while (rs.next()) {
                        lines.add(schema + "." + rs.getString("TABLE_NAME") + "." + rs.getString("COLUMN_NAME") + " "
                                + rs.getString("TYPE_NAME") + " " + rs.getString("IS_NULLABLE"));
                    }
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            } else {
                db.dsl().select(DSL.field(DSL.name("table_name")), DSL.field(DSL.name("column_name")), DSL.field(DSL.name("data_type")),
                                DSL.field(DSL.name("is_nullable")))
                        .from(DSL.table(DSL.name("information_schema", "columns")))
                        .where(DSL.field(DSL.name("table_schema")).eq(namespace))
                        .forEach(r -> lines.add(schema + "." + r.get(0) + "." + r.get(1) + " " + r.get(2) + " " + r.get(3)));
            }
        }
        lines.sort(null);
        db.dsl().select(DSL.field(DSL.name("version")), DSL.field(DSL.name("checksum")), DSL.field(DSL.name("success")))
                .from(DSL.table(DSL.name(db.identifiers().namespace(KanonSchemas.CATALOG), "flyway_schema_history")))
                .orderBy(DSL.field(DSL.name("installed_rank")))
                .forEach(r -> lines.add("history " + r.get(0) + " " + r.get(1) + " " + r.get(2)));
        assertFalse(lines.isEmpty());
        return lines;
    }
}
