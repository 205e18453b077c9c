package org.kanon.approximation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.kanon.InvalidInputException;
import org.kanon.approximation.factor.Blocks;
import org.kanon.approximation.factor.Factor;
import org.kanon.approximation.factor.FactorTwo;
import org.kanon.approximation.instance.Clustering;
import org.kanon.approximation.instance.Instance;

/** factor2: the minimum [1, 2]-factor (Blossom V on the gadget, sparse with pricing) and its 2-anonymous clustering. */
class FactorTwoTest {

    private static int[] all(Instance instance) {
        return IntStream.range(0, instance.size()).toArray();
    }

    /** The 4-row medical table of section 1 (Age, Race, Gender, Zip coded as small integers), suppression, k = 2. */
    @Test
    void medicalTableGetsTheOptimalSuppression() {
        int[][] rows = {
            {47, 0, 0, 21004}, // White Male
            {35, 0, 1, 21004}, // White Female
            {27, 1, 1, 92010}, // Hispanic Female
            {27, 0, 1, 92010}, // White Female
        };
        Instance instance = Vectors.suppression(rows);
        Clustering c = FactorTwo.INSTANCE.cluster(instance);
        c.requireValid(instance, 2);
        double opt = ExactSolver.solve(instance, 2).cost(instance);
        // {47, 35} differ in age and gender, {27 Hispanic, 27 White} in race: 2 * 2 + 2 * 1 stars
        assertEquals(6, opt, 1e-9);
        assertEquals(opt, c.cost(instance), 1e-9);
        assertEquals(3, FactorTwo.INSTANCE.factor(instance, all(instance)).weight(), 1e-9);
    }

    @Test
    void everyDegreeIsOneOrTwoAndClustersHoldTwoOrThreeRows() {
        Random random = new Random(7);
        for (int trial = 0; trial < 30; trial++) {
            int n = 2 + random.nextInt(40);
            Instance instance = trial % 3 == 2 ? Vectors.hierarchy(Vectors.random(random, n, 5, 10))
                    : Vectors.suppression(Vectors.random(random, n, 2 + random.nextInt(6), 2 + trial % 3));
            Factor f = FactorTwo.INSTANCE.factor(instance, all(instance));
            for (int d : f.degrees()) {
                assertTrue(d == 1 || d == 2, "degree " + d);
            }
            assertEquals(weight(instance, f), f.weight(), 1e-9);
            Clustering c = FactorTwo.INSTANCE.cluster(instance, f);
            c.requireValid(instance, 2);
            for (int[] cluster : c.clusters()) {
                assertTrue(cluster.length == 2 || cluster.length == 3, Arrays.toString(cluster));
            }
            // ALG <= 3 * c_OFAC (Lemma 8), whatever the cut of longer components
            assertTrue(c.cost(instance) <= 3 * f.weight() + 1e-9, c.cost(instance) + " > 3 * " + f.weight());
        }
    }

    /** Small instances: the factor's weight is the minimum over all [1, 2]-factors (subset DP over paths and cycles). */
    @Test
    void factorIsMinimalAgainstBruteForce() {
        Random random = new Random(11);
        for (int trial = 0; trial < 60; trial++) {
            int n = 2 + random.nextInt(8);
            Instance instance = trial % 2 == 0 ? Vectors.suppression(Vectors.random(random, n, 4, 2 + trial % 3))
                    : Vectors.hierarchy(Vectors.random(random, n, 3, 10));
            double best = bruteForce(instance);
            assertEquals(best, FactorTwo.INSTANCE.factor(instance, all(instance)).weight(), 1e-9, "n = " + n);
            assertEquals(best, FactorTwo.INSTANCE.referenceFactor(instance, all(instance)).weight(), 1e-9, "n = " + n);
        }
    }

    /** Larger instances, where the first candidate set is sparse: pricing must reach the complete gadget's optimum. */
    @Test
    void pricingReachesTheCompleteGadgetsOptimum() {
        Random random = new Random(3);
        for (int trial = 0; trial < 12; trial++) {
            int n = 30 + random.nextInt(40);
            // few attributes over a small alphabet: many identical rows and ties, where Blossom V is slowest
            int[][] rows = trial % 2 == 0 ? Vectors.random(random, n, 3, 3) : Vectors.random(random, n, 8, 2);
            Instance instance = trial % 4 == 3 ? Vectors.hierarchy(Vectors.random(random, n, 6, 10)) : Vectors.suppression(rows);
            int[] order = shuffled(all(instance), random);
            Factor priced = FactorTwo.INSTANCE.factor(instance, order);
            Factor reference = FactorTwo.INSTANCE.referenceFactor(instance, order);
            assertEquals(reference.weight(), priced.weight(), 1e-9, "trial " + trial);
        }
    }

    /** Identical rows give zero-weight edges, so components may be long paths or cycles: they are cut into 2s and 3s. */
    @Test
    void zeroWeightComponentsAreCut() {
        int[][] rows = new int[12][];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = i < 9 ? new int[] {0, 0, 0} : new int[] {1, 1, i % 2};
        }
        Instance instance = Vectors.suppression(rows);
        Clustering c = FactorTwo.INSTANCE.cluster(instance);
        c.requireValid(instance, 2);
        assertTrue(c.largestCluster() <= 3);
        assertEquals(ExactSolver.solve(instance, 2).cost(instance), c.cost(instance), 1e-9);
    }

    @Test
    void refusesRowDeletionAndTooFewRows() {
        Instance instance = Vectors.suppression(new int[][] {{0, 1}, {1, 1}, {1, 0}});
        Instance deleting = Instance.of(instance.table(), instance.cost().withRowDeletion(true));
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> FactorTwo.INSTANCE.cluster(deleting));
        assertTrue(e.getMessage().contains("row-deletion"), e.getMessage());
        assertThrows(InvalidInputException.class, () -> FactorTwo.INSTANCE.blocked(deleting, 50));
        Instance one = Vectors.suppression(new int[][] {{0, 1}});
        assertThrows(InvalidInputException.class, () -> FactorTwo.INSTANCE.cluster(one));
        assertThrows(InvalidInputException.class, () -> FactorTwo.INSTANCE.blocked(one, 50));
    }

    @Test
    void blockedRunPlacesEveryRowOnce() {
        Random random = new Random(5);
        for (int[][] rows : List.of(Vectors.random(random, 300, 6, 3), Vectors.random(random, 257, 3, 3), Vectors.random(random, 401, 8, 2))) {
            Instance instance = Vectors.suppression(rows);
            Clustering c = FactorTwo.INSTANCE.blocked(instance, 50);
            c.requireValid(instance, 2);
            assertEquals(instance.size(), c.clusters().stream().mapToInt(x -> x.length).sum());
            assertTrue(c.largestCluster() <= 3);
            Clustering noTwins = FactorTwo.INSTANCE.blocked(instance, 50, Integer.MAX_VALUE);
            noTwins.requireValid(instance, 2);
        }
    }

    @Test
    void partitionCutsSortedRowsIntoBlocks() {
        Random random = new Random(9);
        Instance instance = Vectors.hierarchy(Vectors.random(random, 202, 4, 10));
        List<int[]> blocks = Blocks.partition(instance, 50, 3);
        assertEquals(List.of(50, 50, 50, 52), blocks.stream().map(b -> b.length).toList());
        BitSet seen = new BitSet();
        int[] previous = null;
        for (int[] block : blocks) {
            for (int row : block) {
                assertTrue(!seen.get(row), "row " + row + " twice");
                seen.set(row);
                int[] key = pathKey(instance, row);
                if (previous != null) {
                    assertTrue(Arrays.compare(previous, key) <= 0, "rows out of hierarchy-path order");
                }
                previous = key;
            }
        }
        assertEquals(instance.size(), seen.cardinality());
        assertEquals(List.of(202), Blocks.partition(instance, 500, 3).stream().map(b -> b.length).toList());
    }

    @Test
    void twinsBeyondKeepFormBlocksOfTheirOwn() {
        int[][] rows = new int[120][];
        Random random = new Random(2);
        for (int i = 0; i < rows.length; i++) {
            rows[i] = i < 40 ? new int[] {1, 1, 1} : new int[] {random.nextInt(3), random.nextInt(3), random.nextInt(3)};
        }
        Instance instance = Vectors.suppression(rows);
        List<int[]> blocks = Blocks.partition(instance, 30, 2, 1);
        BitSet seen = new BitSet();
        boolean bigTwinBlock = false;
        for (int[] block : blocks) {
            assertTrue(block.length >= 2);
            boolean identical = Arrays.stream(block).map(instance::group).distinct().count() == 1;
            bigTwinBlock |= identical && block.length >= 39;
            for (int row : block) {
                assertTrue(!seen.get(row));
                seen.set(row);
            }
        }
        assertEquals(instance.size(), seen.cardinality());
        assertTrue(bigTwinBlock, "the 40 identical rows should leave 39 for a block of their own");
        Clustering c = FactorTwo.INSTANCE.blocked(instance, 30, 1);
        c.requireValid(instance, 2);
    }

    static int[] pathKey(Instance instance, int row) {
        List<Integer> key = new ArrayList<>();
        for (int q = 0; q < instance.qiCount(); q++) {
            for (int level = instance.height(q) - 1; level >= 0; level--) {
                key.add(instance.code(q, row, level));
            }
        }
        return key.stream().mapToInt(Integer::intValue).toArray();
    }

    static int[] shuffled(int[] rows, Random random) {
        int[] out = rows.clone();
        for (int i = out.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = out[i];
            out[i] = out[j];
            out[j] = t;
        }
        return out;
    }

    static double weight(Instance instance, Factor f) {
        return f.edges().stream().mapToDouble(e -> instance.distance(e[0], e[1])).sum();
    }

    /** Minimum weight of a [1, 2]-factor of the complete graph: components are paths (>= 2 rows) or cycles (>= 3). */
    static double bruteForce(Instance instance) {
        int n = instance.size();
        double[][] path = hamiltonian(instance, false);
        double[][] cycle = hamiltonian(instance, true);
        double[] component = new double[1 << n];
        for (int s = 1; s < 1 << n; s++) {
            int size = Integer.bitCount(s);
            component[s] = Double.POSITIVE_INFINITY;
            if (size >= 2) {
                component[s] = Arrays.stream(path[s]).min().orElseThrow();
            }
            if (size >= 3) {
                component[s] = Math.min(component[s], Arrays.stream(cycle[s]).min().orElseThrow());
            }
        }
        return cover(n, component);
    }

    /**
     * Held-Karp: best[s][v] = the lightest path through exactly the rows of s ending at v, starting anywhere (or, for
     * cycles, at the lowest row of s and closed back to it).
     */
    static double[][] hamiltonian(Instance instance, boolean closed) {
        int n = instance.size();
        double[][] best = new double[1 << n][n];
        for (double[] row : best) {
            Arrays.fill(row, Double.POSITIVE_INFINITY);
        }
        for (int v = 0; v < n; v++) {
            best[1 << v][v] = 0;
        }
        for (int s = 1; s < 1 << n; s++) {
            int low = Integer.numberOfTrailingZeros(s);
            for (int v = 0; v < n; v++) {
                if ((s & 1 << v) == 0 || best[s][v] == Double.POSITIVE_INFINITY) {
                    continue;
                }
                for (int u = 0; u < n; u++) {
                    if ((s & 1 << u) != 0 || (closed && u < low)) {
                        continue;
                    }
                    int t = s | 1 << u;
                    best[t][u] = Math.min(best[t][u], best[s][v] + instance.distance(v, u));
                }
            }
        }
        if (!closed) {
            return best;
        }
        double[][] cycle = new double[1 << n][n];
        for (int s = 1; s < 1 << n; s++) {
            int low = Integer.numberOfTrailingZeros(s);
            for (int v = 0; v < n; v++) {
                cycle[s][v] = (s & 1 << v) != 0 && v != low && best[s][v] < Double.POSITIVE_INFINITY
                        ? best[s][v] + instance.distance(v, low) : Double.POSITIVE_INFINITY;
            }
        }
        return cycle;
    }

    /** The cheapest partition of all rows into components of the given costs. */
    static double cover(int n, double[] component) {
        double[] f = new double[1 << n];
        for (int mask = 1; mask < 1 << n; mask++) {
            int low = mask & -mask;
            int rest = mask ^ low;
            double b = Double.POSITIVE_INFINITY;
            for (int sub = rest; ; sub = (sub - 1) & rest) {
                int s = sub | low;
                b = Math.min(b, component[s] + f[mask ^ s]);
                if (sub == 0) {
                    break;
                }
            }
            f[mask] = b;
        }
        return f[(1 << n) - 1];
    }
}
