package org.kanon.trino;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.frequency.MemoryExecutor;
import org.kanon.frequency.SqlExecutor;
import org.kanon.frequency.StarSchema;
import org.kanon.global.BruteForce;
import org.kanon.global.Incognito;
import org.kanon.global.SearchRequest;
import org.kanon.global.SuperRootsIncognito;
import org.kanon.lattice.LevelVector;
import org.kanon.schema.SourceTable;
import org.kanon.schema.hierarchy.HierarchyCatalog;
import org.kanon.testing.RandomTables;
import org.kanon.testing.TrinoTesting;

/**
 * On the Trino cluster the searches see the same lattice through the SQL executor (its frequency sets are tables in
 * Trino) as through the memory executor, and both agree with brute force: random seeded tables of 40-79 rows, two of
 * the QIs a, b, c (heights 3, 2, 1) per table, k = 2 and 3, without suppression; as SqlExecutorPropertyTest does on the other
 * databases. Every scratch table the SQL executor made is gone afterwards.
 */
class TrinoExecutorPropertyTest {
    @TempDir
    Path tmp;

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(ints = {1, 2, 3})
    @DisplayName("Trino, random table, 2 QIs: Incognito and super-roots Incognito over SQL = Incognito over memory = brute force, k = 2 and 3")
    void sqlEqualsMemoryEqualsBruteForce(int seed) throws Exception {
        ConnectionSettings settings = TrinoTesting.settings();
        Set<String> scratchBefore = TrinoTesting.scratchTables();
        String name = TrinoTesting.unique("prop");
        try (Database db = Database.open(settings)) {
            Random random = new Random(seed * 7919L);
            SourceTable table = RandomTables.create(db, tmp, random, name, 40, 40);
            // two QIs per table, a different pair each time: each Incognito iteration on Trino costs tens of statements
            List<String> qis = List.of(List.of("a", "b"), List.of("b", "c"), List.of("a", "c")).get((seed - 1) % 3);
            StarSchema schema = StarSchema.of(table, qis, new HierarchyCatalog(db));
            for (int k : new int[] {2, 3}) {
                SearchRequest request = new SearchRequest(k, 0);
                String what = "seed " + seed + " " + qis + " k=" + k;
                try (MemoryExecutor memory = MemoryExecutor.load(db.dsl(), schema)) {
                    List<LevelVector> expected = new BruteForce().search(memory, request).anonymous();
                    assertFalse(expected.isEmpty(), what + ": the top node is always anonymous without suppression");
                    assertEquals(expected, new Incognito().search(memory, request).anonymous(), what + " incognito/memory");
                    try (SqlExecutor sql = SqlExecutor.open(db, schema)) {
                        assertEquals(expected, new Incognito().search(sql, request).anonymous(), what + " incognito/sql");
                    }
                    if (k == 2 + seed % 2) { // super-roots once per table: each of its statements costs a round trip
                        try (SqlExecutor sql = SqlExecutor.open(db, schema)) {
                            assertEquals(expected, new SuperRootsIncognito().search(sql, request).anonymous(), what + " super-roots/sql");
                        }
                    }
                }
            }
        } finally {
            try {
                TrinoTesting.dropTableAndDimensions(name);
            } finally {
                TrinoTesting.dropCatalog(settings);
            }
        }
        assertEquals(Set.of(), TrinoTesting.scratchTablesLeftSince(scratchBefore), "every frequency set dropped from " + TrinoTesting.catalog() + ".kanon");
    }
}
