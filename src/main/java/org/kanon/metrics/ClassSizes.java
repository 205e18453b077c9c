package org.kanon.metrics;

import java.util.Arrays;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The class-size distribution of a table under a set of quasi-identifiers, as sdcMicro and ARX call it the
 * "frequency of frequencies": {@code classes[i]} equivalence classes have exactly {@code sizes[i]} rows; sizes
 * ascending and distinct. Every re-identification measure kanon reports is a function of this distribution alone,
 * so the database answers one {@code GROUP BY} of a {@code GROUP BY} and nothing is read row by row.
 */
public record ClassSizes(long[] sizes, long[] classes) {

    public ClassSizes {
        if (sizes.length != classes.length) {
            throw new IllegalArgumentException("sizes and classes differ in length");
        }
        sizes = sizes.clone();
        classes = classes.clone();
        for (int i = 0; i < sizes.length; i++) {
            if (sizes[i] < 1 || classes[i] < 1 || (i > 0 && sizes[i] <= sizes[i - 1])) {
                throw new IllegalArgumentException("sizes must be positive and ascending, class counts positive");
            }
        }
    }

    /** From size -> number of classes of that size (entries with a zero count are left out). */
    public static ClassSizes of(Map<Long, Long> classesBySize) {
        SortedMap<Long, Long> sorted = new TreeMap<>();
        classesBySize.forEach((size, count) -> {
            if (count != 0) {
                sorted.merge(size, count, Long::sum);
            }
        });
        long[] s = new long[sorted.size()];
        long[] c = new long[sorted.size()];
        int i = 0;
        for (Map.Entry<Long, Long> e : sorted.entrySet()) {
            s[i] = e.getKey();
            c[i] = e.getValue();
            i++;
        }
        return new ClassSizes(s, c);
    }

    /** Rows of the table: the sum of size times classes. */
    public long rows() {
        long n = 0;
        for (int i = 0; i < sizes.length; i++) {
            n += sizes[i] * classes[i];
        }
        return n;
    }

    /** Equivalence classes of the table. */
    public long classCount() {
        return Arrays.stream(classes).sum();
    }

    /** Classes of exactly {@code size} rows (0 if none). */
    public long classesOfSize(long size) {
        int i = Arrays.binarySearch(sizes, size);
        return i < 0 ? 0 : classes[i];
    }

    /** Rows alone in their class (sample uniques). */
    public long uniques() {
        return classesOfSize(1);
    }

    /** The smallest class; 0 for an empty table. */
    public long smallest() {
        return sizes.length == 0 ? 0 : sizes[0];
    }

    /** The largest class; 0 for an empty table. */
    public long largest() {
        return sizes.length == 0 ? 0 : sizes[sizes.length - 1];
    }

    public boolean isEmpty() {
        return sizes.length == 0;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ClassSizes other && Arrays.equals(sizes, other.sizes) && Arrays.equals(classes, other.classes);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(sizes) + Arrays.hashCode(classes);
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("ClassSizes{");
        for (int i = 0; i < sizes.length; i++) {
            b.append(i == 0 ? "" : ", ").append(sizes[i]).append('x').append(classes[i]);
        }
        return b.append('}').toString();
    }
}
