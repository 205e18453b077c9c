package org.kanon.risk.population;

import org.kanon.metrics.ClassSizes;

/**
 * Zayatz, "Estimation of the number of unique population elements using a sample" (1991, the paper ARX cites),
 * as ARX implements it (org.deidentifier.arx.risk.ModelZayatz, Apache-2.0) and Dankar et al. 2012, Appendix A,
 * state it ("equivalence class model").
 *
 * <p>Zayatz takes the sample's class-size distribution as the estimate of the population's: a population class
 * is of size j with probability f_j / u (f_j sample classes of size j, u classes in all). Drawing the sample of
 * n rows without replacement from N, a class of size j leaves exactly one row in it with the hypergeometric
 * probability h_j = P(X = 1 | N, j, n). By Bayes, a sample unique comes from a population unique with probability
 * <pre>  P = (f_1 / u) h_1 / sum_j (f_j / u) h_j</pre>
 * so f_1 P sample records are estimated to be population-unique, and S_1 = f_1 P N / n = f_1 P / pi rows of the
 * population (Dankar et al.'s and ARX's figure).
 */
final class Zayatz {

    private Zayatz() {
    }

    /**
     * The probability P above; the caller has checked f_1 > 0 and 0 < pi < 1. {@code populationSize} N = n / pi
     * need not be whole: the product form of h_j below is the hypergeometric probability's continuation to real N.
     */
    static double conditionalUniqueness(ClassSizes sample, double populationSize) {
        double n = sample.rows();
        double weighted = 0; // sum_j f_j h_j / h_1: the 1/u cancels, dividing by h_1 keeps every term <= j
        for (int i = 0; i < sample.sizes().length; i++) {
            weighted += sample.classes()[i] * hypergeometricOneRatio(sample.sizes()[i], n, populationSize);
        }
        return sample.uniques() / weighted;
    }

    /**
     * h_j / h_1, where h_j = j C(N - j, n - 1) / C(N, n) and h_1 = n / N: expanding the binomial coefficients,
     * h_j / h_1 = j prod_{i=1}^{j-1} (N - n + 1 - i) / (N - i). A factor of zero or less means the class cannot
     * leave only one row behind (it is larger than the rows not drawn plus one), so the probability is 0.
     */
    static double hypergeometricOneRatio(long size, double n, double populationSize) {
        double log = Math.log(size);
        for (long i = 1; i < size; i++) {
            double numerator = populationSize - n + 1 - i;
            if (numerator <= 0) {
                return 0;
            }
            log += Math.log(numerator / (populationSize - i));
            if (log < -745) { // below the smallest double: the class contributes nothing
                return 0;
            }
        }
        return Math.exp(log);
    }
}
