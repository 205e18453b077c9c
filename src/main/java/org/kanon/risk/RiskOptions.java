package org.kanon.risk;

import java.util.Locale;
import org.kanon.InvalidInputException;

/**
 * What a risk analysis assumes: the record risk above which a record counts as at risk, the population the table
 * samples (its size, or the table's share of it; neither: the table is taken as the whole population and no
 * population estimate is made), and the largest combination of QIs whose distinction is measured (0: none).
 */
public record RiskOptions(double threshold, Long populationSize, Double samplingFraction, int maxCombinationSize) {
    /** A record whose risk exceeds 1/10 is at risk: the threshold of k = 10, a common choice for public releases. */
    public static final double DEFAULT_THRESHOLD = 0.1;
    /** Up to this many QIs every combination is measured (2^10 - 1 = 1,023 passes over the classes); above, up to 3. */
    public static final int ALL_COMBINATIONS_UP_TO = 10;

    public RiskOptions {
        if (!(threshold > 0 && threshold <= 1)) {
            throw new InvalidInputException("--threshold: must be in (0, 1] (e.g. 0.1 or 10%), got " + threshold);
        }
        if (populationSize != null && samplingFraction != null) {
            throw new InvalidInputException("--population and --sampling-fraction: give one of them (the fraction is rows / population)");
        }
        if (populationSize != null && populationSize < 1) {
            throw new InvalidInputException("--population: must be a positive number of people, got " + populationSize);
        }
        if (samplingFraction != null && !(samplingFraction > 0 && samplingFraction <= 1)) {
            throw new InvalidInputException("--sampling-fraction: must be in (0, 1], got " + samplingFraction);
        }
        if (maxCombinationSize < -1) {
            throw new InvalidInputException("--combinations: must be 0 (none) or more, got " + maxCombinationSize);
        }
        // -1 is the default (all combinations up to 10 QIs), never a user's value: the CLI refuses negative numbers
    }

    public static RiskOptions defaults() {
        return new RiskOptions(DEFAULT_THRESHOLD, null, null, -1);
    }

    /** A share as 0.1 or 10%. */
    public static double share(String option, String text) {
        String t = text == null ? "" : text.trim();
        try {
            double v = t.endsWith("%") ? Double.parseDouble(t.substring(0, t.length() - 1).trim()) / 100 : Double.parseDouble(t);
            if (Double.isNaN(v) || Double.isInfinite(v)) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw new InvalidInputException(option + ": expected a number such as 0.1 or 10%, got '" + text + "'");
        }
    }

    /** Combinations measured at most: each is a pass over the classes. */
    public static final long MAX_COMBINATIONS = 100_000;

    /**
     * The largest combination measured for {@code qis} QIs: all of them up to 10 QIs, else 3, unless set; refused when
     * that makes more than {@value #MAX_COMBINATIONS} combinations.
     */
    int combinationsFor(int qis) {
        int size = maxCombinationSize >= 0 ? Math.min(maxCombinationSize, qis) : qis <= ALL_COMBINATIONS_UP_TO ? qis : Math.min(3, qis);
        long count = combinations(qis, size);
        if (count > MAX_COMBINATIONS) {
            throw new InvalidInputException(String.format(Locale.ROOT, "--combinations: %d of %d QIs make more than %,d combinations; "
                    + "give a smaller --combinations", size, qis, MAX_COMBINATIONS));
        }
        return size;
    }

    /** The combinations of 1 to {@code size} of {@code qis} QIs, counted up to just past {@value #MAX_COMBINATIONS}. */
    static long combinations(int qis, int size) {
        long count = 0;
        long choose = 1;
        for (int i = 1; i <= size; i++) {
            choose = choose * (qis - i + 1) / i; // C(qis, i), exact at every step
            count += choose;
            if (count > MAX_COMBINATIONS) {
                break; // before C(qis, i) outgrows a long
            }
        }
        return count;
    }

    /** Whether a population was given, so population estimates can be made. */
    public boolean populationGiven() {
        return populationSize != null || samplingFraction != null;
    }

    /** The table's share of its population: rows / N, the fraction given, or 1. */
    double samplingFraction(long rows) {
        if (samplingFraction != null) {
            return samplingFraction;
        }
        if (populationSize != null) {
            if (populationSize < rows) {
                throw new InvalidInputException(String.format(Locale.ROOT,
                        "--population: %,d people is fewer than the %,d rows analyzed; the population includes every row", populationSize, rows));
            }
            return rows == 0 ? 1 : (double) rows / populationSize;
        }
        return 1;
    }
}
