package org.kanon.frequency;

/**
 * One quasi-identifier dictionary-encoded: its raw values are codes 0..n-1, and {@code up[l][code]} is the code of
 * the value's label at level l (codes per level are dense). Rollups then are array look-ups.
 */
final class EncodedHierarchy {
    private final int[][] up;
    private final int[] cardinality;
    private final int[][][] between;

    EncodedHierarchy(int[][] up, int[] cardinality) {
        this.up = up;
        this.cardinality = cardinality;
        this.between = new int[up.length][up.length][];
        // all maps up front: a lazily filled cache would be a data race when sets are derived in parallel
        for (int from = 0; from < up.length; from++) {
            for (int to = from; to < up.length; to++) {
                int[] m = new int[cardinality[from]];
                for (int raw = 0; raw < up[from].length; raw++) {
                    m[up[from][raw]] = up[to][raw];
                }
                between[from][to] = m;
            }
        }
    }

    int height() {
        return up.length - 1;
    }

    int cardinality(int level) {
        return cardinality[level];
    }

    /** Map from codes at level {@code from} to codes at level {@code to} (to >= from); a tree makes it a function. */
    int[] map(int from, int to) {
        return between[from][to];
    }
}
