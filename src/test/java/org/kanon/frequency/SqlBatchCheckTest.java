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
 * {@link SqlExecutor#setsIfFail} (GROUPING SETS on PostgreSQL, UNION ALL on Derby) gives each node the verdict and,
 * for a failed node, the set that storing its frequency set one by one gives: scans and rollups from two sources
 * mixed in one batch, more nodes than one statement takes, with and without a suppression allowance; under k-anonymity
 * and under models with a sensitive attribute (counts per class and sensitive value, the model's verdict).
 */
class SqlBatchCheckTest {
    @TempDir
    Path tmp;

    @DatabaseTest
    @DisplayName("a batch of every node of every QI subset, scanned or rolled up, = storing and summarizing each set")
    void batchEqualsOneByOne(TestDatabases.Kind kind, Database db) throws Exception {
        SourceTable table = RandomTables.create(db, tmp, new Random(7 + kind.ordinal()), "t", 30, 30);
        StarSchema schema = StarSchema.of(table, List.of("a", "b", "c", "d"), new HierarchyCatalog(db));
        try (SqlExecutor sql = SqlExecutor.open(db, schema)) {
            List<FrequencySet> sources = new ArrayList<>();
            List<FrequencyCheck> checks = mixedChecks(sql, sources);
            assertTrue(checks.size() > 2 * SqlExecutor.CHECKS_PER_STATEMENT, "more nodes than one statement takes");
            for (int[] kAndAllowance : new int[][] {{2, 0}, {4, 3}}) { // Derby pays 10-100 ms a statement
                assertBatchEqualsOneByOne(sql, checks, kAndAllowance[0], kAndAllowance[1], "k-anonymity");
            }
            discardSources(sql, sources);
        }
    }

    @DatabaseTest
    @DisplayName("under (alpha,k) (simple, general) and l-diversity a batch = storing and summarizing each set")
    void modelBatchEqualsOneByOne(TestDatabases.Kind kind, Database db) throws Exception {
        SourceTable table = RandomTables.create(db, tmp, new Random(17 + kind.ordinal()), "t", 30, 30);
        StarSchema schema = StarSchema.of(table, List.of("a", "b", "c"), new HierarchyCatalog(db));
        long rows = new SourceIntegrity(db.dsl()).checkNullsAndCount(schema);
        List<PrivacyModel> models = List.of(
                new AlphaKAnonymity(2, Share.parse("--alpha", "0.67"), new SensitiveAttribute("d", List.of("1"))),
                new AlphaKAnonymity(1, Share.parse("--alpha", "0.8"), new SensitiveAttribute("d", List.of())),
                new LDiversity(1, 2, LDiversity.Form.DISTINCT, new SensitiveAttribute("d", List.of())),
                new LDiversity(2, 2, LDiversity.Form.FREQUENCY, new SensitiveAttribute("d", List.of())));
        for (int m = 0; m < models.size(); m++) {
            if (kind == TestDatabases.Kind.DERBY && m % 2 == 1) {
                continue; // Derby compiles every statement (~10 s a model here): the indicator and l-distinct suffice
            }
            PrivacyModel model = models.get(m);
            SensitiveColumn sensitive = SensitiveColumn.of(schema, model.sensitive().orElseThrow());
            try (SqlExecutor sql = SqlExecutor.open(db, schema, rows, model, sensitive)) {
                List<FrequencySet> sources = new ArrayList<>();
                List<FrequencyCheck> checks = mixedChecks(sql, sources);
                assertTrue(checks.size() > SqlExecutor.CHECKS_PER_STATEMENT, "more nodes than one statement takes");
                assertBatchEqualsOneByOne(sql, checks, model.k(), 0, model.toString());
                // the set's summary is the SQL check's of the same node over the source (another code path)
                FrequencySet top = sql.scan(new Node(new int[] {0, 1, 2}, new int[3]));
                assertEquals(new FrequencySets(db.dsl()).summarize(schema, new org.kanon.lattice.LevelVector(new int[3]), model, sensitive),
                        top.summarize(model.k()), model + " zero node");
                top.discard();
                discardSources(sql, sources);
            }
        }
    }

    /** Every node, checked from the table, from the bottom set, or from a coarser set when derivable from it. */
    private static List<FrequencyCheck> mixedChecks(SqlExecutor sql, List<FrequencySet> sources) {
        int[] heights = sql.heights();
        int n = heights.length;
        int[] all = java.util.stream.IntStream.range(0, n).toArray();
        FrequencySet bottom = sql.scan(new Node(all, new int[n]));
        int[] middleLevels = new int[n];
        middleLevels[0] = Math.min(1, heights[0]);
        middleLevels[1] = Math.min(1, heights[1]);
        FrequencySet middle = sql.scan(new Node(all, middleLevels));
        sources.add(bottom);
        sources.add(middle);
        List<FrequencyCheck> checks = new ArrayList<>();
        int i = 0;
        for (Node node : everyNode(heights)) {
            FrequencySet source = switch (i++ % 3) {
                case 0 -> null;
                case 1 -> bottom;
                default -> node.derivableFrom(middle.node()) ? middle : bottom;
            };
            checks.add(new FrequencyCheck(source, node));
        }
        return checks;
    }

    private static void discardSources(SqlExecutor sql, List<FrequencySet> sources) {
        sources.forEach(FrequencySet::discard);
        assertEquals(sql.ownTables(), sql.tables().liveTables());
    }

    private static void assertBatchEqualsOneByOne(SqlExecutor sql, List<FrequencyCheck> checks, int k, long allowance, String model) {
        String what = model + " k=" + k + " allowance=" + allowance;
        long statements = sql.stats().statements();
        List<FrequencySet> batch = sql.setsIfFail(checks, k, allowance);
        long batchStatements = sql.stats().statements() - statements;
        int failed = 0;
        for (int c = 0; c < checks.size(); c++) {
            FrequencyCheck check = checks.get(c);
            String node = what + " " + check.node();
            FrequencySet stored = check.finer() == null ? sql.scan(check.node()) : sql.derive(check.finer(), check.node());
            FrequencySummary expected = stored.summarize(k);
            FrequencySet got = batch.get(c);
            assertEquals(expected.rowsBelowK() > allowance, got != null, node + " verdict");
            FrequencySet single = sql.setIfFails(check.finer(), check.node(), k, allowance);
            assertEquals(got == null, single == null, node + " one by one");
            if (got != null) {
                failed++;
                assertEquals(check.node(), got.node());
                assertEquals(expected, got.summarize(k), node + " summary");
                assertEquals(rows(stored), rows(got), node + " classes");
                got.discard();
                single.discard();
            }
            stored.discard();
        }
        // one statement per source per 32 nodes, then two per failed node
        assertTrue(batchStatements <= 2 * failed + 3 * (checks.size() / SqlExecutor.CHECKS_PER_STATEMENT + 3),
                what + ": " + batchStatements + " statements");
    }

    /** Every node of every non-empty attribute subset. */
    private static List<Node> everyNode(int[] heights) {
        List<Node> nodes = new ArrayList<>();
        for (int m = 1; m < 1 << heights.length; m++) {
            int mask = m;
            int[] attributes = java.util.stream.IntStream.range(0, heights.length).filter(a -> (mask & (1 << a)) != 0).toArray();
            int[] levels = new int[attributes.length];
            while (true) {
                nodes.add(new Node(attributes, levels.clone()));
                int j = 0;
                while (j < levels.length && levels[j] == heights[attributes[j]]) {
                    levels[j++] = 0;
                }
                if (j == levels.length) {
                    break;
                }
                levels[j]++;
            }
        }
        return nodes;
    }

    /** A stored set's classes as sorted "values=count" lines, to compare two sets of the same node. */
    static List<String> rows(FrequencySet set) {
        List<String> rows = new ArrayList<>();
        for (FrequencyRow r : ((SqlFrequencySet) set).fetch()) {
            rows.add(r.values() + "=" + r.count());
        }
        rows.sort(null);
        return rows;
    }
}
