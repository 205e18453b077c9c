package org.kanon.frequency;

import java.util.Arrays;
import org.kanon.privacy.ClassDetail;
import org.kanon.privacy.ClassStatistics;
import org.kanon.privacy.PrivacyModel;
import org.kanon.privacy.Requirement;

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

    private int[] entryClass = new int[0];

    /**
     * How the sensitive code sits in the keys, and the model that judges classes; under a {@link Requirement} the
     * code is a cell's ({@code detail}), not a value's.
     */
    record Sensitive(int shift, long mask, boolean indicator, PrivacyModel model, Detail detail) {
        Sensitive(int shift, long mask, boolean indicator, PrivacyModel model) {
            this(shift, mask, indicator, model, null);
        }

        long field() {
            return mask << shift;
        }
    }

    /**
     * A requirement's cells: the code in a key's sensitive field stands for one combination of the sensitive columns'
     * values of the table's rows ({@code values[a][cell]}, the value code of sensitive column a), or for the
     * population's rows ({@code population[cell]}, value codes -1); {@code domain[a]} is column a's number of values.
     */
    record Detail(Requirement.Bound bound, int[][] values, boolean[] population, int[] domain, boolean readsPopulation) {
    }

    /**
     * The summary of the first {@code n} (class, sensitive code) counts under the model: "below k" counts the rows
     * and classes the model refuses, squares those of the classes it accepts.
     */
    FrequencySummary summarize(long[] keys, long[] counts, int n, Sensitive s) {
        if (s.detail() != null) {
            return summarizeDetail(keys, counts, n, s);
        }
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

    /**
     * Under a requirement: each class's rows, population rows and histograms from its cells, judged by the bound
     * requirement. A class of the population alone (no row of the table) is no class of the release: it counts only
     * when it fails (delta-presence), with its population rows as the rows "below k", so the node fails.
     */
    private FrequencySummary summarizeDetail(long[] keys, long[] counts, int n, Sensitive s) {
        int classes = fold(keys, counts, n, s);
        Detail d = s.detail();
        int[] start = new int[classes + 1];
        for (int r = 0; r < n; r++) {
            start[entryClass[r] + 1]++;
        }
        for (int c = 0; c < classes; c++) {
            start[c + 1] += start[c];
        }
        int[] next = Arrays.copyOf(start, classes);
        int[] order = new int[n];
        for (int r = 0; r < n; r++) {
            order[next[entryClass[r]]++] = r;
        }
        int attributes = d.domain().length;
        long[][] histograms = new long[attributes][];
        for (int a = 0; a < attributes; a++) {
            histograms[a] = new long[d.domain()[a]];
        }
        long rows = 0;
        long releasedClasses = 0;
        long smallest = Long.MAX_VALUE;
        long failingRows = 0;
        long failingClasses = 0;
        long squares = 0;
        for (int c = 0; c < classes; c++) {
            long sz = 0;
            long population = 0;
            for (int i = start[c]; i < start[c + 1]; i++) {
                int r = order[i];
                int cell = (int) ((keys[r] >>> s.shift()) & s.mask());
                if (d.population()[cell]) {
                    population += counts[r];
                } else {
                    sz += counts[r];
                    for (int a = 0; a < attributes; a++) {
                        histograms[a][d.values()[a][cell]] += counts[r];
                    }
                }
            }
            boolean ok = d.bound().accepts(new ClassDetail(sz, d.readsPopulation() ? population : -1, histograms));
            if (sz > 0) {
                rows += sz;
                releasedClasses++;
                smallest = Math.min(smallest, sz);
                if (ok) {
                    squares += sz * sz;
                } else {
                    failingRows += sz;
                    failingClasses++;
                }
            } else if (!ok) {
                failingRows += population;
                failingClasses++;
            }
            for (long[] h : histograms) {
                Arrays.fill(h, 0);
            }
        }
        return new FrequencySummary(rows, releasedClasses, releasedClasses == 0 ? 0 : smallest, failingRows, failingClasses,
                s.model().k(), squares);
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
            entryClass[r] = c;
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
            entryClass = new int[n];
        }
    }
}
