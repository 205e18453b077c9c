package org.kanon.approximation.forest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.kanon.approximation.Approximation;
import org.kanon.approximation.ApproximationOptions;
import org.kanon.approximation.ExactSolver;
import org.kanon.approximation.Vectors;
import org.kanon.approximation.instance.Clustering;
import org.kanon.approximation.instance.Instance;

class ForestClusteringTest {

    /** Section 1's medical table: Age, Race, Gender, Zip, suppression only. */
    static final int[][] MEDICAL = {
            {47, 0, 0, 21004},   // White Male
            {35, 0, 1, 21004},   // White Female
            {27, 1, 1, 92010},   // Hispanic Female
            {27, 0, 1, 92010},   // White Female
    };

    @Test
    void medicalTableAtTwoIsTheOptimalSuppression() {
        Instance instance = Vectors.suppression(MEDICAL);
        Clustering optimum = ExactSolver.solve(instance, 2);
        // the paper's 2-anonymization: {47,35} share White and 21004, {27,27} share 27, Female, 92010 -> 2*2 + 2*1 stars
        assertEquals(6.0, optimum.cost(instance), 1e-9);
        ForestClustering.Outcome forest = ForestClustering.cluster(instance, 2);
        forest.clustering().requireValid(instance, 2);
        assertTrue(forest.clustering().cost(instance) <= 3 * optimum.cost(instance) + 1e-9);
        assertTrue(forest.stats().forestWeight() <= optimum.cost(instance) + 1e-9, "Lemma 3: the forest weighs at most OPT");
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 5})
    void forestTreesHaveKVerticesAndNoCycle(int k) {
        Random random = new Random(k * 31L);
        for (int trial = 0; trial < 30; trial++) {
            Instance instance = Vectors.hierarchy(Vectors.random(random, 20 + random.nextInt(60), 3, 10));
            Forest forest = Forest.build(instance, k);
            int n = instance.size();
            int[] treeOf = new int[n];
            int[] sizes = new int[n];
            for (int r = 0; r < n; r++) {
                // follow out-edges to the root; more than n steps would mean a cycle
                int x = r;
                int steps = 0;
                while (forest.out[x] >= 0) {
                    x = forest.out[x];
                    assertTrue(++steps <= n, "cycle through row " + r);
                }
                treeOf[r] = x;
                sizes[x]++;
            }
            for (int r = 0; r < n; r++) {
                assertTrue(sizes[treeOf[r]] >= k, "a tree of " + sizes[treeOf[r]] + " vertices at k = " + k);
                if (forest.out[r] >= 0) {
                    assertEquals(instance.distance(r, forest.out[r]), forest.weight[r], 1e-12);
                    assertTrue(forest.weight[r] <= kthNearest(instance, r, k - 1) + 1e-12,
                            "row " + r + " points beyond its k-1 nearest neighbours");
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 5, 7, 10})
    void partsHaveSizesBetweenKAndTheLimit(int k) {
        Random random = new Random(1000 + k);
        int limit = Math.max(2 * k - 1, 3 * k - 5);
        long splits = 0;
        for (int trial = 0; trial < 40; trial++) {
            // few distinct values: big groups and big trees, so the decomposition and its Steiner vertices get work
            int alphabet = 2 + random.nextInt(8);
            Instance instance = Vectors.hierarchy(Vectors.random(random, 30 + random.nextInt(300), 2 + random.nextInt(3), alphabet));
            ForestClustering.Outcome outcome = ForestClustering.cluster(instance, k);
            Clustering c = outcome.clustering();
            c.requireValid(instance, k);
            assertEquals(0, outcome.stats().oversized(), "a tree no split could divide");
            assertTrue(c.largestCluster() <= limit, "a part of " + c.largestCluster() + " rows above " + limit);
            assertTrue(outcome.stats().partsWeight() <= outcome.stats().forestWeight() + 1e-9);
            assertTrue(c.cost(instance) <= limit * outcome.stats().partsWeight() + 1e-9, "Theorem 5's charging argument");
            splits += outcome.stats().splits();
        }
        assertTrue(splits > 0, "no tree was ever decomposed");
    }

    @Test
    void costStaysWithinTheGuaranteeOfTheOptimum() {
        Random random = new Random(7);
        double worst = 0;
        for (int trial = 0; trial < 300; trial++) {
            int k = 2 + random.nextInt(3);
            int n = Math.max(k, 6 + random.nextInt(7));
            int[][] rows = Vectors.random(random, n, 2 + random.nextInt(4), 2 + random.nextInt(9));
            Instance instance = trial % 2 == 0 ? Vectors.hierarchy(rows) : Vectors.suppression(rows);
            double opt = ExactSolver.solve(instance, k).cost(instance);
            ForestClustering.Outcome outcome = ForestClustering.cluster(instance, k);
            double cost = outcome.clustering().cost(instance);
            assertTrue(outcome.stats().forestWeight() <= opt + 1e-9, "Lemma 3");
            assertTrue(cost <= Math.max(2 * k - 1, 3 * k - 5) * opt + 1e-9, "cost " + cost + " above the guarantee of OPT " + opt);
            assertTrue(cost >= opt - 1e-9, "cost " + cost + " below OPT " + opt + ": the exact solver is wrong");
            if (opt > 0) {
                worst = Math.max(worst, cost / opt);
            }
        }
        System.out.printf("forest: worst cost/OPT over 300 random instances (n 6..12, k 2..4): %.3f%n", worst);
    }

    @Test
    void splittingLowersTheCostAndKeepsEveryClusterAtK() {
        Random random = new Random(99);
        int improved = 0;
        for (int trial = 0; trial < 60; trial++) {
            int k = 4 + random.nextInt(6);
            Instance instance = Vectors.hierarchy(Vectors.random(random, 100 + random.nextInt(300), 4 + random.nextInt(3), 10));
            Clustering printed = Approximation.run(instance, ApproximationOptions.of(ApproximationOptions.FOREST, k).withSplit(false)).clustering();
            Clustering split = Approximation.run(instance, ApproximationOptions.of(ApproximationOptions.FOREST, k)).clustering();
            split.requireValid(instance, k);
            assertTrue(split.cost(instance) <= printed.cost(instance) + 1e-9, "splitting raised the cost");
            if (split.cost(instance) < printed.cost(instance) - 1e-9) {
                improved++;
            }
        }
        assertTrue(improved > 0, "no split ever lowered the cost");
    }

    private static double kthNearest(Instance instance, int row, int j) {
        List<Double> d = new ArrayList<>();
        for (int other = 0; other < instance.size(); other++) {
            if (other != row) {
                d.add(instance.distance(row, other));
            }
        }
        d.sort(null);
        return d.get(Math.min(j, d.size()) - 1);
    }
}
