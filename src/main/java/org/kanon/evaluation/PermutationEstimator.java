package org.kanon.evaluation;

/**
 * The estimate from a permutation release (PQT, PST): each QI column was permuted on its own within a group, so only
 * its marginal is known there, and the attributes are taken as independent: per group, c_G(v) x prod_i (share of the
 * group's values of A_i inside b_i). Example 2, Table 4: 4/5 x 3/5 + 3/4 x 2/4 = 0.855.
 */
public final class PermutationEstimator implements CountEstimator {
    private final TwoTableGroups groups;

    public PermutationEstimator(TwoTableGroups groups) {
        this.groups = groups;
    }

    @Override
    public double estimate(CountQuery query) {
        double total = 0;
        for (TwoTableGroups.Holding h : groups.holding(query.sensitiveValue())) {
            Object[][] values = h.group().values();
            double size = h.group().size();
            double product = h.count();
            for (Interval b : query.ranges()) {
                int inside = 0;
                for (Object v : values[b.attribute()]) {
                    if (b.contains(v)) {
                        inside++;
                    }
                }
                product *= inside / size;
                if (product == 0) {
                    break;
                }
            }
            total += product;
        }
        return total;
    }

    @Override
    public String kind() {
        return "permutation";
    }
}
