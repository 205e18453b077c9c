package org.kanon.release;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.DisplayName;
import org.kanon.InvalidInputException;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.db.KanonSchemas;
import org.kanon.db.Relations;
import org.kanon.frequency.StarSchema;
import org.kanon.lattice.LevelVector;
import org.kanon.privacy.KAnonymity;
import org.kanon.privacy.SuppressionLimit;
import org.kanon.schema.SourceTable;
import org.kanon.schema.hierarchy.DimensionTableWriter;
import org.kanon.schema.hierarchy.Hierarchy;
import org.kanon.schema.hierarchy.HierarchyCatalog;
import org.kanon.schema.hierarchy.HierarchyLock;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;
import org.kanon.testing.TestDatabases;

/**
 * A release and a rebinding of its source's hierarchies at the same moment (issue 19, items 13 and 17): the release
 * builds its relation over the dimension tables it was planned and checked with, or is refused with exit 2; it never
 * reads a dimension table being replaced, and (PostgreSQL) waits while a binder holds the table's hierarchies.
 */
class ReleaseHierarchyRebindTest {

    @DatabaseTest
    @DisplayName("A release planned before its hierarchy was bound anew is checked and made with the new one, or refused (exit 2)")
    void releasePlannedWithAReplacedHierarchyUsesTheNewOne(Database db) {
        SourceTable patients = PaperTables.patients(db);
        StarSchema planned = StarSchema.of(patients, List.of("sex", "zipcode"), new HierarchyCatalog(db));
        // after the release was planned, another process replaces the zipcode hierarchy (height 2) by one of height 1
        Hierarchy suppress = Hierarchy.of("zipcode", List.of(List.of("53715", "*"), List.of("53703", "*"), List.of("53706", "*")), "test");
        new DimensionTableWriter(db).bind(patients, patients.column("zipcode"), suppress, DimensionTableWriter.IfBound.REPLACE);
        ReleaseWriter writer = new ReleaseWriter(db);
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> writer.release(request(planned, 2)));
        assertTrue(e.getMessage().contains("exceeds the height 1"), e.getMessage());
        assertTrue(new ReleaseRegister(db).list().isEmpty(), "nothing registered");
        assertFalse(Relations.exists(db.dsl(), db.identifiers().namespace(KanonSchemas.RELEASES), db.identifiers().fold("rebound")), "no relation");
        // at a level the new hierarchy has, checked and released with it: every zipcode is *, so no row is suppressed
        ReleaseOutcome released = writer.release(request(planned, 1));
        assertEquals(6, released.check().rows() - released.check().rowsBelowK());
        assertEquals(6, released.release().rowsOut());
        assertEquals(6, db.dsl().fetchCount(DSL.table(DSL.name(released.release().relationSchema(), released.release().relationName()))
                .where(DSL.field(DSL.name(db.identifiers().fold("zipcode"))).cast(String.class).eq("*"))));
    }

    @DatabaseTest(only = TestDatabases.Kind.POSTGRES)
    @DisplayName("PostgreSQL: a release waits while a binder holds its source's hierarchies, then releases")
    void releaseWaitsForABinder(ConnectionSettings settings) throws Exception {
        try (Database db = Database.open(settings); Database binder = Database.open(settings)) {
            SourceTable patients = PaperTables.patients(db);
            StarSchema planned = StarSchema.of(patients, List.of("sex", "zipcode"), new HierarchyCatalog(db));
            CountDownLatch held = new CountDownLatch(1);
            CountDownLatch letGo = new CountDownLatch(1);
            CompletableFuture<Void> holder = CompletableFuture.runAsync(() -> binder.dsl().transaction(cfg -> {
                HierarchyLock.exclusive(cfg.dsl(), patients);
                held.countDown();
                assertTrue(letGo.await(60, TimeUnit.SECONDS));
            }));
            assertTrue(held.await(30, TimeUnit.SECONDS), "the binder holds the lock");
            CompletableFuture<ReleaseOutcome> release = CompletableFuture.supplyAsync(() -> new ReleaseWriter(db).release(request(planned, 1)));
            assertThrows(TimeoutException.class, () -> release.get(3, TimeUnit.SECONDS), "the release waits for the binder");
            letGo.countDown();
            holder.get(30, TimeUnit.SECONDS);
            assertEquals(4, release.get(60, TimeUnit.SECONDS).release().rowsOut());
        }
    }

    private static ReleaseRequest request(StarSchema schema, int zipcodeLevel) {
        return new ReleaseRequest("rebound", schema, new LevelVector(0, zipcodeLevel), new KAnonymity(2), SuppressionLimit.parse("2"),
                SuppressMode.REMOVE, false, false, Set.of(), "full-domain");
    }
}
