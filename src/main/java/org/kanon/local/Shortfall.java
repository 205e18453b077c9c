package org.kanon.local;

import org.kanon.privacy.PrivacyModel;

/**
 * How far a class is from satisfying the model, one non-negative figure per condition (all 0 when it passes), as
 * the model reckons it ({@link PrivacyModel#shortfall}: rows missing to k, then the excess of its own condition in
 * integers). When rows are moved
 * up into a parent that fails (section 4 of the (alpha,k) paper), a row is only moved if it lowers one figure and
 * raises none, so the parent never moves away from acceptance.
 */
final class Shortfall {
    private Shortfall() {
    }

    /** No figure rises and at least one falls. */
    static boolean improves(long[] before, long[] after) {
        boolean lower = false;
        for (int i = 0; i < before.length; i++) {
            if (after[i] > before[i]) {
                return false;
            }
            lower |= after[i] < before[i];
        }
        return lower;
    }
}
