package org.kanon.approximation.instance;

import java.util.Arrays;

/**
 * The approximation paper's cost: a cell of attribute j generalized to level r of l_j costs {@code w_j * r / l_j}
 * (suppression, the root, costs w_j); weights default to 1. With {@code rowDeletion}, a row may instead be deleted
 * from the release at the cost of suppressing all its cells (section 4, last paragraph).
 */
public record CostModel(double[] weights, boolean rowDeletion) {

    public CostModel {
        weights = weights.clone();
        for (double w : weights) {
            if (!(w >= 0) || Double.isInfinite(w)) {
                throw new IllegalArgumentException("attribute weights must be finite and non-negative, got " + Arrays.toString(weights));
            }
        }
    }

    /** Weight 1 on each of {@code attributes} QIs, no row deletion. */
    public static CostModel uniform(int attributes) {
        double[] w = new double[attributes];
        Arrays.fill(w, 1.0);
        return new CostModel(w, false);
    }

    public CostModel withRowDeletion(boolean deletion) {
        return new CostModel(weights, deletion);
    }

    @Override
    public double[] weights() {
        return weights.clone();
    }

    public int attributes() {
        return weights.length;
    }

    public double weight(int q) {
        return weights[q];
    }

    /** w_q * level / height; an attribute without levels above its values costs nothing. */
    public double cellCost(int q, int level, int height) {
        return height == 0 ? 0 : weights[q] * level / height;
    }
}
