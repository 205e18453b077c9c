package org.kanon.local;

import org.kanon.privacy.ClassDetail;
import org.kanon.privacy.ClassStatistics;

/**
 * The sensitive values of one class as counts per value code, kept up to date as rows are added to or removed from
 * the class, so that a candidate move is judged in O(1) (the largest count is recomputed lazily after a removal).
 * Codes come from {@link GroupedTable}; {@code inSensitiveClass[code]} says whether a value belongs to the simple
 * model's sensitive class.
 */
final class SensitiveTally {
    private final boolean[] inSensitiveClass;
    private final long[] counts;
    private long size;
    private long sensitiveRows;
    private int distinct;
    private long largest;
    private boolean largestStale;

    SensitiveTally(boolean[] inSensitiveClass) {
        this.inSensitiveClass = inSensitiveClass;
        this.counts = new long[inSensitiveClass.length];
    }

    private SensitiveTally(SensitiveTally other) {
        this.inSensitiveClass = other.inSensitiveClass;
        this.counts = other.counts.clone();
        this.size = other.size;
        this.sensitiveRows = other.sensitiveRows;
        this.distinct = other.distinct;
        this.largest = other.largest;
        this.largestStale = other.largestStale;
    }

    SensitiveTally copy() {
        return new SensitiveTally(this);
    }

    void add(int code, long rows) {
        if (rows <= 0) {
            return;
        }
        if (counts[code] == 0) {
            distinct++;
        }
        counts[code] += rows;
        size += rows;
        if (inSensitiveClass[code]) {
            sensitiveRows += rows;
        }
        if (!largestStale && counts[code] > largest) {
            largest = counts[code];
        }
    }

    void remove(int code, long rows) {
        if (rows <= 0) {
            return;
        }
        if (rows > counts[code]) {
            throw new IllegalStateException("removing " + rows + " row(s) of value code " + code + " from a class holding " + counts[code]);
        }
        if (counts[code] == largest) {
            largestStale = true;
        }
        counts[code] -= rows;
        if (counts[code] == 0) {
            distinct--;
        }
        size -= rows;
        if (inSensitiveClass[code]) {
            sensitiveRows -= rows;
        }
    }

    void addAll(SensitiveTally other) {
        for (int code = 0; code < counts.length; code++) {
            add(code, other.counts[code]);
        }
    }

    long size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    ClassStatistics statistics() {
        if (largestStale) {
            largest = 0;
            for (long c : counts) {
                largest = Math.max(largest, c);
            }
            largestStale = false;
        }
        return new ClassStatistics(size, sensitiveRows, largest, distinct);
    }

    /** The class as a requirement's criteria read it: its size and its histogram (the live counts, not a copy). */
    ClassDetail detail() {
        return new ClassDetail(size, -1, new long[][] {counts});
    }

    /** The statistics this class would have with {@code rows} more rows of value {@code code}; the tally is unchanged. */
    ClassStatistics statisticsWith(int code, long rows) {
        ClassStatistics now = statistics();
        long after = counts[code] + rows;
        return new ClassStatistics(now.size() + rows, now.sensitiveRows() + (inSensitiveClass[code] ? rows : 0),
                Math.max(now.largestValueRows(), after), now.distinctValues() + (counts[code] == 0 && rows > 0 ? 1 : 0));
    }

    /** The statistics this class would have with {@code rows} fewer rows of value {@code code}; the tally is unchanged. */
    ClassStatistics statisticsWithout(int code, long rows) {
        remove(code, rows);
        ClassStatistics s = statistics();
        add(code, rows);
        largestStale = true;
        return s;
    }
}
