package org.kanon.frequency;

import java.util.Arrays;

/**
 * Open-addressing map from packed class keys to counts, the inner loop of in-memory rollups: no boxing, one probe
 * sequence per row, insertion order kept so that results are deterministic.
 */
final class LongCountMap {
    private static final long EMPTY = Long.MIN_VALUE;

    private long[] keys;
    private long[] counts;
    private int[] order;
    private int size;
    private int mask;

    LongCountMap(int expected) {
        int capacity = Integer.highestOneBit(Math.max(16, expected * 2 - 1)) << 1;
        keys = new long[capacity];
        Arrays.fill(keys, EMPTY);
        counts = new long[capacity];
        order = new int[capacity / 2];
        mask = capacity - 1;
    }

    void add(long key, long count) {
        int slot = slot(key);
        if (keys[slot] == EMPTY) {
            keys[slot] = key;
            if (size == order.length) {
                grow();
                slot = slot(key);
                keys[slot] = key;
            }
            order[size++] = slot;
        }
        counts[slot] += count;
    }

    private int slot(long key) {
        int h = (int) (key ^ (key >>> 32)) * 0x9E3779B9;
        int slot = (h ^ (h >>> 16)) & mask;
        while (keys[slot] != EMPTY && keys[slot] != key) {
            slot = (slot + 1) & mask;
        }
        return slot;
    }

    private void grow() {
        long[] oldKeys = keys;
        long[] oldCounts = counts;
        int[] oldOrder = order;
        int oldSize = size;
        keys = new long[oldKeys.length * 2];
        Arrays.fill(keys, EMPTY);
        counts = new long[oldKeys.length * 2];
        order = new int[oldKeys.length];
        mask = keys.length - 1;
        size = 0;
        for (int i = 0; i < oldSize; i++) {
            int s = oldOrder[i];
            int slot = slot(oldKeys[s]);
            keys[slot] = oldKeys[s];
            counts[slot] = oldCounts[s];
            order[size++] = slot;
        }
    }

    int size() {
        return size;
    }

    long key(int i) {
        return keys[order[i]];
    }

    long count(int i) {
        return counts[order[i]];
    }
}
