package org.kanon.permutation.metrics;

import org.jooq.DSLContext;
import org.kanon.permutation.Ncp;

/**
 * The figures of a two-table release (permutation anonymization or Anatomy), computed from its tables in the database:
 * the NCP of the partition (Definition 3, from the partition record), the adversary's probability of Theorem 1 per
 * group, the presence probability of Lemma 1 per row, the reconstruction error RCE (equations 5, 6 and 9) and its
 * lower bound of Theorem 2.
 */
public final class TwoTableMetrics {

    /**
     * {@code adversary*}: per group, Theorem 1's probability of the group's most frequent sensitive value; the largest
     * and the mean over groups. {@code presence*}: Lemma 1's delta_t; the largest and the mean over rows.
     */
    public record Figures(boolean permuted, int l, long rows, int groups, long smallestGroup, long largestGroup, double ncp,
                          double adversaryLargest, double adversaryMean, double presenceLargest, double presenceMean, double rce,
                          double rceLowerBound) {
        /** Rows / groups / l, as CAVG is defined for classes and k. */
        public double cavg() {
            return groups == 0 ? 0 : (double) rows / groups / l;
        }
    }

    private TwoTableMetrics() {
    }

    public static Figures of(DSLContext ctx, TwoTableLayout layout) {
        return of(ReleasedGroups.read(ctx, layout), layout.l(), layout.permuted());
    }

    public static Figures of(ReleasedGroups release, int l, boolean permuted) {
        long smallest = Long.MAX_VALUE;
        long largest = 0;
        double adversaryLargest = 0;
        double adversarySum = 0;
        for (int g = 0; g < release.groups(); g++) {
            smallest = Math.min(smallest, release.size(g));
            largest = Math.max(largest, release.size(g));
            double p = AdversaryProbability.largest(release, g);
            adversaryLargest = Math.max(adversaryLargest, p);
            adversarySum += p;
        }
        double presenceLargest = 0;
        double presenceSum = 0;
        double rce = 0;
        double bound = 0;
        for (int r = 0; r < release.rows(); r++) {
            double delta = PresenceProbability.of(release, r, permuted);
            presenceLargest = Math.max(presenceLargest, delta);
            presenceSum += delta;
            rce += ReconstructionError.of(release, r, delta);
            bound += ReconstructionError.bound(l, delta);
        }
        int groups = release.groups();
        int rows = release.rows();
        double ncp = rows == 0 ? 0 : Ncp.of(release.microdata(), release.members());
        return new Figures(permuted, l, rows, groups, groups == 0 ? 0 : smallest, largest, ncp, adversaryLargest,
                groups == 0 ? 0 : adversarySum / groups, presenceLargest, rows == 0 ? 0 : presenceSum / rows, rce, bound);
    }
}
