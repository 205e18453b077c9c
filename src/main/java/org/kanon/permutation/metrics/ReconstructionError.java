package org.kanon.permutation.metrics;

import java.util.Map;

/**
 * The reconstruction error of section 2.3. Each row t is a point of the space of QI and sensitive values; the release
 * lets one reconstruct it as the density of equation (4): c(v_h) x delta_t at (t's QI values, v_h) for every
 * sensitive value v_h of t's group (c from the released sensitive table, delta_t from {@link PresenceProbability}).
 * Err(t), equation (5), is the squared distance to the true point, which equation (9) spells out:
 * <pre>Err_t = (1 - delta_t c(v_h))^2 + sum_{h' != h} (delta_t c(v_h'))^2</pre>
 * for t's own value v_h; RCE (6) sums it over the rows. Theorem 2's lower bound is sum_t (1 + l delta_t^2 - 2 delta_t).
 *
 * <p>The theorem's proof holds when every sensitive value occurs once in its group (then Err_t = 1 - 2 delta_t +
 * |QI_j| delta_t^2 >= the bound, as |QI_j| >= l), which is what Algorithm 1's round robin produces; a group holding a
 * value twice can fall below it, so the figures are reported as computed, not clipped.
 */
public final class ReconstructionError {
    private ReconstructionError() {
    }

    /** Err_t of equation (9) for a row of the partition record with presence probability delta. */
    public static double of(ReleasedGroups release, int row, double delta) {
        Map<String, Long> counts = release.sensitiveCounts(release.groupOf(row));
        double own = counts.getOrDefault(release.sensitive(row), 0L);
        double squares = 0;
        for (long c : counts.values()) {
            squares += (double) c * c;
        }
        return (1 - delta * own) * (1 - delta * own) + delta * delta * (squares - own * own);
    }

    /** A row's term of Theorem 2's bound, 1 + l delta^2 - 2 delta. */
    public static double bound(int l, double delta) {
        return 1 + l * delta * delta - 2 * delta;
    }
}
