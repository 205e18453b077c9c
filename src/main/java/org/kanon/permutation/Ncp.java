package org.kanon.permutation;

import java.util.List;

/**
 * Normalized certainty penalty (Definition 3, after Xu et al.) of a partition's implicit generalization: every row
 * of a group costs, per attribute, the group's range over the domain's extent (numeric) or the group's number of
 * distinct values over the domain's (categorical; one value is no penalty, as in Xu et al.). Example 4: Table 2's
 * NCP is 40/80 x 5 + 40/80 x 4 + 2/2 x 9 = 13.5.
 */
public final class Ncp {
    private Ncp() {
    }

    /** The NCP of the whole partition: the sum over groups of |G| times the group's per-row penalty. */
    public static double of(Microdata data, List<int[]> groups) {
        double total = 0;
        for (int[] g : groups) {
            total += g.length * perRow(data, g);
        }
        return total;
    }

    /** One row's penalty in this group: the sum over attributes. */
    public static double perRow(Microdata data, int[] group) {
        Extent e = new Extent(data);
        for (int r : group) {
            e.add(r);
        }
        return e.perRow();
    }

    /** A group's extent per attribute as rows join it: numeric range, categorical distinct values. */
    static final class Extent {
        private final Microdata data;
        private final double[] min;
        private final double[] max;
        private final int[][] counts;
        private final int[] distinct;
        private final double[] inverseDomain;
        private int rows;
        /** perRow() of the current extent, kept up to date as rows join. */
        private double perRow;

        Extent(Microdata data) {
            this.data = data;
            int d = data.attributes();
            this.min = new double[d];
            this.max = new double[d];
            this.counts = new int[d][];
            this.distinct = new int[d];
            this.inverseDomain = new double[d];
            for (int i = 0; i < d; i++) {
                inverseDomain[i] = data.domain(i) == 0 ? 0 : 1 / data.domain(i);
                min[i] = Double.POSITIVE_INFINITY;
                max[i] = Double.NEGATIVE_INFINITY;
                if (!data.numeric(i)) {
                    counts[i] = new int[(int) data.high(i) + 1];
                }
            }
        }

        int rows() {
            return rows;
        }

        void add(int row) {
            for (int i = 0; i < min.length; i++) {
                addValue(i, data.value(i, row));
            }
            rows++;
            perRow = computePerRow();
        }

        /** The artificial tuple of Algorithm 2 with every attribute at its largest (or smallest) value. */
        void addExtreme(boolean largest) {
            for (int i = 0; i < min.length; i++) {
                addValue(i, largest ? data.high(i) : data.low(i));
            }
            rows++;
            perRow = computePerRow();
        }

        private void addValue(int i, double v) {
            min[i] = Math.min(min[i], v);
            max[i] = Math.max(max[i], v);
            if (counts[i] != null && counts[i][(int) v]++ == 0) {
                distinct[i]++;
            }
        }

        /** NCP(G) = |G| x per-row penalty. */
        double total() {
            return rows * perRow;
        }

        /** NCP(G + row) - NCP(G), without changing the extent. */
        double growth(int row) {
            double after = 0;
            for (int i = 0; i < min.length; i++) {
                double v = data.value(i, row);
                if (counts[i] == null) {
                    after += (Math.max(max[i], v) - Math.min(min[i], v)) * inverseDomain[i];
                } else {
                    int values = distinct[i] + (counts[i][(int) v] == 0 ? 1 : 0);
                    after += values <= 1 ? 0 : values * inverseDomain[i];
                }
            }
            return (rows + 1) * after - rows * perRow;
        }

        double perRow() {
            return perRow;
        }

        private double computePerRow() {
            double p = 0;
            for (int i = 0; i < min.length; i++) {
                p += penalty(i, min[i], max[i], distinct[i]);
            }
            return p;
        }

        private double penalty(int i, double lo, double hi, int values) {
            if (rows == 0 && lo > hi) {
                return 0;
            }
            double domain = data.domain(i);
            if (data.numeric(i)) {
                return domain == 0 ? 0 : (hi - lo) / domain;
            }
            return values <= 1 || domain == 0 ? 0 : values / domain;
        }
    }
}
