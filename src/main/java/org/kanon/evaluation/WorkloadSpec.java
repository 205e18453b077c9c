package org.kanon.evaluation;

import java.util.Locale;
import org.kanon.InvalidInputException;

/**
 * The parameters of a workload (the permutation paper's section 4.2 and Table 6): how many queries, their
 * dimensionality w (w - 1 QI ranges and the sensitive equality; 2 <= w <= d + 1), the volume s in (0, 1], and the
 * seed of the draw. Each range covers floor(|A_i| x s^(1/(w+1))) consecutive values of its attribute's domain (at
 * least one), the exponent as the paper prints it.
 */
public record WorkloadSpec(int queries, int dimensionality, double selectivity, long seed) {
    /** The paper's workload size. */
    public static final int DEFAULT_QUERIES = 1000;
    /** The paper's query dimensionalities start at 4 (Table 6); s = 0.1 is its value for the w and l figures. */
    public static final int DEFAULT_DIMENSIONALITY = 4;
    public static final double DEFAULT_SELECTIVITY = 0.1;
    /**
     * A dimensionality that asks for the default, {@value #DEFAULT_DIMENSIONALITY} or d + 1 when that is smaller (a value
     * out of any range a user means, so that 0 or 1 still get their error).
     */
    public static final int AUTO = Integer.MIN_VALUE;

    /** The spec for a release of {@code qis} QI attributes: the default dimensionality filled in, every parameter checked. */
    public WorkloadSpec forRelease(int qis) {
        WorkloadSpec s = dimensionality == AUTO ? new WorkloadSpec(queries, Math.min(DEFAULT_DIMENSIONALITY, qis + 1), selectivity, seed) : this;
        return s.validFor(qis);
    }

    /** Checks the parameters against a release of {@code qis} QI attributes; every failure names the option. */
    public WorkloadSpec validFor(int qis) {
        if (queries < 1) {
            throw new InvalidInputException("--queries: must be at least 1, got " + queries);
        }
        if (dimensionality < 2) {
            throw new InvalidInputException("--dimensionality: must be at least 2 (one QI range and the sensitive value), got " + dimensionality);
        }
        if (dimensionality > qis + 1) {
            throw new InvalidInputException(String.format(Locale.ROOT,
                    "--dimensionality: at most %d (the release's %d QI attribute(s) + the sensitive one), got %d", qis + 1, qis, dimensionality));
        }
        if (!(selectivity > 0 && selectivity <= 1)) {
            throw new InvalidInputException("--selectivity: must be in (0, 1], got " + selectivity);
        }
        return this;
    }

    /** The number of consecutive domain values a range on an attribute of {@code domainSize} values covers. */
    public int rangeLength(int domainSize) {
        int length = (int) Math.floor(domainSize * Math.pow(selectivity, 1.0 / (dimensionality + 1)));
        return Math.max(1, Math.min(domainSize, length));
    }
}
