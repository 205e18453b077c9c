package org.kanon.risk.population;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.kanon.metrics.ClassSizes;

/**
 * The shifted negative binomial (SNB) model of Chen and Keller-McNulty, "Estimation of identification disclosure
 * risk in microdata", J. Official Statistics 14(1), 1998, as ARX implements it (org.deidentifier.arx.risk.ModelSNB,
 * Apache-2.0); Dankar et al. 2012, Appendix A, summarise it.
 *
 * <p>The population has K non-empty classes whose sizes are 1 + Y, Y negative binomial: P(Y = y) =
 * Gamma(alpha + y) / (Gamma(alpha) y!) beta^alpha (1 - beta)^y, alpha &gt; 0, 0 &lt; beta &lt; 1. Each row enters
 * the sample with probability pi. Writing d = (1 - pi)(1 - beta) and the negative binomial's generating function
 * G(s) = (beta / (1 - (1 - beta) s))^alpha, the expected numbers of sample classes of size 1 and 2 are
 * <pre>  E[f_1] = K pi E[(1 + Y)(1 - pi)^Y]                = K pi beta^alpha (1 - (1 - alpha) d) / (1 - d)^(alpha + 1)
 *  E[f_2] = K pi^2 / 2 E[(1 + Y) Y (1 - pi)^(Y - 1)]  = K pi^2 / 2 alpha (1 - beta) beta^alpha (2 - (1 - alpha) d) / (1 - d)^(alpha + 2)</pre>
 * (the second from d^2/ds^2 [s G(s)] at s = 1 - pi). Setting them equal to the observed f_1 and f_2 gives alpha and
 * beta; the population has K P(Y = 0) = K beta^alpha uniques.
 *
 * <p>K comes from the Shlosser-type estimator of Haas and Stokes ("Estimating the number of classes in a finite
 * population", JASA 93, 1998), with u sample classes and q = pi:
 * <pre>  K = u + f_1 [sum_j j q^2 (1 - q^2)^(j-1) f_j] / [sum_j ((1 + q)^j - 1)(1 - q)^j f_j]
 *            [sum_j (1 - q)^j f_j]^2 / [sum_j j q (1 - q)^(j-1) f_j]^2</pre>
 *
 * <p>Two places where ARX's code departs from these formulas and this class does not follow it: ARX adds
 * {@code f_j (1-q^2)^j - 1} in the second denominator instead of {@code ((1+q)^j - 1)(1-q)^j f_j} (a missing pair
 * of parentheses), and its equation for E[f_2] multiplies by (1 - d)^(alpha + 2) where its own Jacobian, and the
 * derivation above, divide. The SNB figures here can therefore differ from ARX's.
 */
final class ShiftedNegativeBinomial {

    /** Tolerance on ln E[f_i] - ln f_i, i.e. on the relative error of the fitted counts. */
    private static final double TOLERANCE = 1e-10;

    private ShiftedNegativeBinomial() {
    }

    /** Haas and Stokes' Shlosser-type estimate of K above; requires 0 &lt; q &lt; 1. */
    static double populationClasses(ClassSizes sample, double q) {
        double q2 = q * q;
        double numerator1 = 0;
        double denominator1 = 0;
        double numerator2 = 0;
        double denominator2 = 0;
        for (int i = 0; i < sample.sizes().length; i++) {
            long j = sample.sizes()[i];
            double f = sample.classes()[i];
            double notDrawn = Math.pow(1 - q, j); // (1 - q)^j
            numerator1 += j * q2 * Math.pow(1 - q2, j - 1) * f;
            denominator1 += (Math.pow(1 - q2, j) - notDrawn) * f; // ((1 + q)^j - 1)(1 - q)^j, without overflow
            numerator2 += notDrawn * f;
            denominator2 += j * q * Math.pow(1 - q, j - 1) * f;
        }
        double ratio = numerator2 / denominator2;
        return sample.classCount() + sample.uniques() * (numerator1 / denominator1) * ratio * ratio;
    }

    /**
     * (K, alpha, beta), or empty when the equations have no solution inside the parameter space (for instance
     * f_2 = 0, which only the boundary alpha = 0 or beta = 1 fits) or the iteration does not converge. Requires
     * f_1 &gt; 0 and 0 &lt; pi &lt; 1.
     */
    static Optional<double[]> fit(ClassSizes sample, double samplingFraction) {
        double c1 = sample.uniques();
        double c2 = sample.classesOfSize(2);
        double k = populationClasses(sample, samplingFraction);
        if (c1 <= 0 || c2 <= 0 || !Double.isFinite(k) || k < sample.classCount()) {
            return Optional.empty();
        }
        Moments moments = new Moments(k, samplingFraction, c1, c2);
        List<double[]> starts = new ArrayList<>();
        for (double beta : new double[] {0.5, 0.1, 0.9, 0.01, 0.99}) {
            for (double alpha : new double[] {1, 0.1, 0.5, 2, 10}) {
                starts.add(new double[] {Math.log(alpha), Math.log(beta / (1 - beta))});
            }
        }
        return Newton2D.solve(moments, starts)
                .map(root -> new double[] {k, Math.exp(root[0]), 1 / (1 + Math.exp(-root[1]))});
    }

    /** K beta^alpha, or empty unless in (0, N]. */
    static Optional<Double> populationUniques(double k, double alpha, double beta, double populationSize) {
        double value = k * Math.pow(beta, alpha);
        return Double.isFinite(value) && value > 0 && value <= populationSize ? Optional.of(value) : Optional.empty();
    }

    /** ln E[f_1], ln E[f_2] above (useful to tests), in the natural parameters. */
    static double[] logExpectedCounts(double k, double pi, double alpha, double beta) {
        double d = (1 - pi) * (1 - beta);
        double s = 1 - d;
        double lnE1 = Math.log(k * pi) + alpha * Math.log(beta) - (alpha + 1) * Math.log(s)
                + Math.log(1 - (1 - alpha) * d);
        double lnE2 = Math.log(k * pi * pi / 2) + Math.log(alpha) + Math.log(1 - beta) + alpha * Math.log(beta)
                + Math.log(2 - (1 - alpha) * d) - (alpha + 2) * Math.log(s);
        return new double[] {lnE1, lnE2};
    }

    /**
     * ln E[f_1] - ln f_1 and ln E[f_2] - ln f_2 in the coordinates a = ln alpha, b = logit beta, which map the
     * plane onto the parameter space; the residuals are relative errors of the counts, so one tolerance fits
     * every table size.
     */
    private static final class Moments implements Newton2D.Equations {

        private final double k;
        private final double pi;
        private final double lnC1;
        private final double lnC2;

        Moments(double k, double pi, double c1, double c2) {
            this.k = k;
            this.pi = pi;
            this.lnC1 = Math.log(c1);
            this.lnC2 = Math.log(c2);
        }

        @Override
        public boolean evaluate(double a, double b, double[] residual, double[][] jacobian) {
            double alpha = Math.exp(a);
            double beta = 1 / (1 + Math.exp(-b));
            if (!(alpha > 0 && beta > 0 && beta < 1) || !Double.isFinite(alpha)) {
                return false;
            }
            double g = 1 - pi;
            double d = g * (1 - beta);
            double s = 1 - d;
            double w1 = 1 - (1 - alpha) * d;
            double w2 = 2 - (1 - alpha) * d;
            double[] ln = logExpectedCounts(k, pi, alpha, beta);
            residual[0] = ln[0] - lnC1;
            residual[1] = ln[1] - lnC2;
            double e1Alpha = Math.log(beta) - Math.log(s) + d / w1;
            double e1Beta = alpha / beta - (alpha + 1) * g / s + (1 - alpha) * g / w1;
            double e2Alpha = 1 / alpha + Math.log(beta) - Math.log(s) + d / w2;
            double e2Beta = -1 / (1 - beta) + alpha / beta - (alpha + 2) * g / s + (1 - alpha) * g / w2;
            double da = alpha; // d alpha / d a
            double db = beta * (1 - beta); // d beta / d b
            jacobian[0][0] = da * e1Alpha;
            jacobian[0][1] = db * e1Beta;
            jacobian[1][0] = da * e2Alpha;
            jacobian[1][1] = db * e2Beta;
            return Double.isFinite(residual[0]) && Double.isFinite(residual[1]) && Double.isFinite(jacobian[0][0])
                    && Double.isFinite(jacobian[0][1]) && Double.isFinite(jacobian[1][0])
                    && Double.isFinite(jacobian[1][1]);
        }

        @Override
        public boolean isRoot(double[] residual) {
            return Math.abs(residual[0]) <= TOLERANCE && Math.abs(residual[1]) <= TOLERANCE;
        }
    }
}
