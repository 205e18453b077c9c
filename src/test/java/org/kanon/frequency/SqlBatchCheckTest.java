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
 * {@link SqlExecutor#setsIfFail} (GROUPING SETS on PostgreSQL, UNION ALL on Derby) gives each node the verdict and,
 * for a failed node, the set that storing its frequency set one by one gives: scans and rollups from two sources
 * mixed in one batch, more nodes than one statement takes, with and without a suppression allowance.
 */
class SqlBatchCheckTest {
    @TempDir
    Path tmp;

    @DatabaseTest
    @DisplayName("a batch of every node of every QI subset, scanned or rolled up, = storing and summarizing each set")
    void batchEqualsOneByOne(TestDatabases.Kind kind) throws Exception {
        try (Database db = TestDatabases.open(kind)) {
            SourceTable table = RandomTables.create(db, tmp, new Random(7 + kind.ordinal()), "t", 30, 30);
            StarSchema schema = StarSchema.of(table, List.of("a", "b", "c", "d"), new HierarchyCatalog(db));
            try (SqlExecutor sql = SqlExecutor.open(db, schema)) {
                int[] heights = sql.heights();
                int[] all = {0, 1, 2, 3};
                FrequencySet bottom = sql.scan(new Node(all, new int[4]));
                FrequencySet middle = sql.scan(new Node(all, new int[] {Math.min(1, heights[0]), Math.min(1, heights[1]), 0, 0}));
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
                assertTrue(checks.size() > 2 * SqlExecutor.CHECKS_PER_STATEMENT, "more nodes than one statement takes");
                for (int[] kAndAllowance : new int[][] {{2, 0}, {4, 3}}) { // Derby pays 10-100 ms a statement
                    {
                        int k = kAndAllowance[0];
                        long allowance = kAndAllowance[1];
                        String what = "k=" + k + " allowance=" + allowance;
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
                }
                bottom.discard();
                middle.discard();
                assertEquals(0, sql.tables().liveTables());
            }
        }
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

    private static List<String> rows(FrequencySet set) {
        List<String> rows = new ArrayList<>();
        for (FrequencyRow r : ((SqlFrequencySet) set).fetch()) {
            rows.add(r.values() + "=" + r.count());
        }
        rows.sort(null);
        return rows;
    }
}
