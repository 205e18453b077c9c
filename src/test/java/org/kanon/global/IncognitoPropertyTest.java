package org.kanon.global;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.db.Database;
import org.kanon.frequency.MemoryExecutor;
import org.kanon.frequency.PrivacyCheck;
import org.kanon.frequency.StarSchema;
import org.kanon.lattice.LevelVector;
import org.kanon.privacy.KAnonymity;
import org.kanon.privacy.SuppressionLimit;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.schema.hierarchy.DimensionTableWriter;
import org.kanon.schema.hierarchy.HierarchyBuilders;
import org.kanon.schema.hierarchy.HierarchyCatalog;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;
import org.kanon.testing.RandomTables;
import org.kanon.testing.TestDatabases;

/** Every search is sound and complete: it finds exactly the anonymous nodes a brute-force check of each node finds. */
class IncognitoPropertyTest {
    @TempDir
    Path tmp;

    @DatabaseTest
    @DisplayName("Incognito Ex. 3.1: over <Sex, Zipcode> the 2-anonymous nodes are <S1,Z0>, <S0,Z2>, <S1,Z1>, <S1,Z2>")
    void patientsSexZipcode(Database db) {
        SourceTable patients = PaperTables.patients(db);
        StarSchema schema = StarSchema.of(patients, List.of("sex", "zipcode"), new HierarchyCatalog(db));
        try (MemoryExecutor executor = MemoryExecutor.load(db.dsl(), schema)) {
            SearchResult r = new Incognito().search(executor, new SearchRequest(2, 0));
            assertEquals(List.of(new LevelVector(1, 0), new LevelVector(0, 2), new LevelVector(1, 1), new LevelVector(1, 2)),
                    r.anonymous());
            assertEquals(2 + 4, r.nodesChecked(), "<S0> and <Z0> (their generalizations marked), then Figure 5(a): <S0,Z0>, <S1,Z0>, <S0,Z1>, <S0,Z2>");
            assertEquals(2, executor.stats().anonymousBySubset(),
                    "<S1,Z0> has the classes of <Z0> (S1 is the single value Person) and <S0,Z2> those of <S0> (Z2 is 537**): both anonymous with no set");
        }
    }

    @DatabaseTest
    @DisplayName("random tables and hierarchies: Incognito = brute force (memory) = the SQL check of every node, with and without suppression")
    void incognitoEqualsBruteForceOnRandomTables(TestDatabases.Kind kind, Database db) throws Exception {
        Random random = new Random(kind.ordinal() * 1000L + 7);
        int rounds = kind == TestDatabases.Kind.DERBY ? 6 : 3;
        long bySubset = 0;
        for (int round = 0; round < rounds; round++) {
            SourceTable table = RandomTables.create(db, tmp, random, "t" + round);
            StarSchema schema = StarSchema.of(table, List.of("a", "b", "c", "d"), new HierarchyCatalog(db));
            int k = 1 + random.nextInt(4);
            long allowance = random.nextBoolean() ? 0 : random.nextInt(6);
            try (MemoryExecutor executor = MemoryExecutor.load(db.dsl(), schema)) {
                SearchRequest request = new SearchRequest(k, allowance);
                SearchResult brute = new BruteForce().search(executor, request);
                SearchResult incognito = new Incognito().search(executor, request);
                assertEquals(brute.anonymous(), incognito.anonymous(), "round " + round + " k=" + k + " allowance=" + allowance);
                assertTrue(incognito.nodesChecked() <= brute.nodesChecked() + 4 + 3 + 3 + 2 + 20);
                List<LevelVector> viaSql = new ArrayList<>();
                var check = new PrivacyCheck(db.dsl());
                for (LevelVector v : allNodes(executor.heights())) {
                    if (check.check(schema, v, new KAnonymity(k), new SuppressionLimit(allowance, null)).satisfied()) {
                        viaSql.add(v);
                    }
                }
                assertEquals(new java.util.HashSet<>(viaSql), new java.util.HashSet<>(brute.anonymous()), "memory executor agrees with SQL");
                bySubset += executor.stats().anonymousBySubset();
            }
        }
        assertTrue(bySubset > 0, "some nodes were found anonymous from their subsets (single-valued levels)");
    }

    private static List<LevelVector> allNodes(int[] heights) {
        List<LevelVector> all = new ArrayList<>();
        for (var n : Nodes.allFullNodes(heights)) {
            all.add(n.levelVector());
        }
        return all;
    }
}
