package org.kanon.lattice;

import java.util.Arrays;

/** A map from non-negative longs to ints by open addressing, without boxing: graph generation's look-ups. */
public final class LongIntMap {
    private static final long EMPTY = -1;
    private long[] keys;
    private int[] values;
    private int size;

    public LongIntMap(int expected) {
        int capacity = Integer.highestOneBit(Math.max(8, expected) * 2) << 1; // load factor at most a half
        keys = new long[capacity];
        values = new int[capacity];
        Arrays.fill(keys, EMPTY);
    }

    /** Maps {@code key} (>= 0) to {@code value}, replacing an earlier value. */
    public void put(long key, int value) {
        if (2 * (size + 1) > keys.length) {
            grow();
        }
        int slot = slot(key);
        if (keys[slot] == EMPTY) {
            keys[slot] = key;
            size++;
        }
        values[slot] = value;
    }

    /** The value of {@code key}, or -1 when it has none. */
    public int get(long key) {
        int slot = slot(key);
        return keys[slot] == EMPTY ? -1 : values[slot];
    }

    /** The slot holding {@code key}, or the empty slot where it would go. */
    private int slot(long key) {
        int mask = keys.length - 1;
        int slot = (int) ((key * 0x9E3779B97F4A7C15L) >>> (64 - Integer.numberOfTrailingZeros(keys.length)));
        while (keys[slot] != EMPTY && keys[slot] != key) {
            slot = (slot + 1) & mask;
        }
        return slot;
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldValues = values;
        keys = new long[oldKeys.length * 2];
        values = new int[oldKeys.length * 2];
        Arrays.fill(keys, EMPTY);
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != EMPTY) {
                put(oldKeys[i], oldValues[i]);
            }
        }
    }
}
