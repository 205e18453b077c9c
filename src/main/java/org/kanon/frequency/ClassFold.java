package org.kanon.frequency;

import java.util.Arrays;
import org.kanon.privacy.ClassStatistics;
import org.kanon.privacy.PrivacyModel;

/**
 * The memory executor's verdict under a model with a sensitive attribute: its frequency sets count rows per
 * (class, sensitive code), the code sitting in its own field of the packed key (see {@link KeyLayout}); this folds
 * them into classes (the key without that field) with their size, sensitive rows, largest value and distinct
 * values, and asks the model about each class. Scratch arrays are reused across calls: one per thread, like
 * {@link Rollup}.
 */
final class ClassFold {
    private static final long EMPTY = -1;
    private static final long SPREAD = 0x9E3779B97F4A7C15L;

    private long[] table = new long[0];
    private int[] slotClass = new int[0];
    private int capacity;
    private long[] size = new long[0];
    private long[] sensitive = new long[0];
    private long[] largest = new long[0];
    private long[] distinct = new long[0];

    /** How the sensitive code sits in the keys, and the model that judges classes. */
    record Sensitive(int shift, long mask, boolean indicator, PrivacyModel model) {
        long field() {
            return mask << shift;
        }
    }

    /**
     * The summary of the first {@code n} (class, sensitive code) counts under the model: "below k" counts the rows
     * and classes the model refuses, squares those of the classes it accepts.
     */
    FrequencySummary summarize(long[] keys, long[] counts, int n, Sensitive s) {
        int classes = fold(keys, counts, n, s);
        long rows = 0;
        long smallest = Long.MAX_VALUE;
        long failingRows = 0;
        long failingClasses = 0;
        long squares = 0;
        PrivacyModel model = s.model();
        for (int c = 0; c < classes; c++) {
            long sz = size[c];
            rows += sz;
            smallest = Math.min(smallest, sz);
            if (model.accepts(new ClassStatistics(sz, sensitive[c], largest[c], distinct[c]))) {
                squares += sz * sz;
            } else {
                failingRows += sz;
                failingClasses++;
            }
        }
        return new FrequencySummary(rows, classes, classes == 0 ? 0 : smallest, failingRows, failingClasses, model.k(), squares);
    }

    private int fold(long[] keys, long[] counts, int n, Sensitive s) {
        prepare(n);
        long classMask = ~s.field();
        int bits = Integer.numberOfTrailingZeros(capacity);
        int mask = capacity - 1;
        int classes = 0;
        for (int r = 0; r < n; r++) {
            long key = keys[r] & classMask;
            long count = counts[r];
            int slot = (int) ((key * SPREAD) >>> (64 - bits));
            int c;
            while (true) {
                long present = table[slot];
                if (present == key) {
                    c = slotClass[slot];
                    break;
                }
                if (present == EMPTY) {
                    table[slot] = key;
                    c = classes++;
                    slotClass[slot] = c;
                    size[c] = 0;
                    sensitive[c] = 0;
                    largest[c] = 0;
                    distinct[c] = 0;
                    break;
                }
                slot = (slot + 1) & mask;
            }
            size[c] += count;
            largest[c] = Math.max(largest[c], count); // each (class, code) pair occurs once in a frequency set
            distinct[c]++;
            if (s.indicator() && ((keys[r] >>> s.shift()) & s.mask()) == 1) {
                sensitive[c] += count;
            }
        }
        Arrays.fill(table, 0, capacity, EMPTY);
        return classes;
    }

    private void prepare(int n) {
        capacity = Integer.highestOneBit(Math.max(8, n)) << 2; // the start of a larger table serves a small fold
        if (table.length < capacity) {
            table = new long[capacity];
            slotClass = new int[capacity];
            Arrays.fill(table, EMPTY);
        }
        if (size.length < n) {
            size = new long[n];
            sensitive = new long[n];
            largest = new long[n];
            distinct = new long[n];
        }
    }
}
