package org.kanon.risk.population;

/**
 * The log-gamma, digamma and trigamma functions the Pitman model needs, for positive arguments only. Each shifts the
 * argument up with its recurrence until the asymptotic (Stirling / Bernoulli-number) series is accurate to double
 * precision, as Abramowitz and Stegun 6.1.41, 6.3.18 and 6.4.12 give them; small enough not to pull in a library.
 */
final class SpecialFunctions {

    /** From 16 up, the first omitted term of each series below is under 1e-16 (at 10 it is still 2e-14). */
    private static final double SHIFT = 16.0;
    private static final double HALF_LOG_TWO_PI = 0.5 * Math.log(2 * Math.PI);

    private SpecialFunctions() {
    }

    /** ln Gamma(x) for x > 0 (A&S 6.1.41, with ln Gamma(x) = ln Gamma(x + 1) - ln x to shift). */
    static double logGamma(double x) {
        requirePositive(x);
        double shift = 0;
        while (x < SHIFT) {
            shift += Math.log(x);
            x += 1;
        }
        double inv = 1 / x;
        double inv2 = inv * inv;
        double series = inv * (1.0 / 12 - inv2 * (1.0 / 360 - inv2 * (1.0 / 1260 - inv2 * (1.0 / 1680
                - inv2 * (1.0 / 1188)))));
        return (x - 0.5) * Math.log(x) - x + HALF_LOG_TWO_PI + series - shift;
    }

    /** psi(x) = d/dx ln Gamma(x) for x > 0 (A&S 6.3.18, with psi(x) = psi(x + 1) - 1/x to shift). */
    static double digamma(double x) {
        requirePositive(x);
        double shift = 0;
        while (x < SHIFT) {
            shift += 1 / x;
            x += 1;
        }
        double inv2 = 1 / (x * x);
        double series = inv2 * (1.0 / 12 - inv2 * (1.0 / 120 - inv2 * (1.0 / 252 - inv2 * (1.0 / 240
                - inv2 * (1.0 / 132)))));
        return Math.log(x) - 0.5 / x - series - shift;
    }

    /** psi'(x) for x > 0 (A&S 6.4.12, with psi'(x) = psi'(x + 1) + 1/x^2 to shift). */
    static double trigamma(double x) {
        requirePositive(x);
        double shift = 0;
        while (x < SHIFT) {
            shift += 1 / (x * x);
            x += 1;
        }
        double inv = 1 / x;
        double inv2 = inv * inv;
        double series = inv * (1 + inv * (0.5 + inv * (1.0 / 6 - inv2 * (1.0 / 30 - inv2 * (1.0 / 42
                - inv2 * (1.0 / 30 - inv2 * (5.0 / 66)))))));
        return series + shift;
    }

    private static void requirePositive(double x) {
        if (!(x > 0) || Double.isInfinite(x)) {
            throw new IllegalArgumentException("argument must be positive and finite: " + x);
        }
    }
}
