package org.kanon.permutation.metrics;

import java.util.Map;

/**
 * Theorem 1: the probability an adversary who knows a victim's QI values (and so, at best, the victim's group j)
 * gives to "the victim's sensitive value is v".
 *
 * <p>The extracted formula (1) is garbled: it prints c_j(v) / (|QI_j.A_s| x prod_i |QI_j.A_i|), which is not a
 * probability (it does not sum to 1 over v) and does not give Example 3. Example 3 computes, for Bob in group 1 of
 * Table 4, 10 / (5 x 2 x 5) = 1/5, where 5 x 2 are the distinct ages and sexes of the group and 5 its sensitive
 * values. We read the numerator as having lost the same product: every combination of the group's distinct QI
 * values (prod_i |QI_j.A_i| = 10 of them) is equally likely the victim's, and each is paired with any of the
 * |QI_j.A_s| = |QI_j| sensitive entries of the group, c_j(v) of which are v:
 * <pre>Pr{t.A_s = v} = c_j(v) x prod_i |QI_j.A_i| / (|QI_j| x prod_i |QI_j.A_i|) = c_j(v) / |QI_j|</pre>
 * (Example 3: 1 x 10 / (5 x 10) = 10/50 = 1/5). This is also the paper's figure for Anatomy, c_j(v)/|QI_j.A_s|,
 * which Theorem 1 says PA meets in the worst case; it is at most 1/l in an l-diverse group. The counts are taken
 * from the released tables: |QI_j.A_i| from the QI table, c_j(v) and |QI_j| from the sensitive table.
 */
public final class AdversaryProbability {
    private AdversaryProbability() {
    }

    /** Pr{t.A_s = v} for any row t of the group, with the paper's factors. */
    public static Ratio of(ReleasedGroups release, int group, String value) {
        double product = 1;
        for (int i = 0; i < release.attributes(); i++) {
            product *= release.distinct(i, group);
        }
        long c = release.sensitiveCounts(group).getOrDefault(value, 0L);
        long size = release.sensitiveCounts(group).values().stream().mapToLong(Long::longValue).sum();
        return new Ratio(c * product, size * product);
    }

    /** The adversary's best guess in the group: the largest probability over the group's sensitive values. */
    public static double largest(ReleasedGroups release, int group) {
        double best = 0;
        for (Map.Entry<String, Long> e : release.sensitiveCounts(group).entrySet()) {
            best = Math.max(best, of(release, group, e.getKey()).value());
        }
        return best;
    }
}
