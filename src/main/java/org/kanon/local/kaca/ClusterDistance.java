package org.kanon.local.kaca;

import org.kanon.local.GroupedTable;
import org.kanon.metrics.HierarchyWeights;

/**
 * The TKDE paper's distances (section 5) on the classes of a {@link GroupedTable}: the closest common generalization
 * of two classes (per QI the lowest level, at or above both classes' levels, where their labels agree), the
 * distortion of moving a class there (WHD summed over QIs, times its rows), and Dist(C, C') with the stub rule of
 * Definition 14: when |C| < k and |C| + |C'| >= 2k only k - |C| rows of C' are merged.
 */
final class ClusterDistance {
    /** No common generalization: some hierarchy has several top labels and the classes differ there. */
    static final int NONE = -1;

    private final GroupedTable table;
    private final double[][] cumulative;
    private final int k;

    ClusterDistance(GroupedTable table, HierarchyWeights weights, int k) {
        this.table = table;
        this.k = k;
        this.cumulative = new double[table.qiCount()][];
        for (int q = 0; q < table.qiCount(); q++) {
            cumulative[q] = weights.cumulative(table.height(q));
        }
    }

    int qiCount() {
        return table.qiCount();
    }

    int height(int q) {
        return table.height(q);
    }

    /** WHD of a raw value generalized to {@code level} of QI q. */
    double cumulative(int q, int level) {
        return cumulative[q][level];
    }

    int label(Cluster c, int q, int level) {
        return table.labelCode(q, c.representative, level);
    }

    /** The level of QI q at which the two classes meet, or {@link #NONE}. */
    int meet(Cluster a, Cluster b, int q) {
        int top = table.height(q);
        for (int l = Math.max(a.levels[q], b.levels[q]); l <= top; l++) {
            if (table.labelCode(q, a.representative, l) == table.labelCode(q, b.representative, l)) {
                return l;
            }
        }
        return NONE;
    }

    /** Rows of {@code other} that a small class {@code small} would be merged with: all, or the stub. */
    long mergedRows(Cluster small, Cluster other) {
        return small.size() + other.size() >= 2L * k ? k - small.size() : other.size();
    }

    /**
     * Dist(small, other) per Definition 10 with the stub rule, given the meeting levels; the distortion added by
     * the merge (WHD is additive along a path, Lemma 2).
     */
    double distance(Cluster small, Cluster other, int[] meet) {
        long n = small.size();
        long s = mergedRows(small, other);
        double d = 0;
        for (int q = 0; q < meet.length; q++) {
            double[] c = cumulative[q];
            d += n * (c[meet[q]] - c[small.levels[q]]) + s * (c[meet[q]] - c[other.levels[q]]);
        }
        return d;
    }

    /**
     * Dist(small, the alive class at dense position {@code at}) with the stub rule; fills {@code meet} with the
     * meeting levels. Stops early with a partial sum once it exceeds {@code stopAbove}; +infinity when the classes
     * have no common generalization. Every search computes distances here, term by term in QI order, so equal
     * pairs give bit-identical distances.
     */
    double distance(Cluster small, int[] smallCodes, LiveClusters live, int at, int[] meet, double stopAbove) {
        if (small.size() >= k) {
            // the stub rule and the searches' lower bounds hold for a class smaller than k only (line 3 picks one)
            throw new IllegalArgumentException(small + " is not smaller than k = " + k);
        }
        int[] levels = live.levels();
        int[] codes = live.codes();
        int qis = meet.length;
        int row = at * live.width();
        long n = small.size();
        long otherSize = live.sizes()[at];
        long s = n + otherSize >= 2L * k ? k - n : otherSize;
        double d = 0;
        for (int q = 0; q < qis; q++) {
            int a = small.levels[q];
            int b = levels[at * qis + q];
            int off = live.offset(q);
            int top = table.height(q);
            int m = Math.max(a, b);
            while (m <= top && smallCodes[off + m] != codes[row + off + m]) {
                m++;
            }
            if (m > top) {
                return Double.POSITIVE_INFINITY;
            }
            meet[q] = m;
            double[] c = cumulative[q];
            d += n * (c[m] - c[a]) + s * (c[m] - c[b]);
            if (d > stopAbove) {
                return d;
            }
        }
        return d;
    }
}
