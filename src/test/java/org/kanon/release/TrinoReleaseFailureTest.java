package org.kanon.release;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.frequency.QuasiIdentifier;
import org.kanon.frequency.StarSchema;
import org.kanon.lattice.LevelVector;
import org.kanon.privacy.KAnonymity;
import org.kanon.privacy.SuppressionLimit;
import org.kanon.schema.SourceTable;
import org.kanon.schema.hierarchy.HierarchyCatalog;
import org.kanon.testing.RandomTables;
import org.kanon.testing.TrinoTesting;

/**
 * On Trino (no transactions: every statement commits by itself, the register lives in a catalog database of its own)
 * a release that fails after its relation was created, or after its register row was inserted, leaves neither the
 * relation in kanon_release nor a register row; the same release then succeeds. As ReleaseWriterTest's
 * interruptedReleaseLeavesNothing on the other databases, with ReleaseTransaction's test hook.
 */
class TrinoReleaseFailureTest {
    @TempDir
    Path tmp;

    @Test
    @DisplayName("Trino: a release failing after its relation was created (view and table) leaves no relation and no register row; then it succeeds")
    void failureAfterRelationCreatedLeavesNothing() throws Exception {
        interruptedReleaseLeavesNothing(ReleaseTransaction.Stage.RELATION_CREATED);
    }

    @Test
    @DisplayName("Trino: a release failing after its register row was inserted (view and table) leaves no relation and no register row; then it succeeds")
    void failureAfterRegisteredLeavesNothing() throws Exception {
        interruptedReleaseLeavesNothing(ReleaseTransaction.Stage.REGISTERED);
    }

    private void interruptedReleaseLeavesNothing(ReleaseTransaction.Stage stage) throws Exception {
        ConnectionSettings settings = TrinoTesting.settings();
        Set<String> scratchBefore = TrinoTesting.scratchTables();
        String table = TrinoTesting.unique("fail");
        String name = TrinoTesting.unique("interrupted");
        try (Database db = Database.open(settings)) {
            SourceTable t = RandomTables.create(db, tmp, new Random(5), table, 20, 10);
            StarSchema schema = StarSchema.of(t, List.of("a", "b", "c"), new HierarchyCatalog(db));
            // the top node: every row in one class, anonymous for any k up to the row count
            LevelVector top = new LevelVector(schema.quasiIdentifiers().stream().mapToInt(QuasiIdentifier::maxLevel).toArray());
            ReleaseRegister register = new ReleaseRegister(db);
            {
                for (boolean materialize : new boolean[] {false, true}) {
                    String what = "after a failure at " + stage + (materialize ? " (table)" : " (view)");
                    ReleaseWriter writer = new ReleaseWriter(db);
                    writer.failAt(stage);
                    ReleaseRequest request = request(schema, name, top, materialize);
                    IllegalStateException e = assertThrows(IllegalStateException.class, () -> writer.release(request), what);
                    assertTrue(e.getMessage().contains("injected failure"), e.getMessage());
                    assertFalse(TrinoTesting.tables("kanon_release").stream().anyMatch(r -> r.startsWith(name)),
                            "no relation in " + TrinoTesting.catalog() + ".kanon_release " + what);
                    assertTrue(register.find(name).isEmpty(), "no register row " + what);
                    assertEquals(0, db.catalog().dsl().fetchCount(DSL.table(db.catalog().ours(org.kanon.db.KanonSchemas.CATALOG, "releases"))),
                            "the catalog database has no release row " + what);
                }
            }
            ReleaseOutcome outcome = new ReleaseWriter(db).release(request(schema, name, top, false));
            assertTrue(outcome.released(), "the same release then succeeds");
            assertTrue(TrinoTesting.tables("kanon_release").contains(name), "its relation exists");
            assertTrue(register.find(name).isPresent(), "and is registered");
            register.drop(name);
        } finally {
            try {
                TrinoTesting.dropRelease(name);
                TrinoTesting.dropTableAndDimensions(table);
            } finally {
                TrinoTesting.dropCatalog(settings);
            }
        }
        assertEquals(Set.of(), TrinoTesting.scratchTablesLeftSince(scratchBefore), "no scratch table left in " + TrinoTesting.catalog() + ".kanon");
    }

    private static ReleaseRequest request(StarSchema schema, String name, LevelVector node, boolean materialize) {
        return new ReleaseRequest(name, schema, node, new KAnonymity(2), SuppressionLimit.NONE, SuppressMode.REMOVE, materialize,
                false, Set.of(), "full-domain");
    }
}
