package org.kanon.risk.population;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.kanon.metrics.ClassSizes;

/**
 * Pitman's two-parameter sampling formula (Pitman, "Some developments of the Blackwell-MacQueen urn scheme",
 * 1996) as a superpopulation model of class sizes, fitted by maximum likelihood as Hoshino does ("Applying
 * Pitman's sampling formula to microdata disclosure risk assessment", J. Official Statistics 17(4), 2001) and as
 * ARX implements it (org.deidentifier.arx.risk.ModelPitman, Apache-2.0); Dankar et al. 2012, Appendix A, summarise
 * the model.
 *
 * <p>With parameters 0 &lt; alpha &lt; 1 and theta &gt; -alpha, a sample of n rows in u classes, f_j of them of
 * size j, has the log-likelihood (up to a constant)
 * <pre>  L = sum_{i=1}^{u-1} ln(theta + i alpha) - sum_{i=1}^{n-1} ln(theta + i) + sum_j f_j sum_{k=1}^{j-1} ln(k - alpha)</pre>
 * whose two score equations are solved here:
 * <pre>  dL/dtheta = sum_{i=1}^{u-1} 1 / (theta + i alpha) - sum_{i=1}^{n-1} 1 / (theta + i)                 = 0
 *  dL/dalpha = sum_{i=1}^{u-1} i / (theta + i alpha) - sum_j f_j sum_{k=1}^{j-1} 1 / (k - alpha)      = 0</pre>
 * The expected number of population uniques in a population of N is then, for large N (Hoshino 2001),
 * <pre>  E[S_1] = Gamma(theta + 1) / Gamma(theta + alpha) N^alpha</pre>
 * ARX keeps theta &gt;= 0 during its iterations; the model itself allows theta &gt; -alpha, so this implementation
 * searches the whole parameter space. Like ARX, an estimate outside [0, N] or a fit that does not converge is no
 * estimate.
 */
final class Pitman {

    /** Sums with at most this many terms are added up; longer ones use the digamma/trigamma closed forms. */
    private static final int DIRECT_TERMS = 1 << 16;
    /** Relative tolerance on each score equation (against its larger sum). */
    private static final double TOLERANCE = 1e-9;

    private Pitman() {
    }

    /** The maximum-likelihood (theta, alpha), or empty if the iteration does not converge; needs f_1 &gt; 0. */
    static Optional<double[]> fit(ClassSizes sample) {
        double n = sample.rows();
        double u = sample.classCount();
        if (u < 2 || u >= n) {
            return Optional.empty(); // one class, or every row unique: the likelihood has no interior maximum
        }
        Likelihood likelihood = new Likelihood(sample);
        List<double[]> starts = new ArrayList<>();
        for (double[] start : startingPoints(sample)) {
            starts.add(new double[] {Math.log(start[0] + start[1]), logit(start[1])});
        }
        return Newton2D.solve(likelihood, starts).map(root -> {
            double alpha = logistic(root[1]);
            return new double[] {Math.exp(root[0]) - alpha, alpha};
        });
    }

    /** Gamma(theta + 1) / Gamma(theta + alpha) N^alpha, or empty outside [0, N] (as ARX checks). */
    static Optional<Double> populationUniques(double theta, double alpha, double populationSize) {
        double value = Math.exp(SpecialFunctions.logGamma(theta + 1) - SpecialFunctions.logGamma(theta + alpha)
                + alpha * Math.log(populationSize));
        return Double.isFinite(value) && value > 0 && value <= populationSize ? Optional.of(value) : Optional.empty();
    }

    /**
     * Hoshino's moment-type starting point (the one ARX uses, with f_2 = 0 taken as 1), mapped into the parameter
     * space, followed by a fixed grid so that a poor first guess does not decide the answer.
     */
    private static List<double[]> startingPoints(ClassSizes sample) {
        double n = sample.rows();
        double u = sample.classCount();
        double c1 = sample.uniques();
        double c2 = Math.max(1, sample.classesOfSize(2));
        double c = c1 * (c1 - 1) / c2;
        double theta = (n * u * c - c1 * (n - 1) * (2 * u + c)) / (2 * c1 * u + c1 * c - n * c);
        double alpha = (theta * (c1 - n) + (n - 1) * c1) / (n * u);
        List<double[]> starts = new ArrayList<>();
        if (Double.isFinite(theta) && Double.isFinite(alpha) && alpha > 0 && alpha < 1 && theta > -alpha) {
            starts.add(new double[] {theta, alpha});
        }
        for (double a : new double[] {0.5, 0.1, 0.9, 0.3, 0.7}) {
            for (double t : new double[] {u / Math.log(n + 1), 1, u, 10 * u, 0.01}) {
                starts.add(new double[] {t, a});
            }
        }
        return starts;
    }

    private static double logit(double p) {
        return Math.log(p / (1 - p));
    }

    private static double logistic(double x) {
        return 1 / (1 + Math.exp(-x));
    }

    /**
     * The score equations in the coordinates p = ln(theta + alpha), q = logit(alpha), which map the whole plane
     * onto the parameter space.
     */
    private static final class Likelihood implements Newton2D.Equations {

        private final long[] sizes;
        private final long[] classes;
        private final long n;
        private final long u;
        private double scale0;
        private double scale1;

        Likelihood(ClassSizes sample) {
            this.sizes = sample.sizes();
            this.classes = sample.classes();
            this.n = sample.rows();
            this.u = sample.classCount();
        }

        @Override
        public boolean evaluate(double p, double q, double[] residual, double[][] jacobian) {
            double alpha = logistic(q);
            double theta = Math.exp(p) - alpha;
            if (!(alpha > 0 && alpha < 1 && theta + alpha > 0) || !Double.isFinite(theta)) {
                return false;
            }
            double[] classSums = classSums(theta, alpha); // sum_{i<u} 1/(t+ia), i/(t+ia), 1/(t+ia)^2, i/.., i^2/..
            double[] rowSums = rowSums(theta); // sum_{i<n} 1/(t+i), 1/(t+i)^2
            double[] sizeSums = sizeSums(alpha); // sum_j f_j sum_{k<j} 1/(k-a), 1/(k-a)^2
            double g0 = classSums[0] - rowSums[0];
            double g1 = classSums[1] - sizeSums[0];
            double d00 = -classSums[2] + rowSums[1]; // d g0 / d theta
            double d01 = -classSums[3]; // d g0 / d alpha
            double d10 = -classSums[3]; // d g1 / d theta
            double d11 = -classSums[4] - sizeSums[1]; // d g1 / d alpha
            // theta = e^p - alpha, alpha = logistic(q): d/dp = (theta + alpha) d/dtheta,
            // d/dq = alpha (1 - alpha) (d/dalpha - d/dtheta)
            double dp = theta + alpha;
            double dq = alpha * (1 - alpha);
            residual[0] = g0;
            residual[1] = g1;
            jacobian[0][0] = dp * d00;
            jacobian[0][1] = dq * (d01 - d00);
            jacobian[1][0] = dp * d10;
            jacobian[1][1] = dq * (d11 - d10);
            scale0 = Math.max(classSums[0], rowSums[0]);
            scale1 = Math.max(classSums[1], sizeSums[0]);
            return Double.isFinite(g0) && Double.isFinite(g1) && Double.isFinite(jacobian[0][0])
                    && Double.isFinite(jacobian[0][1]) && Double.isFinite(jacobian[1][0])
                    && Double.isFinite(jacobian[1][1]);
        }

        @Override
        public boolean isRoot(double[] residual) {
            return Math.abs(residual[0]) <= TOLERANCE * Math.max(1, scale0)
                    && Math.abs(residual[1]) <= TOLERANCE * Math.max(1, scale1);
        }

        /** The sums over i = 1 .. u-1 of 1/(t+ia), i/(t+ia), 1/(t+ia)^2, i/(t+ia)^2, i^2/(t+ia)^2. */
        private double[] classSums(double theta, double alpha) {
            long m = u - 1;
            double s0 = 0;
            double s1 = 0;
            double q0 = 0;
            double q1 = 0;
            double q2 = 0;
            if (m <= DIRECT_TERMS) {
                for (long i = 1; i <= m; i++) {
                    double inv = 1 / (theta + i * alpha);
                    s0 += inv;
                    s1 += i * inv;
                    q0 += inv * inv;
                    q1 += i * inv * inv;
                    q2 += (double) i * i * inv * inv;
                }
            } else {
                // sum_{i=1}^m 1/(t+ia) = (psi(t/a + m + 1) - psi(t/a + 1)) / a, and the others follow from
                // i/(t+ia) = (1 - t/(t+ia)) / a
                double x = theta / alpha;
                s0 = (SpecialFunctions.digamma(x + m + 1) - SpecialFunctions.digamma(x + 1)) / alpha;
                q0 = (SpecialFunctions.trigamma(x + 1) - SpecialFunctions.trigamma(x + m + 1)) / (alpha * alpha);
                s1 = (m - theta * s0) / alpha;
                q1 = (s0 - theta * q0) / alpha;
                q2 = (m - 2 * theta * s0 + theta * theta * q0) / (alpha * alpha);
            }
            return new double[] {s0, s1, q0, q1, q2};
        }

        /** The sums over i = 1 .. n-1 of 1/(t+i) and 1/(t+i)^2. */
        private double[] rowSums(double theta) {
            long m = n - 1;
            if (m <= DIRECT_TERMS) {
                double s = 0;
                double q = 0;
                for (long i = 1; i <= m; i++) {
                    double inv = 1 / (theta + i);
                    s += inv;
                    q += inv * inv;
                }
                return new double[] {s, q};
            }
            return new double[] {SpecialFunctions.digamma(theta + n) - SpecialFunctions.digamma(theta + 1),
                    SpecialFunctions.trigamma(theta + 1) - SpecialFunctions.trigamma(theta + n)};
        }

        /** sum_j f_j sum_{k=1}^{j-1} 1/(k - a) and the same with squares, the sizes in ascending order. */
        private double[] sizeSums(double alpha) {
            double s = 0;
            double q = 0;
            if (sizes[sizes.length - 1] <= DIRECT_TERMS) {
                double partial = 0;
                double partialSquares = 0;
                long k = 1;
                for (int i = 0; i < sizes.length; i++) {
                    for (; k < sizes[i]; k++) {
                        double inv = 1 / (k - alpha);
                        partial += inv;
                        partialSquares += inv * inv;
                    }
                    s += classes[i] * partial;
                    q += classes[i] * partialSquares;
                }
            } else {
                double psi = SpecialFunctions.digamma(1 - alpha);
                double psi1 = SpecialFunctions.trigamma(1 - alpha);
                for (int i = 0; i < sizes.length; i++) {
                    s += classes[i] * (SpecialFunctions.digamma(sizes[i] - alpha) - psi);
                    q += classes[i] * (psi1 - SpecialFunctions.trigamma(sizes[i] - alpha));
                }
            }
            return new double[] {s, q};
        }
    }
}
