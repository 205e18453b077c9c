package org.kanon.global;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.kanon.db.Database;
import org.kanon.frequency.MemoryExecutor;
import org.kanon.frequency.StarSchema;
import org.kanon.lattice.LevelVector;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.schema.hierarchy.HierarchyCatalog;
import org.kanon.testing.AdultFixture;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.TestDatabases;

/**
 * Super-roots Incognito on Adult, where families have hundreds of roots and their splits run on both cores (random
 * test tables are too small for that): with 5 % suppression it finds exactly the nodes basic Incognito finds.
 */
class AdultSuperRootsTest {
    private static final List<String> QIS = List.of("age", "sex", "race", "marital-status", "education", "native-country",
            "workclass", "occupation", "salary-class");

    @DatabaseTest(only = TestDatabases.Kind.DERBY)
    @DisplayName("Adult, 9 QIs, k=10, 5 % suppression: super-roots (parallel splits) = basic Incognito, 4,232 nodes")
    void superRootsEqualsBasicOnAdult(AdultFixture adult) throws Exception {
        try (Database db = Database.open(adult.settings())) {
            SourceTable table = new TableResolver(db).resolve(AdultFixture.TABLE);
            StarSchema schema = StarSchema.of(table, QIS, new HierarchyCatalog(db));
            try (MemoryExecutor executor = MemoryExecutor.load(db.dsl(), schema)) {
                assertTrue(executor.supportsConcurrentUse(), "the parallel path needs a concurrent executor");
                SearchRequest request = new SearchRequest(10, Math.round(0.05 * executor.rows()));
                List<LevelVector> basic = new Incognito().search(executor, request).anonymous();
                List<LevelVector> superRoots = new SuperRootsIncognito().search(executor, request).anonymous();
                assertEquals(4232, basic.size());
                assertEquals(basic, superRoots);
            }
        }
    }
}
