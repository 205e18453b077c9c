package org.kanon.local.kaca;

import java.util.Arrays;

/**
 * One equivalence class while KACA runs: its level per QI, a representative group whose labels at those levels (and
 * above: hierarchies are trees) are the class's values, and its rows as (group, count) pairs. A stub taken from a
 * class leaves the trunk in place, so a class only ever shrinks by {@link #take}.
 */
final class Cluster {
    final int id;
    final int[] levels;
    final int representative;
    private int[] groups;
    private long[] counts;
    private int entries;
    private long size;

    Cluster(int id, int[] levels, int representative) {
        this.id = id;
        this.levels = levels;
        this.representative = representative;
        this.groups = new int[2];
        this.counts = new long[2];
    }

    void add(int group, long count) {
        if (count <= 0) {
            return;
        }
        if (entries == groups.length) {
            groups = Arrays.copyOf(groups, entries * 2);
            counts = Arrays.copyOf(counts, entries * 2);
        }
        groups[entries] = group;
        counts[entries] = count;
        entries++;
        size += count;
    }

    /** Moves every row of this class into {@code into}. */
    void moveAllTo(Cluster into) {
        for (int i = 0; i < entries; i++) {
            into.add(groups[i], counts[i]);
        }
        entries = 0;
        size = 0;
    }

    /** Moves {@code rows} rows (the stub) into {@code into}, last entries first; the rest stays as the trunk. */
    void take(long rows, Cluster into) {
        if (rows > size) {
            throw new IllegalArgumentException("stub of " + rows + " from a class of " + size);
        }
        long left = rows;
        while (left > 0) {
            int last = entries - 1;
            long moved = Math.min(left, counts[last]);
            into.add(groups[last], moved);
            counts[last] -= moved;
            size -= moved;
            left -= moved;
            if (counts[last] == 0) {
                entries--;
            }
        }
    }

    long size() {
        return size;
    }

    int entries() {
        return entries;
    }

    int group(int entry) {
        return groups[entry];
    }

    long count(int entry) {
        return counts[entry];
    }

    @Override
    public String toString() {
        return "class " + id + " at " + Arrays.toString(levels) + " of " + size + " row(s)";
    }
}
