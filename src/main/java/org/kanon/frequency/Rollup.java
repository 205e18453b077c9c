package org.kanon.frequency;

import java.util.Arrays;

/**
 * The inner loop of the memory executor: groups the classes of a finer frequency set by their codes in a coarser
 * node and sums the counts. Measured on Adult, this loop was ~90% of a search, so it is written for speed:
 * class keys are built column by column (a tight loop per attribute instead of one per class), small key spaces
 * are grouped by direct addressing instead of hashing, each group remembers one source class so that its codes
 * are read back from the source instead of decoding the key, and all scratch arrays are reused across calls
 * (the executor is single-threaded). Groups keep first-seen order, so results are deterministic.
 */
final class Rollup {
    /** Key spaces up to this size (and up to a few times the source's classes) are grouped by direct addressing. */
    private static final int DENSE_LIMIT = 1 << 20;
    private static final long EMPTY = -1;

    private long[] keys = new long[0];
    private int[] first = new int[0];
    private long[] sums = new long[0];
    private int[] dense = new int[0];
    private long[] table = new long[0];
    private int[] slotGroup = new int[0];
    /** The slot of each group in {@code table}, to empty exactly the used slots afterwards. */
    private int[] groupSlot = new int[0];

    /**
     * Groups {@code counts.length} source classes; {@code columns[j]} are the source codes of the target's j-th
     * attribute, {@code maps[j]} map them to target codes in {@code 0..radix[j]-1} (null: same level, codes kept
     * as they are), {@code space} is the product
     * of the radices.
     */
    MemoryFrequencySet group(org.kanon.lattice.Node node, int[][] columns, int[][] maps, int[] radix, long space,
                             long[] counts) {
        return materialize(node, columns, maps, groupOnly(columns, maps, radix, space, counts));
    }

    /**
     * The grouping half of {@link #group}: leaves the groups' sums and first source classes in the scratch arrays
     * (valid until the next call) and returns the number of groups, so that a verdict can be read from the sums
     * without building the set (see {@link #rowsBelow}).
     */
    int groupOnly(int[][] columns, int[][] maps, int[] radix, long space, long[] counts) {
        int rows = counts.length;
        ensure(rows);
        computeKeys(columns, maps, radix, rows);
        return space <= DENSE_LIMIT && space <= 4L * rows + 1024 ? groupDense((int) space, counts, rows)
                : groupHashed(counts, rows);
    }

    /** Rows in the last grouping's classes smaller than k. */
    long rowsBelow(int groups, int k) {
        long[] s = sums;
        long below = 0;
        for (int g = 0; g < groups; g++) {
            if (s[g] < k) {
                below += s[g];
            }
        }
        return below;
    }

    /** The frequency set of the last grouping; same arguments as the {@link #groupOnly} call that made it. */
    MemoryFrequencySet materialize(org.kanon.lattice.Node node, int[][] columns, int[][] maps, int groups) {
        int width = columns.length;
        int[][] codes = new int[width][groups];
        for (int j = 0; j < width; j++) {
            int[] column = columns[j];
            int[] map = maps[j];
            int[] out = codes[j];
            if (map == null) {
                for (int g = 0; g < groups; g++) {
                    out[g] = column[first[g]];
                }
            } else {
                for (int g = 0; g < groups; g++) {
                    out[g] = map[column[first[g]]];
                }
            }
        }
        return new MemoryFrequencySet(node, codes, Arrays.copyOf(sums, groups));
    }

    private void computeKeys(int[][] columns, int[][] maps, int[] radix, int rows) {
        long[] k = keys;
        int[] column0 = columns[0];
        int[] map0 = maps[0];
        if (map0 == null) {
            for (int r = 0; r < rows; r++) {
                k[r] = column0[r];
            }
        } else {
            for (int r = 0; r < rows; r++) {
                k[r] = map0[column0[r]];
            }
        }
        for (int j = 1; j < columns.length; j++) {
            int[] column = columns[j];
            int[] map = maps[j];
            long base = radix[j];
            if (map == null) { // most columns of a rollup keep their level: skip the lookup
                for (int r = 0; r < rows; r++) {
                    k[r] = k[r] * base + column[r];
                }
            } else {
                for (int r = 0; r < rows; r++) {
                    k[r] = k[r] * base + map[column[r]];
                }
            }
        }
    }

    private int groupDense(int space, long[] counts, int rows) {
        if (dense.length < space) {
            dense = new int[Math.max(space, dense.length * 2)];
            Arrays.fill(dense, -1);
        }
        int[] index = dense;
        int groups = 0;
        for (int r = 0; r < rows; r++) {
            int key = (int) keys[r];
            int g = index[key];
            if (g < 0) {
                g = groups++;
                index[key] = g;
                first[g] = r;
                sums[g] = counts[r];
            } else {
                sums[g] += counts[r];
            }
        }
        for (int g = 0; g < groups; g++) { // leave the index all -1 for the next call
            index[(int) keys[first[g]]] = -1;
        }
        return groups;
    }

    private int groupHashed(long[] counts, int rows) {
        int capacity = Integer.highestOneBit(Math.max(16, rows)) << 2;
        if (table.length < capacity) {
            table = new long[capacity];
            slotGroup = new int[capacity];
            Arrays.fill(table, EMPTY);
        }
        long[] t = table;
        int mask = capacity - 1;
        int groups = 0;
        for (int r = 0; r < rows; r++) {
            long key = keys[r];
            int h = (int) (key ^ (key >>> 32)) * 0x9E3779B9;
            int slot = (h ^ (h >>> 16)) & mask;
            while (true) {
                long present = t[slot];
                if (present == key) {
                    sums[slotGroup[slot]] += counts[r];
                    break;
                }
                if (present == EMPTY) {
                    t[slot] = key;
                    slotGroup[slot] = groups;
                    groupSlot[groups] = slot;
                    first[groups] = r;
                    sums[groups] = counts[r];
                    groups++;
                    break;
                }
                slot = (slot + 1) & mask;
            }
        }
        // every occupied slot is emptied, so no probe chain is left half broken; cheaper than clearing the whole
        // table (a quarter to a half of it is used), which was ~10% of a search on Adult
        for (int g = 0; g < groups; g++) {
            t[groupSlot[g]] = EMPTY;
        }
        return groups;
    }

    private void ensure(int rows) {
        if (keys.length < rows) {
            int n = Math.max(rows, keys.length * 2);
            keys = new long[n];
            first = new int[n];
            sums = new long[n];
            groupSlot = new int[n];
        }
    }
}
