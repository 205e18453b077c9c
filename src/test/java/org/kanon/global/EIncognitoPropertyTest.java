package org.kanon.global;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.frequency.FrequencyExecutor;
import org.kanon.frequency.MemoryExecutor;
import org.kanon.frequency.PrivacyCheck;
import org.kanon.frequency.SensitiveColumn;
import org.kanon.frequency.SourceIntegrity;
import org.kanon.frequency.SqlExecutor;
import org.kanon.frequency.StarSchema;
import org.kanon.lattice.LevelVector;
import org.kanon.privacy.AlphaKAnonymity;
import org.kanon.privacy.LDiversity;
import org.kanon.privacy.PrivacyModel;
import org.kanon.privacy.SensitiveAttribute;
import org.kanon.privacy.Share;
import org.kanon.privacy.SuppressionLimit;
import org.kanon.schema.SourceTable;
import org.kanon.schema.hierarchy.HierarchyCatalog;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.RandomTables;
import org.kanon.testing.TestDatabases;

/**
 * eIncognito: under (alpha,k)-anonymity (simple and general) and l-diversity (frequency and distinct), every
 * search on both executors (memory, and sql with its frequency sets in temporary tables) finds exactly the nodes
 * that the database's own check of each node accepts (a different code path: one SQL statement per node, folding
 * classes in SQL over the source instead of in Java or over stored sets).
 */
class EIncognitoPropertyTest {
    @TempDir
    Path tmp;

    @DatabaseTest
    @DisplayName("random tables, random models: every search = the SQL check of every node")
    void everySearchEqualsTheSqlCheck(TestDatabases.Kind kind, Database db) throws Exception {
        Random random = new Random(kind.ordinal() * 1000L + 11);
        int rounds = 4; // every node is checked by its own statement: Derby compiles each (~0.1 s)
        int searched = 0;
        for (int round = 0; round < rounds; round++) {
            SourceTable table = RandomTables.create(db, tmp, random, "t" + round);
            StarSchema schema = StarSchema.of(table, List.of("a", "b", "c"), new HierarchyCatalog(db));
            PrivacyModel model = randomModel(random);
            PrivacyCheck check = new PrivacyCheck(db.dsl());
            SensitiveColumn sensitive;
            try {
                sensitive = check.feasibleSensitiveColumn(schema, model);
            } catch (InvalidInputException infeasible) {
                assertTrue(infeasible.getMessage().contains("no release can"), infeasible.getMessage());
                continue;
            }
            long rows = new SourceIntegrity(db.dsl()).checkNullsAndCount(schema);
            List<LevelVector> viaSql = new ArrayList<>();
            int[] heights = schema.quasiIdentifiers().stream().mapToInt(q -> q.maxLevel()).toArray();
            for (var n : Nodes.allFullNodes(heights)) {
                if (check.check(schema, n.levelVector(), model, SuppressionLimit.NONE).satisfied()) {
                    viaSql.add(n.levelVector());
                }
            }
            for (boolean memory : new boolean[] {true, false}) {
                try (FrequencyExecutor executor = memory ? MemoryExecutor.load(db.dsl(), schema, model, sensitive)
                        : SqlExecutor.open(db, schema, rows, model, sensitive)) {
                    String on = memory ? "memory" : "sql";
                    for (String name : Searches.names()) {
                        SearchResult r = Searches.byName(name).search(executor, new SearchRequest(model.k(), 0));
                        if (name.equals("samarati")) {
                            assertTrue(r.anonymous().isEmpty() || viaSql.containsAll(r.anonymous()), on + " " + name + " " + model);
                        } else {
                            assertEquals(new HashSet<>(viaSql), new HashSet<>(r.anonymous()),
                                    "round " + round + " " + on + " " + name + " " + model);
                        }
                    }
                }
            }
            searched++;
        }
        assertTrue(searched >= rounds / 2, "most random models are feasible: " + searched + " of " + rounds);
    }

    private static PrivacyModel randomModel(Random random) {
        int k = 1 + random.nextInt(3);
        String[] alphas = {"0.5", "0.67", "0.8", "1"};
        return switch (random.nextInt(4)) {
            case 0 -> new AlphaKAnonymity(k, Share.parse("--alpha", alphas[random.nextInt(alphas.length)]),
                    new SensitiveAttribute("d", List.of("1")));
            case 1 -> new AlphaKAnonymity(k, Share.parse("--alpha", alphas[random.nextInt(alphas.length)]),
                    new SensitiveAttribute("d", List.of()));
            case 2 -> new LDiversity(k, 1 + random.nextInt(2), LDiversity.Form.FREQUENCY, new SensitiveAttribute("d", List.of()));
            default -> new LDiversity(k, 1 + random.nextInt(3), LDiversity.Form.DISTINCT, new SensitiveAttribute("d", List.of()));
        };
    }
}
