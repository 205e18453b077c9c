package org.kanon.metrics;

import java.util.Locale;
import org.kanon.InvalidInputException;

/** How the release picks one node among the anonymous ones a search found. */
public enum SelectionCriterion {
    /** Smallest sum of levels (Samarati's and Incognito's minimality); ties: lexicographically smallest levels. */
    HEIGHT,
    /** Smallest weighted sum of levels, weights per QI ({@code --weights}). */
    WEIGHTED_HEIGHT,
    /** Smallest discernibility metric: sum of squared class sizes, each suppressed row charged the table size. */
    DM,
    /**
     * Smallest distortion in the cost model of the approximation paper: a cell generalized to level r of h costs
     * r/h, a suppressed row costs 1 per quasi-identifier.
     */
    DISTORTION;

    public static SelectionCriterion parse(String text) {
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT).replace('-', '_'));
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException("--select: expected height, weighted-height, dm or distortion, got '" + text + "'");
        }
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
