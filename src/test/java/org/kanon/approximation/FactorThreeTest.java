package org.kanon.approximation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.kanon.InvalidInputException;
import org.kanon.approximation.factor.Factor;
import org.kanon.approximation.factor.FactorThree;
import org.kanon.approximation.instance.Clustering;
import org.kanon.approximation.instance.Instance;

/** factor3: the minimum 2-factor (Blossom V on the gadget, sparse with pricing) and Lemma 11's cut of long cycles. */
class FactorThreeTest {

    private static int[] all(Instance instance) {
        return IntStream.range(0, instance.size()).toArray();
    }

    /** The row's raw vector (the instance sorts rows, so row i is not input row i). */
    private static String vector(Instance instance, int row) {
        StringBuilder s = new StringBuilder();
        for (int q = 0; q < instance.qiCount(); q++) {
            s.append(instance.table().label(q, instance.group(row), 0));
        }
        return s.toString();
    }

    /** Johnson's counter on m bits: 0^m, 0^(m-1)1, .., 1^m, 1^(m-1)0, .., 10^(m-1); 2m words, each at distance 1 from exactly two others. */
    private static int[][] johnson(int m) {
        int[][] rows = new int[2 * m][m];
        for (int i = 0; i < 2 * m; i++) {
            for (int b = 0; b < m; b++) {
                rows[i][b] = i <= m ? (b >= m - i ? 1 : 0) : (b < 2 * m - i ? 1 : 0);
            }
        }
        return rows;
    }

    /** The tight instance after Lemma 11: one 8-cycle of weight 8, cut into two runs of 4, ALG = 24 = 3 c_F. */
    @Test
    void lemmaElevenTightInstance() {
        String[] order = {"0000", "0001", "0011", "0111", "1111", "1110", "1100", "1000"};
        int[][] rows = Arrays.stream(order).map(w -> w.chars().map(ch -> ch - '0').toArray()).toArray(int[][]::new);
        assertEquals(Arrays.deepToString(johnson(4)), Arrays.deepToString(rows));
        Instance instance = Vectors.suppression(rows);
        Factor f = FactorThree.INSTANCE.factor(instance, all(instance));
        assertEquals(8, f.weight(), 1e-9);
        List<Factor.Component> components = f.components();
        assertEquals(1, components.size());
        // the cycle visits the words in the given order (up to where it starts and its direction)
        String walk = Arrays.stream(components.get(0).rows()).mapToObj(r -> vector(instance, r)).reduce("", (a, b) -> a + b + " ");
        String forward = String.join(" ", order) + " ";
        String twice = forward + forward;
        List<String> reversed = new ArrayList<>(List.of(order));
        java.util.Collections.reverse(reversed);
        String backward = String.join(" ", reversed) + " ";
        assertTrue(twice.contains(walk) || (backward + backward).contains(walk), walk);

        Clustering c = FactorThree.INSTANCE.cluster(instance, f);
        c.requireValid(instance, 3);
        assertEquals(List.of(4, 4), c.clusters().stream().map(x -> x.length).toList());
        double alg = c.cost(instance);
        double opt = ExactSolver.solve(instance, 3).cost(instance);
        System.out.printf("Lemma 11 tight instance: c_F = %.0f, ALG = %.0f (bound 3 c_F = %.0f), OPT = %.0f, ALG/OPT = %.3f%n",
                f.weight(), alg, 3 * f.weight(), opt, alg / opt);
        assertEquals(24, alg, 1e-9); // every cut: each run of 4 keeps one common bit, 3 stars in each of 8 rows
        assertTrue(alg <= 3 * f.weight() + 1e-9);
        assertTrue(alg <= 2 * opt + 1e-9);
    }

    @Test
    void everyDegreeIsTwoAndClustersHoldThreeToFiveRows() {
        Random random = new Random(17);
        for (int trial = 0; trial < 30; trial++) {
            int n = 3 + random.nextInt(40);
            Instance instance = trial % 3 == 2 ? Vectors.hierarchy(Vectors.random(random, n, 5, 10))
                    : Vectors.suppression(Vectors.random(random, n, 2 + random.nextInt(6), 2 + trial % 3));
            Factor f = FactorThree.INSTANCE.factor(instance, all(instance));
            for (int d : f.degrees()) {
                assertEquals(2, d);
            }
            assertEquals(FactorTwoTest.weight(instance, f), f.weight(), 1e-9);
            assertTrue(f.components().stream().allMatch(Factor.Component::cycle));
            Clustering c = FactorThree.INSTANCE.cluster(instance, f);
            c.requireValid(instance, 3);
            for (int[] cluster : c.clusters()) {
                assertTrue(cluster.length >= 3 && cluster.length <= 5, Arrays.toString(cluster));
            }
            assertTrue(c.cost(instance) <= 3 * f.weight() + 1e-9, "Lemma 11: " + c.cost(instance) + " > 3 * " + f.weight());
        }
    }

    /** Small instances: the factor's weight is the minimum over all 2-factors (subset DP over cycles). */
    @Test
    void factorIsMinimalAgainstBruteForce() {
        Random random = new Random(19);
        for (int trial = 0; trial < 60; trial++) {
            int n = 3 + random.nextInt(7);
            Instance instance = trial % 2 == 0 ? Vectors.suppression(Vectors.random(random, n, 4, 2 + trial % 3))
                    : Vectors.hierarchy(Vectors.random(random, n, 3, 10));
            double[][] cycle = FactorTwoTest.hamiltonian(instance, true);
            double[] component = new double[1 << instance.size()];
            for (int s = 1; s < component.length; s++) {
                component[s] = Integer.bitCount(s) >= 3 ? Arrays.stream(cycle[s]).min().orElseThrow() : Double.POSITIVE_INFINITY;
            }
            double best = FactorTwoTest.cover(instance.size(), component);
            assertEquals(best, FactorThree.INSTANCE.factor(instance, all(instance)).weight(), 1e-9, "n = " + instance.size());
            assertEquals(best, FactorThree.INSTANCE.referenceFactor(instance, all(instance)).weight(), 1e-9);
        }
    }

    @Test
    void pricingReachesTheCompleteGadgetsOptimum() {
        Random random = new Random(23);
        for (int trial = 0; trial < 12; trial++) {
            int n = 30 + random.nextInt(40);
            int[][] rows = trial % 2 == 0 ? Vectors.random(random, n, 3, 3) : Vectors.random(random, n, 8, 2);
            Instance instance = trial % 4 == 3 ? Vectors.hierarchy(Vectors.random(random, n, 6, 10)) : Vectors.suppression(rows);
            int[] order = FactorTwoTest.shuffled(all(instance), random);
            assertEquals(FactorThree.INSTANCE.referenceFactor(instance, order).weight(), FactorThree.INSTANCE.factor(instance, order).weight(), 1e-9, "trial " + trial);
        }
    }

    /**
     * Long cycles are cut into arcs of 3 and 4 as Lemma 11 says, the cut keeping the least cycle-edge weight inside its
     * runs and, among those, costing least: checked against every rotation and placement of the runs of 4.
     */
    @Test
    void longCyclesGetTheLightestCut() {
        int longCycles = 0;
        List<Instance> instances = new ArrayList<>();
        for (int m = 3; m <= 8; m++) {
            instances.add(Vectors.suppression(johnson(m))); // one cycle of 2m rows
        }
        Random random = new Random(29);
        for (int trial = 0; trial < 40; trial++) {
            int n = 12 + random.nextInt(30);
            instances.add(trial % 2 == 0 ? Vectors.suppression(Vectors.random(random, n, 10, 2)) : Vectors.hierarchy(Vectors.random(random, n, 6, 10)));
        }
        for (Instance instance : instances) {
            Factor f = FactorThree.INSTANCE.factor(instance, all(instance));
            Clustering c = FactorThree.INSTANCE.cluster(instance, f);
            c.requireValid(instance, 3);
            Map<Integer, Integer> clusterOf = new HashMap<>();
            for (int i = 0; i < c.clusters().size(); i++) {
                for (int r : c.clusters().get(i)) {
                    clusterOf.put(r, i);
                }
            }
            for (Factor.Component component : f.components()) {
                int[] cycle = component.rows();
                int len = cycle.length;
                if (len <= 5) {
                    assertEquals(len, c.clusters().get(clusterOf.get(cycle[0])).length, "a cycle of 3..5 rows is one cluster");
                    continue;
                }
                longCycles++;
                // the chosen runs: arcs of the cycle, sizes as Lemma 11 prescribes
                List<Integer> sizes = new ArrayList<>();
                double internal = 0;
                double cost = 0;
                List<Integer> seen = new ArrayList<>();
                for (int i = 0; i < len; i++) {
                    int cl = clusterOf.get(cycle[i]);
                    if (cl == clusterOf.get(cycle[(i + 1) % len])) {
                        internal += instance.distance(cycle[i], cycle[(i + 1) % len]);
                    }
                    if (!seen.contains(cl)) {
                        seen.add(cl);
                        int[] members = c.clusters().get(cl);
                        sizes.add(members.length);
                        cost += instance.classCost(members);
                    }
                }
                int arcs = 0;
                for (int i = 0; i < len; i++) {
                    arcs += clusterOf.get(cycle[i]).equals(clusterOf.get(cycle[(i + 1) % len])) ? 0 : 1;
                }
                assertEquals(seen.size(), arcs, "every cluster is one arc of the cycle");
                int fours = len % 3;
                assertEquals(fours, sizes.stream().filter(s -> s == 4).count(), "runs of 4 in a cycle of " + len);
                assertEquals(sizes.size() - fours, sizes.stream().filter(s -> s == 3).count());
                double[] best = lightestCut(instance, cycle, fours);
                assertEquals(best[0], internal, 1e-9, "internal weight of the cut of a " + len + "-cycle");
                assertEquals(best[1], cost, 1e-9, "cost among the lightest cuts of a " + len + "-cycle");
            }
        }
        System.out.println("long cycles checked: " + longCycles);
        assertTrue(longCycles >= 6, "only " + longCycles + " cycles longer than 5");
    }

    /** {least internal weight, least cost among those} over every cut of the cycle into arcs of 3 and (fours times) 4. */
    private static double[] lightestCut(Instance instance, int[] cycle, int fours) {
        int len = cycle.length;
        int runs = (len - 4 * fours) / 3 + fours;
        double[] best = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
        for (int mask = 0; mask < 1 << runs; mask++) {
            if (Integer.bitCount(mask) != fours) {
                continue;
            }
            for (int start = 0; start < len; start++) {
                double internal = 0;
                double cost = 0;
                int at = start;
                for (int r = 0; r < runs; r++) {
                    int size = (mask >> r & 1) == 1 ? 4 : 3;
                    int[] run = new int[size];
                    for (int i = 0; i < size; i++) {
                        run[i] = cycle[(at + i) % len];
                        if (i > 0) {
                            internal += instance.distance(run[i - 1], run[i]);
                        }
                    }
                    cost += instance.classCost(run);
                    at += size;
                }
                if (internal < best[0] - 1e-9 || (Math.abs(internal - best[0]) <= 1e-9 && cost < best[1])) {
                    best[0] = internal;
                    best[1] = cost;
                }
            }
        }
        return best;
    }

    @Test
    void refusesRowDeletionAndTooFewRows() {
        Instance instance = Vectors.suppression(new int[][] {{0, 1}, {1, 1}, {1, 0}, {0, 0}});
        Instance deleting = Instance.of(instance.table(), instance.cost().withRowDeletion(true));
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> FactorThree.INSTANCE.cluster(deleting));
        assertTrue(e.getMessage().contains("row-deletion"), e.getMessage());
        Instance two = Vectors.suppression(new int[][] {{0, 1}, {1, 1}});
        assertThrows(InvalidInputException.class, () -> FactorThree.INSTANCE.cluster(two));
        assertThrows(InvalidInputException.class, () -> FactorThree.INSTANCE.blocked(two, 50));
        assertThrows(InvalidInputException.class, () -> FactorThree.INSTANCE.blocked(instance, 2));
    }

    @Test
    void blockedRunPlacesEveryRowOnce() {
        Random random = new Random(31);
        for (int[][] rows : List.of(Vectors.random(random, 300, 6, 3), Vectors.random(random, 250, 3, 3), Vectors.random(random, 352, 8, 2))) {
            Instance instance = Vectors.hierarchy(rows);
            Clustering c = FactorThree.INSTANCE.blocked(instance, 50);
            c.requireValid(instance, 3);
            assertEquals(instance.size(), c.clusters().stream().mapToInt(x -> x.length).sum());
            assertTrue(c.largestCluster() <= 5, "a cluster of " + c.largestCluster() + " rows");
            FactorThree.INSTANCE.blocked(instance, 50, Integer.MAX_VALUE).requireValid(instance, 3);
        }
    }
}
