package org.kanon.frequency;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.global.BruteForce;
import org.kanon.global.CubeIncognito;
import org.kanon.global.FullDomainSearch;
import org.kanon.global.Incognito;
import org.kanon.global.SearchRequest;
import org.kanon.global.SuperRootsIncognito;
import org.kanon.lattice.LevelVector;
import org.kanon.privacy.AlphaKAnonymity;
import org.kanon.privacy.LDiversity;
import org.kanon.privacy.PrivacyModel;
import org.kanon.privacy.SensitiveAttribute;
import org.kanon.privacy.Share;
import org.kanon.schema.SourceTable;
import org.kanon.schema.hierarchy.HierarchyCatalog;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.RandomTables;
import org.kanon.testing.TestDatabases;

/**
 * The batched sql executor (failed sets deferred to their source, verdicts of a height in one statement, the graph in
 * one node and one edge table) and the same executor storing every failed set answer as the in-memory brute force
 * does: Incognito, super-roots and cube, k-anonymity with and without suppression, (alpha,k)-anonymity and
 * l-diversity, on seeded random tables of every database.
 */
class SqlSearchPropertyTest {
    private static final List<FullDomainSearch> SEARCHES = List.of(new Incognito(), new SuperRootsIncognito(), new CubeIncognito());

    @TempDir
    Path tmp;

    @DatabaseTest
    @DisplayName("k-anonymity, with and without suppression: every Incognito variant on sql (deferred, stored) = brute force")
    void kAnonymity(TestDatabases.Kind kind, Database db) throws Exception {
        Random random = new Random(kind.ordinal() * 1000L + 71);
        int rounds = kind == TestDatabases.Kind.DERBY ? 1 : 2;
        for (int round = 0; round < rounds; round++) {
            SourceTable table = RandomTables.create(db, tmp, random, "t" + round, 30, 30);
            StarSchema schema = StarSchema.of(table, List.of("a", "b", "c", "d"), new HierarchyCatalog(db));
            for (long allowance : new long[] {0, 1 + random.nextInt(5)}) {
                SearchRequest request = new SearchRequest(2 + random.nextInt(3), allowance);
                try (MemoryExecutor memory = MemoryExecutor.load(db.dsl(), schema)) {
                    List<LevelVector> expected = new BruteForce().search(memory, request).anonymous();
                    assertAllAgree(expected, request, () -> SqlExecutor.open(db, schema), "round " + round + " " + request);
                }
            }
        }
    }

    @DatabaseTest
    @DisplayName("(alpha,k)-anonymity and l-diversity: every Incognito variant on sql (deferred, stored) = brute force")
    void models(TestDatabases.Kind kind, Database db) throws Exception {
        Random random = new Random(kind.ordinal() * 1000L + 73);
        SensitiveAttribute d = new SensitiveAttribute("d", List.of());
        List<PrivacyModel> models = List.of(new AlphaKAnonymity(2, Share.parse("--alpha", "0.67"), d),
                new AlphaKAnonymity(1, Share.parse("--alpha", "0.8"), new SensitiveAttribute("d", List.of("1"))),
                new LDiversity(2, 2, LDiversity.Form.DISTINCT, d), new LDiversity(1, 2, LDiversity.Form.FREQUENCY, d));
        int searched = 0;
        int rounds = kind == TestDatabases.Kind.DERBY ? 1 : 2;
        for (int round = 0; round < rounds; round++) {
            SourceTable table = RandomTables.create(db, tmp, random, "t" + round, 30, 30);
            StarSchema schema = StarSchema.of(table, List.of("a", "b", "c"), new HierarchyCatalog(db));
            long rows = new SourceIntegrity(db.dsl()).checkNullsAndCount(schema);
            for (PrivacyModel model : models) {
                SensitiveColumn sensitive;
                try {
                    sensitive = new PrivacyCheck(db.dsl()).feasibleSensitiveColumn(schema, model);
                } catch (InvalidInputException infeasible) {
                    continue;
                }
                SearchRequest request = new SearchRequest(model.k(), 0);
                try (MemoryExecutor memory = MemoryExecutor.load(db.dsl(), schema, model, sensitive)) {
                    List<LevelVector> expected = new BruteForce().search(memory, request).anonymous();
                    assertAllAgree(expected, request, () -> SqlExecutor.open(db, schema, rows, model, sensitive),
                            "round " + round + " " + model);
                }
                searched++;
            }
        }
        assertTrue(searched >= rounds * 2, "most models are feasible on the random tables: " + searched);
    }

    /** Deferred sets over the whole test, when deferring (as by default) and when storing: the latter must store some. */
    private final long[] deferred = new long[2];

    private void assertAllAgree(List<LevelVector> expected, SearchRequest request, java.util.function.Supplier<SqlExecutor> open,
                                String what) {
        for (boolean storing : new boolean[] {false, true}) {
            for (FullDomainSearch search : SEARCHES) {
                try (SqlExecutor sql = storing ? open.get().storingFailedSets() : open.get()) {
                    assertEquals(expected, search.search(sql, request).anonymous(),
                            what + " " + search.name() + (storing ? " storing failed sets" : " deferring them"));
                    assertEquals(sql.ownTables(), sql.tables().liveTables(), "every set and graph table dropped");
                    deferred[storing ? 1 : 0] += sql.stats().deferredSets();
                }
            }
        }
    }

    @org.junit.jupiter.api.AfterEach
    void bothPathsRan() {
        assertTrue(deferred[0] > deferred[1], "the default defers the failed sets of small sources, the other stores "
                + "some: " + deferred[0] + " vs " + deferred[1]);
    }
}
