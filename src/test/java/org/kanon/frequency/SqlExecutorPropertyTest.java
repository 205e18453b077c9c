package org.kanon.frequency;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.db.Database;
import org.kanon.global.BruteForce;
import org.kanon.global.Incognito;
import org.kanon.global.SearchRequest;
import org.kanon.global.SearchResult;
import org.kanon.global.SuperRootsIncognito;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.schema.hierarchy.DimensionTableWriter;
import org.kanon.schema.hierarchy.HierarchyBuilders;
import org.kanon.schema.hierarchy.HierarchyCatalog;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;
import org.kanon.testing.RandomTables;
import org.kanon.testing.TestDatabases;

/** The searches see the same lattice through the SQL executor as through the in-memory one. */
class SqlExecutorPropertyTest {
    @TempDir
    Path tmp;

    @DatabaseTest
    @DisplayName("Incognito Ex. 3.1 through the SQL executor: the 2-anonymous nodes of <Sex, Zipcode>, 6 checks")
    void patientsSexZipcode(Database db) {
        SourceTable patients = PaperTables.patients(db);
        StarSchema schema = StarSchema.of(patients, List.of("sex", "zipcode"), new HierarchyCatalog(db));
        try (SqlExecutor executor = SqlExecutor.open(db, schema)) {
            SearchResult r = new Incognito().search(executor, new SearchRequest(2, 0));
            assertEquals("[[1,0], [0,2], [1,1], [1,2]]", r.anonymous().toString());
            assertEquals(6, r.nodesChecked());
            assertEquals(executor.ownTables(), executor.tables().liveTables(), "every frequency set was discarded");
        }
    }

    @DatabaseTest
    @DisplayName("super-roots rolling roots up through sets between on the sql executor = brute force; every set dropped")
    void superRootsInStepsOnRandomTables(TestDatabases.Kind kind, Database db) throws Exception {
        Random random = new Random(kind.ordinal() * 1000L + 23);
        long between = 0;
        for (int round = 0; round < 2; round++) {
            SourceTable table = RandomTables.create(db, tmp, random, "t" + round, 30, 30);
            StarSchema schema = StarSchema.of(table, List.of("a", "b", "c", "d"), new HierarchyCatalog(db));
            SearchRequest request = new SearchRequest(2 + round, round);
            try (MemoryExecutor memory = MemoryExecutor.load(db.dsl(), schema);
                 SqlExecutor direct = SqlExecutor.open(db, schema).checkingEveryCandidate();
                 SqlExecutor steps = SqlExecutor.open(db, schema).checkingEveryCandidate().rollUpInStepsFrom(0, 2)) {
                List<?> expected = new BruteForce().search(memory, request).anonymous();
                assertEquals(expected, new SuperRootsIncognito().search(direct, request).anonymous(), "round " + round);
                assertEquals(expected, new SuperRootsIncognito().search(steps, request).anonymous(), "round " + round + " in steps");
                assertEquals(steps.ownTables(), steps.tables().liveTables(), "every set dropped, those between too");
                between += steps.stats().derivations() - direct.stats().derivations();
            }
        }
        assertTrue(between > 0, "no set between was derived: the tables do not exercise rolling up in steps");
    }

    @DatabaseTest
    @DisplayName("scans read projections of the zero-level set: Incognito and super-roots = brute force; dropped at the end")
    void projectionsOnRandomTables(TestDatabases.Kind kind, Database db) throws Exception {
        Random random = new Random(kind.ordinal() * 1000L + 37);
        long projections = 0;
        boolean keepsZeroSet = true;
        for (int round = 0; round < 2; round++) {
            SourceTable table = RandomTables.create(db, tmp, random, "t" + round, 30, 30);
            StarSchema schema = StarSchema.of(table, List.of("a", "b", "c", "d"), new HierarchyCatalog(db));
            SearchRequest request = new SearchRequest(2 + round, round);
            SqlExecutor closed;
            try (MemoryExecutor memory = MemoryExecutor.load(db.dsl(), schema);
                 SqlExecutor plain = SqlExecutor.open(db, schema);
                 // every QI "wide" (no QI has at most 0 values): each scan reads the projection onto its own QIs
                 SqlExecutor projected = SqlExecutor.open(db, schema).projectingFrom(0, 0)) {
                List<?> expected = new BruteForce().search(memory, request).anonymous();
                assertEquals(expected, new Incognito().search(plain, request).anonymous(), "round " + round);
                assertEquals(expected, new Incognito().search(projected, request).anonymous(), "round " + round + " projected");
                assertEquals(expected, new SuperRootsIncognito().search(projected, request).anonymous(),
                        "round " + round + " super-roots projected");
                assertEquals(projected.ownTables(), projected.tables().liveTables(), "only the executor's own tables are left");
                projections += projected.projectionCount();
                // Derby keeps the zero-level set (so projects it) only when it is clearly smaller than the table
                keepsZeroSet = db.profile().zeroSetMaxShare() > 1;
                closed = projected;
            }
            assertEquals(0, closed.tables().liveTables(), "the zero-level set and its projections dropped on close");
        }
        assertTrue(projections > 0 || !keepsZeroSet, "no projection was stored: the tables do not exercise them");
    }

    @DatabaseTest
    @DisplayName("random tables: Incognito and brute force over SQL = over memory, with and without suppression")
    void sqlEqualsMemoryOnRandomTables(TestDatabases.Kind kind, Database db) throws Exception {
        Random random = new Random(kind.ordinal() * 1000L + 11);
        boolean derby = kind == TestDatabases.Kind.DERBY;
        int rounds = derby ? 2 : 4;
        for (int round = 0; round < rounds; round++) {
            SourceTable table = RandomTables.create(db, tmp, random, "t" + round, 15, 40);
            StarSchema schema = StarSchema.of(table, List.of("a", "b", "c", "d"), new HierarchyCatalog(db));
            int k = 1 + random.nextInt(4);
            long suppress = 1 + random.nextInt(6);
            // Derby: one allowance per round (0, then some), to keep its per-statement cost down
            long[] allowances = derby ? new long[] {round % 2 == 0 ? 0 : suppress} : new long[] {0, suppress};
            for (long allowance : allowances) {
                SearchRequest request = new SearchRequest(k, allowance);
                String what = "round " + round + " k=" + k + " allowance=" + allowance;
                try (MemoryExecutor memory = MemoryExecutor.load(db.dsl(), schema);
                     SqlExecutor sql = SqlExecutor.open(db, schema)) {
                    List<?> expected = new BruteForce().search(memory, request).anonymous();
                    assertEquals(expected, new Incognito().search(memory, request).anonymous(), what);
                    assertEquals(expected, new Incognito().search(sql, request).anonymous(), what + " incognito/sql");
                    assertEquals(expected, new BruteForce().search(sql, request).anonymous(), what + " bruteforce/sql");
                    assertEquals(sql.ownTables(), sql.tables().liveTables());
                    assertTrue(sql.stats().derivations() > 0 || expected.size() == 0 || sql.stats().scans() > 0);
                }
            }
        }
    }
}
