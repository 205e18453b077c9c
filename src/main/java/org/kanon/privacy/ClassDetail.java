package org.kanon.privacy;

/**
 * What a {@link Criterion} reads about one equivalence class: its rows (the released table's), its rows in the
 * population table (-1 when no criterion reads a population), and for each sensitive column of the {@link Domain}
 * the class's rows per value, indexed by the domain's value codes. A class with 0 rows exists only in the
 * population. The arrays may be reused by the caller once a verdict is given.
 */
public record ClassDetail(long size, long population, long[][] histograms) {

    /** The class's rows per value of the domain's sensitive column {@code attribute}. */
    public long[] histogram(int attribute) {
        return histograms[attribute];
    }

    /** The class.s size, largest value and distinct values of sensitive column {@code attribute} (no sensitive class). */
    public ClassStatistics statistics(int attribute) {
        long largest = 0;
        long distinct = 0;
        for (long n : histograms[attribute]) {
            largest = Math.max(largest, n);
            distinct += n > 0 ? 1 : 0;
        }
        return new ClassStatistics(size, 0, largest, distinct);
    }
}
