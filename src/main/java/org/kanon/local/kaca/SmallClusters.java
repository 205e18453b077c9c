package org.kanon.local.kaca;

import java.util.Arrays;

/** The classes smaller than k, for line 3's random choice: a dense list by insertion, removal swaps the last in. */
final class SmallClusters {
    private Cluster[] dense = new Cluster[16];
    private int[] position = new int[16];
    private int size;

    void add(Cluster c) {
        if (size == dense.length) {
            dense = Arrays.copyOf(dense, size * 2);
        }
        grow(c.id);
        dense[size] = c;
        position[c.id] = size + 1;
        size++;
    }

    boolean contains(Cluster c) {
        return c.id < position.length && position[c.id] > 0;
    }

    void remove(Cluster c) {
        int at = position[c.id] - 1;
        Cluster last = dense[--size];
        dense[at] = last;
        position[last.id] = at + 1;
        dense[size] = null;
        position[c.id] = 0;
    }

    int size() {
        return size;
    }

    Cluster at(int i) {
        return dense[i];
    }

    private void grow(int id) {
        if (id >= position.length) {
            position = Arrays.copyOf(position, Math.max(id + 1, position.length * 2));
        }
    }
}
