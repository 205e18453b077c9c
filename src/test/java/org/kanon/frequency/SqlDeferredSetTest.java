package org.kanon.frequency;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.db.Database;
import org.kanon.lattice.Node;
import org.kanon.schema.SourceTable;
import org.kanon.schema.hierarchy.HierarchyCatalog;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.RandomTables;
import org.kanon.testing.TestDatabases;

/**
 * A failed set with nearly its source's classes is deferred (not stored): no table is created for it, rolling up
 * from it gives what rolling up from the stored set gives, its source outlives its owner's discard while the
 * deferred set reads it, and asking the deferred set for another k stores it.
 */
class SqlDeferredSetTest {
    @TempDir
    Path tmp;

    /** What a test does with an executor over a random 4-QI table of 40-50 rows (near-unique at level 0). */
    private interface WithExecutor {
        void run(SqlExecutor sql);
    }

    private void withExecutor(TestDatabases.Kind kind, Database db, int seed, WithExecutor test) throws Exception {
        SourceTable table = RandomTables.create(db, tmp, new Random(seed + kind.ordinal()), "t", 40, 10);
        StarSchema schema = StarSchema.of(table, List.of("a", "b", "c", "d"), new HierarchyCatalog(db));
        try (SqlExecutor sql = SqlExecutor.open(db, schema)) {
            test.run(sql);
        }
    }

    @DatabaseTest
    @DisplayName("deferred failed sets: no table, same rollups and verdicts as stored ones, source kept alive while read")
    void deferredSetsActLikeStoredOnes(TestDatabases.Kind kind, Database db) throws Exception {
        withExecutor(kind, db, 41, sql -> {
            int[] all = {0, 1, 2, 3};
            Node bottomNode = new Node(all, new int[4]);
            int deferred = 0;
            for (Node node : oneStepUp(sql.heights(), bottomNode)) {
                FrequencySet bottom = sql.scan(bottomNode);
                int tablesBefore = sql.tables().liveTables();
                long deferredBefore = sql.stats().deferredSets();
                FrequencySet got = sql.setIfFails(bottom, node, 2, 0);
                if (got == null || !((SqlFrequencySet) got).isDeferred()) {
                    if (got != null) {
                        got.discard();
                    }
                    bottom.discard();
                    continue;
                }
                deferred++;
                assertEquals(tablesBefore, sql.tables().liveTables(), node + ": no table for a deferred set");
                assertEquals(deferredBefore + 1, sql.stats().deferredSets());
                FrequencySet stored = sql.derive(bottom, node);
                assertTrue(got.summarize(2).classes() >= SqlExecutor.NEAR_UNIQUE_SHARE * bottom.summarize(2).classes());
                assertEquals(stored.summarize(2), got.summarize(2), node + " summary");

                bottom.discard(); // its owner is done; the deferred set still reads it
                for (Node up : oneStepUp(sql.heights(), node)) {
                    FrequencySet fromDeferred = sql.derive(got, up);
                    FrequencySet fromStored = sql.derive(stored, up);
                    assertEquals(SqlBatchCheckTest.rows(fromStored), SqlBatchCheckTest.rows(fromDeferred), up + " rolled up from " + node);
                    FrequencySet verdict = sql.setIfFails(got, up, 2, 0);
                    FrequencySet expected = sql.setIfFails(stored, up, 2, 0);
                    assertEquals(expected == null, verdict == null, up + " verdict");
                    for (FrequencySet s : new FrequencySet[] {fromDeferred, fromStored, verdict, expected}) {
                        if (s != null) {
                            s.discard();
                        }
                    }
                }
                // another k is not in its summary: the set is stored now, from the source it still holds
                assertEquals(stored.summarize(3), got.summarize(3), node + " k=3");
                assertFalse(((SqlFrequencySet) got).isDeferred());
                assertEquals(SqlBatchCheckTest.rows(stored), SqlBatchCheckTest.rows(got));
                got.discard();
                stored.discard();
                assertEquals(sql.ownTables(), sql.tables().liveTables(), "every table dropped, the source's too");
                assertThrows(IllegalStateException.class, () -> got.summarize(2));
            }
            assertTrue(deferred > 0, "no failed set was near-unique: the test table does not exercise deferral");
        });
    }

    @DatabaseTest
    @DisplayName("discarding a deferred set before its source drops the source with its owner's discard")
    void deferredDiscardedFirst(TestDatabases.Kind kind, Database db) throws Exception {
        withExecutor(kind, db, 43, sql -> {
            Node bottomNode = new Node(new int[] {0, 1, 2, 3}, new int[4]);
            FrequencySet bottom = sql.scan(bottomNode);
            List<FrequencySet> deferred = new ArrayList<>();
            for (Node node : oneStepUp(sql.heights(), bottomNode)) {
                FrequencySet got = sql.setIfFails(bottom, node, 2, 0);
                if (got != null && ((SqlFrequencySet) got).isDeferred()) {
                    deferred.add(got);
                } else if (got != null) {
                    got.discard();
                }
            }
            assertFalse(deferred.isEmpty(), "no deferred set to test with");
            deferred.forEach(FrequencySet::discard);
            assertEquals(sql.ownTables() + 1, sql.tables().liveTables(), "the source is still its owner's");
            bottom.discard();
            assertEquals(sql.ownTables(), sql.tables().liveTables());
        });
    }

    /** The nodes one level above {@code node} in one attribute. */
    private static List<Node> oneStepUp(int[] heights, Node node) {
        List<Node> up = new ArrayList<>();
        for (int j = 0; j < node.size(); j++) {
            if (node.level(j) < heights[node.attribute(j)]) {
                int[] levels = node.levels();
                levels[j]++;
                up.add(new Node(node.attributes(), levels));
            }
        }
        return up;
    }
}
