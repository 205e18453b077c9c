package org.kanon.release;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import java.util.Set;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.DisplayName;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.db.KanonSchemas;
import org.kanon.db.Views;
import org.kanon.frequency.StarSchema;
import org.kanon.lattice.LevelVector;
import org.kanon.privacy.KAnonymity;
import org.kanon.privacy.SuppressionLimit;
import org.kanon.schema.SourceTable;
import org.kanon.schema.hierarchy.HierarchyCatalog;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;
import org.kanon.testing.CatalogHistory;
import org.kanon.testing.TestDatabases;

/**
 * Issue 19, item 1: a release view is a security barrier on PostgreSQL (ReaderLeakCliTest shows what that stops), and
 * the catalog migration V6 makes one of a view released before. Derby has no security-barrier views: the view is a
 * plain one there, and the migration changes nothing.
 */
class ReleaseViewBarrierTest {

    @DatabaseTest
    @DisplayName("A release view is a security barrier on PostgreSQL (TEMPTABLE and DEFINER on MariaDB), and migration V6 makes views released before barriers too")
    void releaseViewsAreSecurityBarriers(TestDatabases.Kind kind, ConnectionSettings settings) {
        try (Database db = Database.open(settings)) {
            SourceTable patients = PaperTables.patients(db);
            StarSchema schema = StarSchema.of(patients, List.of("sex", "zipcode"), new HierarchyCatalog(db));
            ReleaseRecord r = new ReleaseWriter(db).release(new ReleaseRequest("barrier", schema, new LevelVector(0, 1),
                    new KAnonymity(2), SuppressionLimit.parse("2"), SuppressMode.REMOVE, false, false, Set.of(), "full-domain")).release();
            assertEquals("VIEW", r.kind());
            boolean postgres = kind == TestDatabases.Kind.POSTGRES;
            assertEquals(postgres, Views.isSecurityBarrier(db.dsl(), r.relationSchema(), r.relationName()));
            assertEquals(4, db.dsl().fetchCount(DSL.table(DSL.name(r.relationSchema(), r.relationName()))));
            if (kind == TestDatabases.Kind.MARIADB) {
                // no security barriers on MariaDB: the view is materialized before a reader's conditions run on it
                // (TEMPTABLE, never merged into the reader's query) and runs with its definer's rights
                var view = db.dsl().fetchOne("SELECT algorithm, security_type FROM information_schema.views "
                        + "WHERE table_schema = ? AND table_name = ?", r.relationSchema(), r.relationName());
                assertEquals(List.of("TEMPTABLE", "DEFINER"), view.intoList().stream().map(String::valueOf).toList());
                String plan = db.dsl().fetch("EXPLAIN SELECT * FROM " + r.relationSchema() + "." + r.relationName()
                        + " WHERE sex = 'Male'").toString();
                assertTrue(plan.contains("DERIVED"), "the view is a derived table the reader's WHERE is applied to: " + plan);
            }
            if (!postgres) {
                return;
            }
            // as released by kanon before issue 19, and the catalog at version 5
            db.dsl().execute("ALTER VIEW kanon_release.barrier RESET (security_barrier)");
            assertFalse(Views.isSecurityBarrier(db.dsl(), r.relationSchema(), r.relationName()));
            CatalogHistory.forgetAfter(db, 5);
            db.dsl().alterTable(DSL.name(db.identifiers().namespace(KanonSchemas.CATALOG), "releases"))
                    .dropColumn(DSL.name("dropped_columns")).execute(); // V7's, applied again after V6
            db.dsl().alterTable(DSL.name(db.identifiers().namespace(KanonSchemas.CATALOG), "releases"))
                    .dropColumn(DSL.name("model_code")).execute(); // V9's, likewise
        }
        try (Database db = Database.open(settings)) {
            assertTrue(Views.isSecurityBarrier(db.dsl(), "kanon_release", "barrier"), "migration V6 made the old view a barrier");
        }
    }

    /**
     * Issue 32, item 23: the reader's probe of the issue. A condition that fails only when it is evaluated on a row of
     * a suppressed class ({@code exp(1000)} is out of range of a DOUBLE) fails the reader's query where the database
     * pushes it below the view's filter: the error then tells that such a row exists (MariaDB 10.11 pushed it into
     * the TEMPTABLE view, condition_pushdown_for_derived). On a fenced view it only ever meets released rows.
     */
    @DatabaseTest
    @DisplayName("A reader's condition that fails on a suppressed row never meets one: the release view is fenced on every database")
    void readerConditionNeverMeetsSuppressedRows(TestDatabases.Kind kind, Database db) {
        SourceTable patients = PaperTables.patients(db);
        StarSchema schema = StarSchema.of(patients, List.of("sex", "zipcode"), new HierarchyCatalog(db));
        // (Male, 5371*) Flu and (Female, 5371*) Hepatitis are classes of one row: suppressed
        ReleaseRecord r = new ReleaseWriter(db).release(new ReleaseRequest("fenced", schema, new LevelVector(0, 1),
                new KAnonymity(2), SuppressionLimit.parse("2"), SuppressMode.REMOVE, false, false, Set.of(), "full-domain")).release();
        var view = DSL.table(DSL.name(r.relationSchema(), r.relationName()));
        var disease = DSL.field(DSL.name(patients.column("disease").name()), String.class);
        // DuckDB's exp(1000) is infinity, no error: there a cast of 'x' to a number fails instead
        java.util.function.Function<String, org.jooq.Condition> failsOn = kind == TestDatabases.Kind.DUCKDB
                ? value -> DSL.when(disease.eq(DSL.inline(value)), DSL.inline("x")).else_(DSL.inline("1")).cast(Integer.class).gt(DSL.inline(0))
                : value -> DSL.exp(DSL.when(disease.eq(DSL.inline(value)), DSL.inline(1000)).else_(DSL.inline(0)))
                        .gt(DSL.inline(java.math.BigDecimal.ZERO));
        // the probe works: on a released row it fails
        assertThrows(org.jooq.exception.DataAccessException.class,
                () -> db.dsl().fetchCount(view, failsOn.apply("Hang Nail")), "the probe fails on a released row on " + kind);
        for (String suppressed : List.of("Flu", "Hepatitis")) {
            assertEquals(4, db.dsl().fetchCount(view, failsOn.apply(suppressed)),
                    "the reader's condition on " + suppressed + " met no row: the view's filter ran first");
        }
        if (kind == TestDatabases.Kind.MARIADB) {
            // a view released before the fence (the same view without its LIMIT): verify's check finds it
            assertFalse(Views.lacksOffsetFence(db.dsl(), r.relationSchema(), r.relationName()));
            String definition = db.dsl().fetchValue("SELECT view_definition FROM information_schema.views WHERE table_schema = ? "
                    + "AND table_name = ?", r.relationSchema(), r.relationName()).toString();
            db.dsl().execute("CREATE OR REPLACE ALGORITHM=TEMPTABLE SQL SECURITY DEFINER VIEW `" + r.relationSchema() + "`.`"
                    + r.relationName() + "` AS " + definition.replaceFirst("(?i)\\s*limit\\s+9223372036854775807\\s*$", ""));
            assertTrue(Views.lacksOffsetFence(db.dsl(), r.relationSchema(), r.relationName()));
            assertThrows(org.jooq.exception.DataAccessException.class, () -> db.dsl().fetchCount(view, failsOn.apply("Flu")),
                    "unfenced, the view lets the reader's condition meet a suppressed row (as before issue 32)");
            var found = new org.kanon.verify.ReleaseVerification(db).verify(r, 10);
            assertTrue(found.toString().contains("is not fenced by LIMIT 9223372036854775807"), found.toString());
        }
    }

    @DatabaseTest(only = TestDatabases.Kind.POSTGRES)
    @DisplayName("PostgreSQL: a release view is wrapped in OFFSET 0, and migration V8 wraps views released before, once")
    void migrationV8WrapsOlderViews(ConnectionSettings settings) {
        try (Database db = Database.open(settings)) {
            SourceTable patients = PaperTables.patients(db);
            StarSchema schema = StarSchema.of(patients, List.of("sex", "zipcode"), new HierarchyCatalog(db));
            new ReleaseWriter(db).release(new ReleaseRequest("wrapped", schema, new LevelVector(0, 1),
                    new KAnonymity(2), SuppressionLimit.parse("2"), SuppressMode.REMOVE, false, false, Set.of(), "full-domain"));
            assertTrue(definition(db, "wrapped").endsWith("OFFSET 0;"), definition(db, "wrapped"));
            // a view as kanon released them before: a barrier filtering the source, with no OFFSET
            db.dsl().execute("CREATE VIEW kanon_release.legacy WITH (security_barrier = true) AS SELECT * FROM public.patients"
                    + " WHERE disease <> 'Flu'");
            CatalogHistory.forgetAfter(db, 7);
            db.dsl().alterTable(DSL.name("kanon", "releases")).dropColumn(DSL.name("model_code")).execute(); // V9's, applied again after V8
        }
        try (Database db = Database.open(settings)) {
            String legacy = definition(db, "legacy");
            assertTrue(legacy.endsWith("OFFSET 0;"), "migration V8 wrapped the old view: " + legacy);
            assertTrue(Views.isSecurityBarrier(db.dsl(), "kanon_release", "legacy"));
            assertEquals(5, db.dsl().fetchCount(DSL.table(DSL.name("kanon_release", "legacy"))));
            String wrapped = definition(db, "wrapped");
            assertEquals(1, wrapped.split("OFFSET 0;", -1).length - 1, wrapped);
            assertFalse(wrapped.contains(") released) released"), "kanon's own view is wrapped once: " + wrapped);
            assertEquals(4, db.dsl().fetchCount(DSL.table(DSL.name("kanon_release", "wrapped"))));
        }
    }

    private static String definition(Database db, String view) {
        return db.dsl().fetchValue("SELECT definition FROM pg_views WHERE schemaname = 'kanon_release' AND viewname = ?", view)
                .toString().strip();
    }
}
