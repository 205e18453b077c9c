package org.kanon.approximation;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import java.util.Random;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.kanon.approximation.factor.FactorThree;
import org.kanon.approximation.factor.FactorTwo;
import org.kanon.approximation.instance.Instance;

/**
 * The factor algorithms against the exact optimum ({@link ExactSolver}) on many small seeded instances (6..12 rows):
 * the paper's bounds must hold on every one. The worst ratio of each case is printed.
 */
class FactorRatioTest {
    private static final double TOLERANCE = 1e-9;
    private static final int SEEDS_PER_SIZE = 25;

    private static double factor2(Instance instance) {
        return FactorTwo.INSTANCE.cluster(instance).cost(instance);
    }

    private static double factor3(Instance instance) {
        return FactorThree.INSTANCE.cluster(instance).cost(instance);
    }

    /** n rows of m attributes over the alphabet, suppression only. */
    private static BiFunction<Random, Integer, Instance> suppression(int alphabet) {
        return (random, n) -> Vectors.suppression(Vectors.random(random, n, 3 + random.nextInt(6), alphabet));
    }

    /** n rows of values 0..9 under the two-level hierarchy of {@link Vectors#hierarchy}. */
    private static BiFunction<Random, Integer, Instance> hierarchy() {
        return (random, n) -> Vectors.hierarchy(Vectors.random(random, n, 2 + random.nextInt(5), 10));
    }

    /**
     * For n = 6..12 rows, SEEDS_PER_SIZE seeded instances each: ALG >= OPT, ALG <= bound * OPT (OPT = 0 forces ALG =
     * 0); prints and returns the worst ALG / OPT.
     */
    private static double worstRatio(String name, long seed, int k, BiFunction<Random, Integer, Instance> instances,
            Function<Instance, Double> algorithm, double bound) {
        Random random = new Random(seed);
        double worst = 0;
        String where = "no instance with OPT > 0";
        for (int n = 6; n <= 12; n++) {
            for (int s = 0; s < SEEDS_PER_SIZE; s++) {
                Instance instance = instances.apply(new Random(random.nextLong()), n);
                double alg = algorithm.apply(instance);
                double opt = ExactSolver.solve(instance, k).cost(instance);
                assertTrue(alg >= opt - TOLERANCE, name + ": ALG " + alg + " below OPT " + opt);
                if (opt <= TOLERANCE) {
                    assertTrue(alg <= TOLERANCE, name + ": OPT is 0 but ALG is " + alg);
                    continue;
                }
                assertTrue(alg <= bound * opt + TOLERANCE,
                        String.format(Locale.ROOT, "%s: ALG %.4f > %.1f * OPT %.4f (n = %d)", name, alg, bound, opt, n));
                if (alg / opt > worst) {
                    worst = alg / opt;
                    where = String.format(Locale.ROOT, "n = %d: ALG %.3f, OPT %.3f", n, alg, opt);
                }
            }
        }
        System.out.printf(Locale.ROOT, "%-44s worst ALG/OPT %.4f (bound %.1f; %s)%n", name, worst, bound, where);
        return worst;
    }

    /** Theorem 6: a 1.5-approximation for 2-anonymity on a binary alphabet. */
    @Test
    void factor2OnBinaryIsWithinOneAndAHalf() {
        assertTrue(worstRatio("factor2, binary, suppression", 101, 2, suppression(2), FactorRatioTest::factor2, 1.5) > 1,
                "no instance where factor2 misses the optimum: the test would not notice a broken bound");
    }

    /** Section 5, last paragraph: a 2-approximation on any alphabet (suppression). */
    @Test
    void factor2OnLargerAlphabetsIsWithinTwo() {
        worstRatio("factor2, alphabet 3, suppression", 102, 2, suppression(3), FactorRatioTest::factor2, 2);
        worstRatio("factor2, alphabet 4, suppression", 103, 2, suppression(4), FactorRatioTest::factor2, 2);
    }

    /**
     * Not claimed by the paper, but its argument carries over to hierarchies: ALG <= 3 c_OFAC (a 3-row class costs
     * 3 sum_j max(h_12, h_23) / l_j <= 3 (alpha + beta), the levels being an ultrametric) and c_OFAC <= 2/3 OPT (a
     * 3-row class of OPT costs 3 max(alpha, beta, gamma) >= alpha + beta + gamma per attribute).
     */
    @Test
    void factor2OnHierarchiesIsWithinTwo() {
        worstRatio("factor2, two-level hierarchy", 104, 2, hierarchy(), FactorRatioTest::factor2, 2);
    }

    /** Lemmas 10 and 11: a 2-approximation for 3-anonymity on a binary alphabet. */
    @Test
    void factor3OnBinaryIsWithinTwo() {
        assertTrue(worstRatio("factor3, binary, suppression", 105, 3, suppression(2), FactorRatioTest::factor3, 2) > 1,
                "no instance where factor3 misses the optimum: the test would not notice a broken bound");
    }

    /**
     * Hierarchies: Lemma 11 (ALG <= 3 c_F) still holds, Lemma 10 does not (no median vector); instead every cycle
     * through a class of OPT weighs at most |class| * its row cost, so c_OFAC <= OPT and ALG <= 3 OPT.
     */
    @Test
    void factor3OnHierarchiesIsWithinThree() {
        worstRatio("factor3, two-level hierarchy", 106, 3, hierarchy(), FactorRatioTest::factor3, 3);
        worstRatio("factor3, alphabet 3, suppression", 107, 3, suppression(3), FactorRatioTest::factor3, 3);
    }
}
