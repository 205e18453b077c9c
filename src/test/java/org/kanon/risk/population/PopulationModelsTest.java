package org.kanon.risk.population;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.kanon.metrics.ClassSizes;

class PopulationModelsTest {

    /**
     * ARX's adult.csv (30,162 rows) with all nine columns as quasi-identifiers, as ARX's TestRiskMetrics uses it:
     * size, number of classes of that size. Computed from /work/shared/datasets/adult-arx/adult.csv with
     * {@code tail -n +2 adult.csv | tr -d '\r' | sort | uniq -c | awk '{print $1}' | sort -n | uniq -c}.
     */
    private static final long[][] ADULT = {{1, 15512}, {2, 2098}, {3, 754}, {4, 375}, {5, 189}, {6, 155},
            {7, 97}, {8, 73}, {9, 39}, {10, 37}, {11, 29}, {12, 18}, {13, 23}, {14, 14}, {15, 15}, {16, 9},
            {17, 11}, {18, 10}, {19, 10}, {20, 5}, {21, 3}, {22, 4}, {23, 3}, {24, 2}, {25, 1}, {26, 3}, {27, 5},
            {29, 1}, {30, 2}, {32, 1}, {34, 1}, {35, 1}, {36, 1}, {45, 1}};

    private static ClassSizes sizes(long[]... pairs) {
        Map<Long, Long> m = new TreeMap<>();
        for (long[] p : pairs) {
            m.put(p[0], p[1]);
        }
        return ClassSizes.of(m);
    }

    private static double value(OptionalDouble d) {
        assertTrue(d.isPresent(), "expected an estimate");
        return d.getAsDouble();
    }

    @Test
    void fullSampleGivesSampleUniquesForEveryModel() {
        ClassSizes sample = sizes(new long[] {1, 3}, new long[] {2, 2}, new long[] {5, 1}); // n = 12
        PopulationUniqueness r = PopulationModels.estimate(sample, 1.0);
        assertEquals(12, r.populationSize());
        for (ModelEstimate e : new ModelEstimate[] {r.zayatz(), r.pitman(), r.snb()}) {
            assertEquals(3.0, value(e.sampleRecords()), e.model().name());
            assertEquals(0.25, value(e.fraction()), e.model().name());
            assertEquals(3.0, value(e.populationUniques()), e.model().name());
        }
        assertEquals(3.0, r.dankar().sampleRecords());
        assertEquals(0.25, r.sampleUniquenessFraction());
    }

    @Test
    void noSampleUniquesGivesZeroEverywhere() {
        ClassSizes sample = sizes(new long[] {2, 3}, new long[] {3, 1});
        for (double pi : new double[] {0.05, 0.5, 1}) {
            PopulationUniqueness r = PopulationModels.estimate(sample, pi);
            assertEquals(0.0, value(r.zayatz().sampleRecords()));
            assertEquals(0.0, value(r.pitman().sampleRecords()));
            assertEquals(0.0, value(r.snb().sampleRecords()));
            assertEquals(UniquenessModel.NONE, r.dankar().model());
            assertEquals(0.0, r.dankar().fraction());
        }
    }

    /**
     * Sample {1 x 2, 2 x 1}: n = 4, u = 3; pi = 1/2, so N = 8.
     * h_1 = P(X = 1 | N = 8, K = 1, n = 4) = 4/8 = 1/2;
     * h_2 = P(X = 1 | N = 8, K = 2, n = 4) = C(2,1) C(6,3) / C(8,4) = 2 * 20 / 70 = 4/7.
     * P(population unique | sample unique) = (2/3)(1/2) / ((2/3)(1/2) + (1/3)(4/7)) = (1/3) / (11/21) = 7/11.
     * Sample records population-unique: 2 * 7/11 = 14/11; fraction 14/11 / 4 = 7/22; population uniques
     * (14/11) / (1/2) = 28/11.
     */
    @Test
    void zayatzByHand() {
        ModelEstimate z = PopulationModels.zayatz(sizes(new long[] {1, 2}, new long[] {2, 1}), 0.5);
        assertEquals(14.0 / 11, value(z.sampleRecords()), 1e-12);
        assertEquals(7.0 / 22, value(z.fraction()), 1e-12);
        assertEquals(28.0 / 11, value(z.populationUniques()), 1e-12);
    }

    /** Zayatz against the hypergeometric probabilities computed exactly from binomial coefficients. */
    @Test
    void zayatzMatchesExactHypergeometric() {
        ClassSizes sample = sizes(new long[] {1, 5}, new long[] {2, 3}, new long[] {3, 2}, new long[] {6, 1});
        int n = (int) sample.rows(); // 5 + 6 + 6 + 6 = 23
        int bigN = 92; // pi = 1/4
        BigDecimal weighted = BigDecimal.ZERO;
        BigDecimal uniquesTerm = null;
        MathContext mc = MathContext.DECIMAL128;
        for (int i = 0; i < sample.sizes().length; i++) {
            int j = (int) sample.sizes()[i];
            // P(X = 1) = C(j, 1) C(N - j, n - 1) / C(N, n)
            BigDecimal h = new BigDecimal(binomial(j, 1).multiply(binomial(bigN - j, n - 1)))
                    .divide(new BigDecimal(binomial(bigN, n)), mc);
            BigDecimal term = h.multiply(BigDecimal.valueOf(sample.classes()[i]));
            weighted = weighted.add(term);
            if (j == 1) {
                uniquesTerm = term;
            }
        }
        double expectedRecords = BigDecimal.valueOf(sample.uniques()).multiply(uniquesTerm.divide(weighted, mc))
                .doubleValue();
        ModelEstimate z = PopulationModels.zayatz(sample, (double) n / bigN);
        assertEquals(expectedRecords, value(z.sampleRecords()), 1e-9);
        assertEquals(expectedRecords / n, value(z.fraction()), 1e-9);
    }

    private static BigInteger binomial(int n, int k) {
        BigInteger r = BigInteger.ONE;
        for (int i = 0; i < k; i++) {
            r = r.multiply(BigInteger.valueOf(n - i)).divide(BigInteger.valueOf(i + 1));
        }
        return r;
    }

    @Test
    void zayatzNeverDecreasesWithTheSamplingFraction() {
        ClassSizes sample = sizes(ADULT);
        ClassSizes small = sizes(new long[] {1, 7}, new long[] {2, 4}, new long[] {3, 2}, new long[] {9, 1});
        for (ClassSizes s : new ClassSizes[] {sample, small}) {
            double previous = -1;
            for (int percent = 1; percent <= 100; percent++) {
                double records = value(PopulationModels.zayatz(s, percent / 100.0).sampleRecords());
                assertTrue(records >= previous - 1e-9, "pi = " + percent + "%: " + records + " < " + previous);
                assertTrue(records <= s.uniques() + 1e-9, "more population uniques than sample uniques");
                previous = records;
            }
            assertEquals(s.uniques(), previous, 1e-9);
        }
    }

    /**
     * ARX's TestRiskMetrics.testDecisionRule2 (adult, all columns QIs) expects, to four digits: Dankar at pi = 0.1
     * is Pitman 0.27684993883653597 (or Zayatz 0.3207402393466189 if Pitman fails); at pi = 0.01, 0.1446083531167384;
     * at pi = 1, the sample uniqueness 0.5142895033485844. We reproduce them to 1e-8.
     */
    @Test
    void reproducesArxFiguresOnAdult() {
        ClassSizes adult = sizes(ADULT);
        assertEquals(30162, adult.rows());

        PopulationUniqueness tenth = PopulationModels.estimate(adult, 0.1);
        assertEquals(301620, tenth.populationSize(), 1e-6);
        assertEquals(0.27684993883653597, value(tenth.pitman().fraction()), 1e-8);
        assertEquals(0.3207402393466189, value(tenth.zayatz().fraction()), 1e-8);
        assertEquals(UniquenessModel.PITMAN, tenth.dankar().model());
        assertEquals(0.27684993883653597, tenth.dankar().fraction(), 1e-8);

        PopulationUniqueness hundredth = PopulationModels.estimate(adult, 0.01);
        assertEquals(UniquenessModel.PITMAN, hundredth.dankar().model());
        assertEquals(0.1446083531167384, hundredth.dankar().fraction(), 1e-8);

        PopulationUniqueness all = PopulationModels.estimate(adult, 1);
        assertEquals(0.5142895033485844, all.dankar().fraction(), 1e-15);
        assertEquals(15512, all.dankar().sampleRecords(), 1e-9);
    }

    /**
     * ARX expects 0.3577099234829125 at pi = 0.2: its Zayatz figure, which its rule takes because its SNB solver does
     * not converge there (ARX's SNB equations are mis-transcribed, see ShiftedNegativeBinomial). Our Zayatz gives
     * the same figure; our SNB converges to a smaller one, so the rule takes SNB.
     */
    @Test
    void atTwentyPercentZayatzMatchesArxAndTheRuleTakesTheSmallerSnb() {
        PopulationUniqueness r = PopulationModels.estimate(sizes(ADULT), 0.2);
        assertEquals(0.3577099234829125, value(r.zayatz().fraction()), 1e-8);
        double snb = value(r.snb().fraction());
        assertTrue(snb < 0.3577099234829125);
        assertEquals(UniquenessModel.SNB, r.dankar().model());
        assertEquals(snb, r.dankar().fraction());
    }

    @Test
    void estimatesAreConsistentAcrossTheirThreeUnits() {
        PopulationUniqueness r = PopulationModels.estimate(sizes(ADULT), 0.3);
        for (ModelEstimate e : new ModelEstimate[] {r.zayatz(), r.pitman(), r.snb()}) {
            double fraction = value(e.fraction());
            assertEquals(fraction * r.sampleRows(), value(e.sampleRecords()), 1e-6);
            assertEquals(fraction * r.populationSize(), value(e.populationUniques()), 1e-6);
        }
    }

    /**
     * At Pitman's fitted (theta, alpha), both score equations vanish when the sums are added up term by term, and
     * the log-likelihood is no larger at nearby points; the estimate is Gamma(theta+1)/Gamma(theta+alpha) N^alpha.
     */
    @Test
    void pitmanFitsTheMaximumLikelihoodEquations() {
        ClassSizes sample = sizes(new long[] {1, 40}, new long[] {2, 12}, new long[] {3, 5}, new long[] {4, 3},
                new long[] {7, 2}, new long[] {12, 1});
        double[] fit = Pitman.fit(sample).orElseThrow();
        double theta = fit[0];
        double alpha = fit[1];
        assertTrue(alpha > 0 && alpha < 1 && theta > -alpha);
        double[] score = directScore(sample, theta, alpha);
        assertEquals(0, score[0], 1e-8);
        assertEquals(0, score[1], 1e-8);
        double best = logLikelihood(sample, theta, alpha);
        for (double dt : new double[] {-0.01, 0, 0.01}) {
            for (double da : new double[] {-0.001, 0, 0.001}) {
                assertTrue(logLikelihood(sample, theta * (1 + dt), alpha + da) <= best + 1e-12);
            }
        }
        double pi = 0.05;
        double populationSize = sample.rows() / pi;
        double expected = Math.exp(SpecialFunctions.logGamma(theta + 1) - SpecialFunctions.logGamma(theta + alpha))
                * Math.pow(populationSize, alpha);
        assertEquals(expected / populationSize, value(PopulationModels.pitman(sample, pi).fraction()), 1e-12);
    }

    private static double[] directScore(ClassSizes s, double theta, double alpha) {
        double g0 = 0;
        double g1 = 0;
        for (long i = 1; i < s.classCount(); i++) {
            g0 += 1 / (theta + i * alpha);
            g1 += i / (theta + i * alpha);
        }
        for (long i = 1; i < s.rows(); i++) {
            g0 -= 1 / (theta + i);
        }
        for (int c = 0; c < s.sizes().length; c++) {
            for (long k = 1; k < s.sizes()[c]; k++) {
                g1 -= s.classes()[c] / (k - alpha);
            }
        }
        return new double[] {g0, g1};
    }

    private static double logLikelihood(ClassSizes s, double theta, double alpha) {
        double l = 0;
        for (long i = 1; i < s.classCount(); i++) {
            l += Math.log(theta + i * alpha);
        }
        for (long i = 1; i < s.rows(); i++) {
            l -= Math.log(theta + i);
        }
        for (int c = 0; c < s.sizes().length; c++) {
            for (long k = 1; k < s.sizes()[c]; k++) {
                l += s.classes()[c] * Math.log(k - alpha);
            }
        }
        return l;
    }

    /**
     * At the SNB fit, the expected numbers of sample classes of size 1 and 2, summed term by term over the shifted
     * negative binomial (P(F = 1 + y) = Gamma(alpha + y) / (Gamma(alpha) y!) beta^alpha (1 - beta)^y) and binomial
     * sampling, equal the observed ones; K is Haas and Stokes' Shlosser-type estimate, recomputed here; the estimate
     * is K beta^alpha.
     */
    @Test
    void snbFitsTheObservedSmallClasses() {
        ClassSizes sample = sizes(new long[] {1, 60}, new long[] {2, 20}, new long[] {3, 9}, new long[] {4, 4},
                new long[] {6, 2}, new long[] {10, 1});
        double pi = 0.3;
        double q = pi;
        double a = 0;
        double b = 0;
        double c = 0;
        double d = 0;
        for (int i = 0; i < sample.sizes().length; i++) {
            long j = sample.sizes()[i];
            double f = sample.classes()[i];
            a += j * q * q * Math.pow(1 - q * q, j - 1) * f;
            b += (Math.pow(1 + q, j) - 1) * Math.pow(1 - q, j) * f;
            c += Math.pow(1 - q, j) * f;
            d += j * q * Math.pow(1 - q, j - 1) * f;
        }
        double k = sample.classCount() + sample.uniques() * (a / b) * (c / d) * (c / d);
        double[] fit = ShiftedNegativeBinomial.fit(sample, pi).orElseThrow();
        assertEquals(k, fit[0], 1e-9 * k);
        double alpha = fit[1];
        double beta = fit[2];
        double e1 = 0;
        double e2 = 0;
        double p = Math.pow(beta, alpha); // P(Y = 0)
        for (int y = 0; y < 100_000; y++) {
            double size = 1 + y;
            e1 += p * size * pi * Math.pow(1 - pi, size - 1);
            e2 += p * size * (size - 1) / 2 * pi * pi * Math.pow(1 - pi, size - 2);
            p *= (alpha + y) / (y + 1) * (1 - beta); // P(Y = y + 1) from P(Y = y)
        }
        assertEquals(sample.uniques(), k * e1, 1e-6);
        assertEquals(sample.classesOfSize(2), k * e2, 1e-6);
        ModelEstimate snb = PopulationModels.snb(sample, pi);
        assertEquals(k * Math.pow(beta, alpha), value(snb.populationUniques()), 1e-9);
    }

    @Test
    void modelsThatDoNotApplyGiveNoEstimateAndTheRuleFallsBackToZayatz() {
        // no classes of size 2: only the boundary of the SNB parameter space fits f_2 = 0
        assertFalse(PopulationModels.snb(sizes(new long[] {1, 5}, new long[] {3, 2}), 0.5).isPresent());
        // every row unique: the Pitman likelihood grows without bound, there is no estimate
        ClassSizes allUnique = sizes(new long[] {1, 10});
        assertFalse(PopulationModels.pitman(allUnique, 0.05).isPresent());
        PopulationUniqueness r = PopulationModels.estimate(allUnique, 0.05);
        assertEquals(UniquenessModel.ZAYATZ, r.dankar().model());
        assertEquals(value(r.zayatz().fraction()), r.dankar().fraction());
    }

    @Test
    void dankarRuleAsArxDecidesIt() {
        ModelEstimate zayatz = ModelEstimate.of(UniquenessModel.ZAYATZ, 50, 100, 1000);
        ModelEstimate pitman = ModelEstimate.of(UniquenessModel.PITMAN, 40, 100, 1000);
        ModelEstimate snbSmaller = ModelEstimate.of(UniquenessModel.SNB, 30, 100, 1000);
        ModelEstimate snbLarger = ModelEstimate.of(UniquenessModel.SNB, 60, 100, 1000);
        ModelEstimate snbTie = ModelEstimate.of(UniquenessModel.SNB, 50, 100, 1000);
        ModelEstimate noPitman = ModelEstimate.none(UniquenessModel.PITMAN);
        ModelEstimate noSnb = ModelEstimate.none(UniquenessModel.SNB);
        ModelEstimate zeroPitman = ModelEstimate.of(UniquenessModel.PITMAN, 0, 100, 1000);

        assertEquals(UniquenessModel.PITMAN, PopulationModels.dankar(5, 0.1, zayatz, pitman, snbSmaller).model());
        assertEquals(0.04, PopulationModels.dankar(5, 0.1, zayatz, pitman, snbSmaller).fraction(), 1e-15);
        assertEquals(UniquenessModel.ZAYATZ, PopulationModels.dankar(5, 0.1, zayatz, noPitman, snbSmaller).model());
        assertEquals(UniquenessModel.ZAYATZ, PopulationModels.dankar(5, 0.05, zayatz, zeroPitman, snbSmaller).model());
        assertEquals(UniquenessModel.SNB, PopulationModels.dankar(5, 0.1001, zayatz, pitman, snbSmaller).model());
        assertEquals(UniquenessModel.ZAYATZ, PopulationModels.dankar(5, 0.5, zayatz, pitman, snbLarger).model());
        assertEquals(UniquenessModel.SNB, PopulationModels.dankar(5, 0.5, zayatz, pitman, snbTie).model());
        assertEquals(UniquenessModel.ZAYATZ, PopulationModels.dankar(5, 0.5, zayatz, pitman, noSnb).model());
        assertEquals(UniquenessModel.NONE, PopulationModels.dankar(0, 0.5, zayatz, pitman, snbSmaller).model());
    }

    @Test
    void refusesFractionsOutsideTheUnitIntervalAndEmptySamples() {
        ClassSizes sample = sizes(new long[] {1, 2}, new long[] {2, 1});
        for (double bad : new double[] {0, -0.1, 1.0000001, Double.NaN, Double.POSITIVE_INFINITY}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> PopulationModels.estimate(sample, bad));
            assertTrue(e.getMessage().contains("(0, 1]"), e.getMessage());
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PopulationModels.estimate(new ClassSizes(new long[0], new long[0]), 0.5));
        assertTrue(e.getMessage().contains("no rows"), e.getMessage());
    }

    /** Known values: ln Gamma(1/2) = ln sqrt(pi), Gamma(10) = 9!, psi(1) = -gamma, psi'(1) = pi^2/6. */
    @Test
    void specialFunctionsMatchKnownValues() {
        assertEquals(0.5 * Math.log(Math.PI), SpecialFunctions.logGamma(0.5), 1e-13);
        assertEquals(Math.log(362880), SpecialFunctions.logGamma(10), 1e-13);
        assertEquals(Math.log(120), SpecialFunctions.logGamma(6), 1e-13);
        assertEquals(-0.5772156649015329, SpecialFunctions.digamma(1), 1e-14);
        assertEquals(-0.5772156649015329 + 1 + 0.5 + 1.0 / 3, SpecialFunctions.digamma(4), 1e-14);
        assertEquals(Math.PI * Math.PI / 6, SpecialFunctions.trigamma(1), 1e-14);
        assertEquals(Math.PI * Math.PI / 2, SpecialFunctions.trigamma(0.5), 1e-13);
    }
}
