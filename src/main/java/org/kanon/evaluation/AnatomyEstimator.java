package org.kanon.evaluation;

/**
 * The estimate from an Anatomy release (QIT, ST): the QI tuples are exact but not linked to the sensitive values of
 * their group, so per group, c_G(v) x (share of the group's QI tuples satisfying every range). Example 1, Table 3:
 * 2/5 + 2/4 = 0.9.
 */
public final class AnatomyEstimator implements CountEstimator {
    private final TwoTableGroups groups;

    public AnatomyEstimator(TwoTableGroups groups) {
        this.groups = groups;
    }

    @Override
    public double estimate(CountQuery query) {
        double total = 0;
        for (TwoTableGroups.Holding h : groups.holding(query.sensitiveValue())) {
            Object[][] values = h.group().values();
            int size = h.group().size();
            int matching = 0;
            for (int r = 0; r < size; r++) {
                boolean all = true;
                for (Interval b : query.ranges()) {
                    if (!b.contains(values[b.attribute()][r])) {
                        all = false;
                        break;
                    }
                }
                if (all) {
                    matching++;
                }
            }
            total += h.count() * (double) matching / size;
        }
        return total;
    }

    @Override
    public String kind() {
        return "anatomy";
    }
}
