package org.kanon.local;

import java.util.Arrays;

/**
 * The rows of a class as (group, row count) pairs: a group is one (raw QI tuple, sensitive value) of
 * {@link GroupedTable}; when only some rows of a group move, the group appears with part of its count in two classes.
 */
final class Units {
    private int[] groups = new int[4];
    private long[] counts = new long[4];
    private int size;

    void add(int group, long count) {
        if (count <= 0) {
            return;
        }
        if (size == groups.length) {
            groups = Arrays.copyOf(groups, size * 2);
            counts = Arrays.copyOf(counts, size * 2);
        }
        groups[size] = group;
        counts[size] = count;
        size++;
    }

    int size() {
        return size;
    }

    int group(int i) {
        return groups[i];
    }

    long count(int i) {
        return counts[i];
    }

    void setCount(int i, long count) {
        counts[i] = count;
    }

    long rows() {
        long rows = 0;
        for (int i = 0; i < size; i++) {
            rows += counts[i];
        }
        return rows;
    }

    /** The same pairs without those whose count dropped to 0. */
    Units compact() {
        Units u = new Units();
        for (int i = 0; i < size; i++) {
            u.add(groups[i], counts[i]);
        }
        return u;
    }

    SensitiveTally tally(GroupedTable table) {
        SensitiveTally t = table.newTally();
        for (int i = 0; i < size; i++) {
            t.add(table.sensitiveCode(groups[i]), counts[i]);
        }
        return t;
    }
}
