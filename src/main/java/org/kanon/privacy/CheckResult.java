package org.kanon.privacy;

import org.kanon.lattice.LevelVector;

/**
 * The verdict on one node: the frequency set's shape and whether the rows in classes below k fit within the
 * suppression allowance (those rows are what a release would suppress).
 */
public record CheckResult(LevelVector node, PrivacyModel model, long rows, long classes, long smallestClass,
                          long rowsBelowK, long classesBelowK, long suppressionAllowance) {

    public boolean satisfied() {
        return rowsBelowK <= suppressionAllowance;
    }

    /** k-anonymous as it stands, without suppressing anything. */
    public boolean satisfiedWithoutSuppression() {
        return rowsBelowK == 0;
    }
}
