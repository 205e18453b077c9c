package org.kanon.frequency;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.db.Database;
import org.kanon.global.BruteForce;
import org.kanon.global.Incognito;
import org.kanon.global.SearchRequest;
import org.kanon.global.SuperRootsIncognito;
import org.kanon.lattice.Node;
import org.kanon.schema.SourceTable;
import org.kanon.schema.hierarchy.HierarchyCatalog;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.RandomTables;
import org.kanon.testing.TestDatabases;

/**
 * Witness proofs of failure (PostgreSQL; Derby has no row values and never tries one): searches that use them find
 * exactly the nodes brute force finds, a proven node's set is built exactly when asked for, and the rules of when a
 * proof is worth trying.
 */
class SqlFailureProofTest {
    @TempDir
    Path tmp;

    @DatabaseTest
    @DisplayName("searches with witness proofs on near-unique random tables = brute force in memory, with and without suppression")
    void searchesWithProofsFindTheSameNodes(TestDatabases.Kind kind) throws Exception {
        boolean derby = kind == TestDatabases.Kind.DERBY;
        Random random = new Random(kind.ordinal() * 1000L + 29);
        long proven = 0;
        for (int round = 0; round < (derby ? 1 : 3); round++) {
            try (Database db = TestDatabases.open(kind)) {
                SourceTable table = RandomTables.create(db, tmp, random, "t", 40, 20);
                StarSchema schema = StarSchema.of(table, List.of("a", "b", "c", "d"), new HierarchyCatalog(db));
                for (int k : new int[] {2, 3}) {
                    for (long allowance : derby ? new long[] {0} : new long[] {0, 3}) {
                        SearchRequest request = new SearchRequest(k, allowance);
                        String what = "round " + round + " k=" + k + " allowance=" + allowance;
                        try (MemoryExecutor memory = MemoryExecutor.load(db.dsl(), schema);
                             SqlExecutor sql = SqlExecutor.open(db, schema).proveFailuresFrom(0)) {
                            List<?> expected = new BruteForce().search(memory, request).anonymous();
                            assertEquals(expected, new Incognito().search(sql, request).anonymous(), what + " incognito");
                            assertEquals(expected, new SuperRootsIncognito().search(sql, request).anonymous(), what + " super-roots");
                            assertEquals(sql.ownTables(), sql.tables().liveTables(), what + ": every set dropped");
                            proven += sql.stats().provenFailures();
                        }
                    }
                }
            }
        }
        if (derby) {
            assertEquals(0, proven, "Derby tries no witness proof");
        } else {
            assertTrue(proven > 0, "no failure was proven by witnesses: the tables do not exercise the proofs");
        }
    }

    @DatabaseTest
    @DisplayName("a node proven to fail has no table until asked; then its set and summary are the grouped ones")
    void provenSetIsBuiltWhenAsked(TestDatabases.Kind kind) throws Exception {
        if (kind == TestDatabases.Kind.DERBY) {
            return; // no proofs on Derby (see above)
        }
        try (Database db = TestDatabases.open(kind)) {
            SourceTable table = RandomTables.create(db, tmp, new Random(47), "t", 40, 10);
            StarSchema schema = StarSchema.of(table, List.of("a", "b", "c", "d"), new HierarchyCatalog(db));
            try (SqlExecutor sql = SqlExecutor.open(db, schema).proveFailuresFrom(0)) {
                Node bottomNode = new Node(new int[] {0, 1, 2, 3}, new int[4]);
                FrequencySet bottom = sql.scan(bottomNode);
                List<Node> up = SqlDeferredSetTest.oneStepUp(sql.heights(), bottomNode);
                FrequencySet first = sql.setIfFails(bottom, up.get(0), 2, 0); // by verdict: it counts every row first
                assertEquals(0, sql.stats().provenFailures(), "no proof before a verdict has counted the table's rows");
                if (first != null) {
                    first.discard();
                }
                int checked = 0;
                for (Node node : up.subList(1, up.size())) {
                    long provenBefore = sql.stats().provenFailures();
                    int tablesBefore = sql.tables().liveTables();
                    FrequencySet got = sql.setIfFails(bottom, node, 2, 0);
                    if (sql.stats().provenFailures() == provenBefore) {
                        if (got != null) {
                            got.discard();
                        }
                        continue;
                    }
                    checked++;
                    assertNotNull(got, node + " proven to fail");
                    assertEquals(tablesBefore, sql.tables().liveTables(), node + ": no table for a proven set");
                    assertTrue(((SqlFrequencySet) got).isDeferred());
                    assertEquals(bottom.rowsToRead(), got.rowsToRead(), "a rollup from it reads its source");
                    FrequencySet grouped = sql.derive(bottom, node);
                    FrequencySummary summary = got.summarize(2);
                    assertTrue(summary.rowsBelowK() > 0, node + " does fail");
                    assertEquals(grouped.summarize(2), summary, node + " summary");
                    assertFalse(((SqlFrequencySet) got).isDeferred(), "stored once asked for its summary");
                    assertEquals(SqlBatchCheckTest.rows(grouped), SqlBatchCheckTest.rows(got));
                    got.discard();
                    grouped.discard();
                }
                bottom.discard();
                assertTrue(checked > 0, "no proof came off: the table does not exercise the proofs");
                assertEquals(sql.ownTables(), sql.tables().liveTables());
            }
        }
    }

    @Test
    @DisplayName("a proof is tried only where it can come off, and given up when most have not")
    void whenAProofIsTried() {
        SqlFailureProof proof = new SqlFailureProof(1000);
        assertTrue(proof.worthTrying(1000, 2000, 2, 0));
        assertFalse(proof.worthTrying(999, 1998, 2, 0), "too few classes to be worth it");
        assertFalse(proof.worthTrying(1000, 2001, 2, 0), "fewer classes than rows/k: the node may pass");
        assertTrue(proof.worthTrying(1000, 10_000, 10, 0), "rows/k at k=10");
        assertFalse(proof.worthTrying(1000, 2000, 1, 0), "k=1: nothing fails");
        assertFalse(proof.worthTrying(1000, 2000, 2, SqlFailureProof.WITNESSES), "the witnesses cannot exceed the allowance");
        assertTrue(proof.worthTrying(1000, 2000, 3, SqlFailureProof.WITNESSES));
        for (int i = 0; i < 12; i++) {
            proof.tally(false);
        }
        assertTrue(proof.worthTrying(1000, 2000, 2, 0), "still on trial");
        for (int i = 0; i < 4; i++) {
            proof.tally(true);
        }
        assertTrue(proof.worthTrying(1000, 2000, 2, 0), "a quarter came off");
        proof.tally(false);
        assertFalse(proof.worthTrying(1000, 2000, 2, 0), "given up: fewer than a quarter came off");
    }
}
