package org.kanon.permutation.metrics;

/**
 * Lemma 1: the probability delta_t that an adversary holding an individual t's QI values finds t in group j of a
 * permutation release, delta_t = prod_i n_ij / |QI_j|^d, where n_ij counts t's value of A_i among the group's values
 * in the released QI table (each attribute was permuted on its own, so each contributes its share independently).
 * Example 3: Bob = (65, M) in group 1 of Table 4, 1/5 x 2/5 = 2/25.
 *
 * <p>Anatomy publishes the QI tuples exactly; for it we take delta_t = 1/|QI_j|, as the paper does after Theorem 2
 * ("in the anatomy-based approach, the probability of presence attack is bounded by 1/l"), which makes the
 * reconstruction of equation (4) Xiao and Tao's: t's exact QI point with each sensitive value v at c(v)/|QI_j|.
 */
public final class PresenceProbability {
    private PresenceProbability() {
    }

    /** delta_t of a row of the partition record. */
    public static double of(ReleasedGroups release, int row, boolean permuted) {
        int g = release.groupOf(row);
        double size = release.size(g);
        if (!permuted) {
            return 1 / size;
        }
        double delta = 1;
        for (int i = 0; i < release.attributes(); i++) {
            delta *= release.count(i, g, release.value(i, row)) / size;
        }
        return delta;
    }
}
