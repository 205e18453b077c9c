package org.kanon.local.kaca;

import java.util.Arrays;

/**
 * An open-addressing map from int keys to values, for the trie's hot lookups: no boxing of the key and one probe
 * array, where a {@code HashMap<Integer, ..>} allocates a key per lookup above 127. Keys must not be
 * {@link Integer#MIN_VALUE} (the empty slot).
 */
final class IntMap<V> {
    private static final int EMPTY = Integer.MIN_VALUE;

    private int[] keys;
    private Object[] values;
    private int size;

    IntMap() {
        keys = new int[4];
        Arrays.fill(keys, EMPTY);
        values = new Object[4];
    }

    @SuppressWarnings("unchecked")
    V get(int key) {
        int mask = keys.length - 1;
        for (int i = mix(key) & mask; ; i = (i + 1) & mask) {
            int k = keys[i];
            if (k == key) {
                return (V) values[i];
            }
            if (k == EMPTY) {
                return null;
            }
        }
    }

    void put(int key, V value) {
        if (key == EMPTY) {
            throw new IllegalArgumentException("reserved key");
        }
        if ((size + 1) * 4 > keys.length * 3) {
            grow();
        }
        int mask = keys.length - 1;
        for (int i = mix(key) & mask; ; i = (i + 1) & mask) {
            if (keys[i] == key) {
                values[i] = value;
                return;
            }
            if (keys[i] == EMPTY) {
                keys[i] = key;
                values[i] = value;
                size++;
                return;
            }
        }
    }

    /** Removes by backward-shift deletion, so no tombstones slow later probes. */
    void remove(int key) {
        int mask = keys.length - 1;
        int i = mix(key) & mask;
        while (keys[i] != key) {
            if (keys[i] == EMPTY) {
                return;
            }
            i = (i + 1) & mask;
        }
        int hole = i;
        for (int j = (hole + 1) & mask; keys[j] != EMPTY; j = (j + 1) & mask) {
            int home = mix(keys[j]) & mask;
            // move j into the hole unless its home lies cyclically in (hole, j]
            if (hole <= j ? (home <= hole || home > j) : (home <= hole && home > j)) {
                keys[hole] = keys[j];
                values[hole] = values[j];
                hole = j;
            }
        }
        keys[hole] = EMPTY;
        values[hole] = null;
        size--;
    }

    boolean isEmpty() {
        return size == 0;
    }

    private void grow() {
        int[] oldKeys = keys;
        Object[] oldValues = values;
        keys = new int[oldKeys.length * 2];
        Arrays.fill(keys, EMPTY);
        values = new Object[keys.length];
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != EMPTY) {
                put(oldKeys[i], (V) oldValues[i]);
            }
        }
    }

    private static int mix(int key) {
        int h = key * 0x9E3779B9;
        return h ^ (h >>> 16);
    }
}
