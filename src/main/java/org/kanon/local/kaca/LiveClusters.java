package org.kanon.local.kaca;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.kanon.local.GroupedTable;

/**
 * The classes alive during a run, by id, and densely packed for scanning: per alive class its levels, its size and
 * its label codes at every level of every QI, in flat arrays, so a scan reads memory in order instead of chasing
 * each class's representative into the table (removal swaps the last class in).
 */
final class LiveClusters {
    private final GroupedTable table;
    private final int qis;
    private final int[] offset;
    private final int width;
    private final List<Cluster> byId = new ArrayList<>();
    private Cluster[] dense = new Cluster[16];
    private int[] position = new int[16];
    private int[] levels;
    private int[] codes;
    private long[] sizes;
    private int size;

    LiveClusters(GroupedTable table) {
        this.table = table;
        this.qis = table.qiCount();
        this.offset = new int[qis];
        int w = 0;
        for (int q = 0; q < qis; q++) {
            offset[q] = w;
            w += table.height(q) + 1;
        }
        this.width = w;
        this.levels = new int[16 * qis];
        this.codes = new int[16 * width];
        this.sizes = new long[16];
    }

    int nextId() {
        return byId.size();
    }

    void add(Cluster c) {
        if (c.id != byId.size()) {
            throw new IllegalArgumentException("ids are given in order: expected " + byId.size() + ", got " + c.id);
        }
        byId.add(c);
        if (size == dense.length) {
            int capacity = size * 2;
            dense = Arrays.copyOf(dense, capacity);
            levels = Arrays.copyOf(levels, capacity * qis);
            codes = Arrays.copyOf(codes, capacity * width);
            sizes = Arrays.copyOf(sizes, capacity);
        }
        if (c.id >= position.length) {
            position = Arrays.copyOf(position, Math.max(c.id + 1, position.length * 2));
        }
        put(size, c);
        size++;
    }

    private void put(int at, Cluster c) {
        dense[at] = c;
        position[c.id] = at;
        sizes[at] = c.size();
        for (int q = 0; q < qis; q++) {
            levels[at * qis + q] = c.levels[q];
            int base = at * width + offset[q];
            for (int l = 0; l <= table.height(q); l++) {
                codes[base + l] = table.labelCode(q, c.representative, l);
            }
        }
    }

    void remove(Cluster c) {
        int at = position[c.id];
        if (at < 0 || dense[at] != c) {
            throw new IllegalStateException(c + " is not alive");
        }
        size--;
        if (at != size) {
            put(at, dense[size]);
        }
        dense[size] = null;
        position[c.id] = -1;
    }

    /** After a stub was taken from an alive class. */
    void sizeChanged(Cluster c) {
        sizes[position[c.id]] = c.size();
    }

    int positionOf(Cluster c) {
        return position[c.id];
    }

    Cluster get(int id) {
        return byId.get(id);
    }

    int size() {
        return size;
    }

    /** The i-th alive class, 0 <= i < size(); the order changes with every removal. */
    Cluster at(int i) {
        return dense[i];
    }

    List<Cluster> all() {
        return Arrays.asList(Arrays.copyOf(dense, size));
    }

    int qiCount() {
        return qis;
    }

    int width() {
        return width;
    }

    int offset(int q) {
        return offset[q];
    }

    int[] levels() {
        return levels;
    }

    int[] codes() {
        return codes;
    }

    long[] sizes() {
        return sizes;
    }

    /** Codes of a class's labels at every level, laid out like one row of {@link #codes()}. */
    int[] codesOf(Cluster c) {
        int[] row = new int[width];
        for (int q = 0; q < qis; q++) {
            for (int l = 0; l <= table.height(q); l++) {
                row[offset[q] + l] = table.labelCode(q, c.representative, l);
            }
        }
        return row;
    }
}
