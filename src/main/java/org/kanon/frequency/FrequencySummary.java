package org.kanon.frequency;

/**
 * What the privacy check needs from a frequency set, computed where the set lives in one pass over it: number of
 * classes (value groups), the smallest count, the rows it covers, the rows and classes below k, and the sum of
 * squared sizes of the classes of at least k rows (for the discernibility metric; -1 when not computed).
 */
public record FrequencySummary(long rows, long classes, long smallestClass, long rowsBelowK, long classesBelowK, int k,
                               long squaresAtLeastK) {

    public FrequencySummary(long rows, long classes, long smallestClass, long rowsBelowK, long classesBelowK, int k) {
        this(rows, classes, smallestClass, rowsBelowK, classesBelowK, k, -1);
    }

    /**
     * Discernibility metric (Bayardo and Agrawal): the sum of squared class sizes, each suppressed row charged the
     * table size.
     */
    public long discernibility() {
        if (squaresAtLeastK < 0) {
            throw new IllegalStateException("sum of squares not computed for this frequency set");
        }
        return squaresAtLeastK + rowsBelowK * rows;
    }
}
