package org.kanon.local.kaca;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.kanon.local.GroupedTable;
import org.kanon.local.LocalClass;
import org.kanon.local.LocalRecoding;
import org.kanon.metrics.HierarchyWeights;

/**
 * The level index ({@link TrieNearest}) must answer as the paper's full scan ({@link ExhaustiveNearest}): the same
 * tie set, with the same meeting levels and distances. Checked directly on random states of alive classes, and on
 * whole KACA1/KACA2 runs: with the same seed the two searches must give the identical recoding, class by class.
 */
class KacaSearchEquivalenceTest {

    private static HierarchyWeights weights(Random random) {
        return switch (random.nextInt(3)) {
            case 0 -> HierarchyWeights.uniform();
            case 1 -> HierarchyWeights.height(1);
            default -> HierarchyWeights.height(2);
        };
    }

    @Test
    @DisplayName("random states (classes at random levels, added, removed, shrunk): trie and scan return the same candidates and distances")
    void nearestAgreesOnRandomStates() {
        Random random = new Random(1717);
        int compared = 0;
        int ties = 0;
        for (int trial = 0; trial < 25; trial++) {
            List<KacaTables.Tree> trees = KacaTables.trees(random, 2 + random.nextInt(4), 4, 3);
            GroupedTable table = KacaTables.grouped(trees, KacaTables.rows(random, trees, 300 + random.nextInt(500)));
            int k = 2 + random.nextInt(9);
            ClusterDistance distance = new ClusterDistance(table, weights(random), k);
            LiveClusters live = new LiveClusters(table);
            ExhaustiveNearest scan = new ExhaustiveNearest(live, distance);
            TrieNearest trie = new TrieNearest(live, distance, table);
            List<Cluster> alive = new ArrayList<>();
            for (int step = 0; step < 400; step++) {
                int action = random.nextInt(10);
                if (action < 5 || alive.size() < 3) {
                    Cluster c = randomCluster(random, table, live.nextId(), k);
                    live.add(c);
                    scan.added(c);
                    trie.added(c);
                    alive.add(c);
                } else if (action < 7) {
                    Cluster c = alive.remove(random.nextInt(alive.size()));
                    live.remove(c);
                    scan.removed(c);
                    trie.removed(c);
                } else if (action < 8) {
                    // a stub taken: the trunk stays where it is, smaller
                    Cluster c = alive.get(random.nextInt(alive.size()));
                    if (c.size() > 1) {
                        c.take(1 + random.nextInt((int) c.size() - 1), new Cluster(-1, c.levels.clone(), c.representative));
                        live.sizeChanged(c);
                    }
                } else {
                    // KACA only searches for classes smaller than k (the stub rule's k - |C| assumes it)
                    List<Cluster> smalls = alive.stream().filter(c -> c.size() < k).toList();
                    if (smalls.isEmpty()) {
                        continue;
                    }
                    Cluster small = smalls.get(random.nextInt(smalls.size()));
                    List<Candidate> expected = scan.nearest(small);
                    List<Candidate> actual = trie.nearest(small);
                    String label = "trial " + trial + " step " + step + ": nearest to " + small + " among " + live.size();
                    assertEquals(describe(expected), describe(actual), label);
                    compared++;
                    ties += expected.size() > 1 ? 1 : 0;
                }
            }
        }
        assertTrue(compared > 500, compared + " searches compared");
        assertTrue(ties > 50, "the states must produce tie sets to compare: " + ties);
    }

    /** A class at random levels around a random group, of 1 .. 3k rows. */
    private static Cluster randomCluster(Random random, GroupedTable table, int id, int k) {
        int[] levels = new int[table.qiCount()];
        for (int q = 0; q < levels.length; q++) {
            // mostly low levels, as in a run
            levels[q] = random.nextInt(3) == 0 ? random.nextInt(table.height(q) + 1) : 0;
        }
        int g = random.nextInt(table.groupCount());
        Cluster c = new Cluster(id, levels, g);
        c.add(g, 1 + random.nextInt(3 * k));
        return c;
    }

    /** Candidates as text: id, meeting levels and the exact distance (both searches must compute the same bits). */
    private static List<String> describe(List<Candidate> candidates) {
        List<String> out = new ArrayList<>();
        for (Candidate c : candidates) {
            out.add(c.cluster().id + " " + Arrays.toString(c.meet()) + " " + Double.doubleToLongBits(c.distance()) + " (" + c.distance() + ")");
        }
        return out;
    }

    @Test
    @DisplayName("whole runs on random tables (1500-3000 rows, 3-6 QIs, k 2..10): indexed and exhaustive search give identical KACA1 and KACA2 recodings")
    void wholeRunsAreIdentical() {
        Random random = new Random(20080301);
        for (int trial = 0; trial < 8; trial++) {
            List<KacaTables.Tree> trees = KacaTables.trees(random, 3 + random.nextInt(4), 4, 3);
            GroupedTable table = KacaTables.grouped(trees, KacaTables.rows(random, trees, 1500 + random.nextInt(1500)));
            int k = 2 + random.nextInt(9);
            long seed = random.nextLong();
            KacaOptions options = trial % 2 == 0 ? KacaOptions.kaca1(k, weights(random), seed)
                    : KacaOptions.kaca2(k, weights(random), seed, new double[] {0.05, 0.1, 0.3}[random.nextInt(3)]);
            String label = "trial " + trial + ": " + options.algorithm() + " k=" + k + " " + options.weights() + " seed " + seed + " on " + table;
            Kaca.Outcome fast = Kaca.run(table, options, "r" + trial);
            Kaca.Outcome full = Kaca.run(table, options.withExhaustiveSearch(), "r" + trial);
            assertTrue(fast.stats().trieNodesVisited() > 0, label + ": the index was used");
            assertEquals(0, full.stats().trieNodesVisited(), label + ": the scan was used");
            assertEquals(describe(full.recoding()), describe(fast.recoding()), label);
            assertEquals(full.stats().merges(), fast.stats().merges(), label);
            assertEquals(full.stats().stubMerges(), fast.stats().stubMerges(), label);
            assertTrue(fast.stats().merges() + fast.stats().stubMerges() > 10, label + ": merges to compare");
        }
    }

    /** Every class in order: its levels and its (group, count) entries. */
    static List<String> describe(LocalRecoding recoding) {
        List<String> out = new ArrayList<>();
        for (LocalClass c : recoding.classes()) {
            StringBuilder s = new StringBuilder(Arrays.toString(c.levels())).append(':');
            for (int e = 0; e < c.entries(); e++) {
                s.append(' ').append(c.group(e)).append('x').append(c.count(e));
            }
            out.add(s.toString());
        }
        return out;
    }
}
