package org.kanon.privacy;

import org.kanon.InvalidInputException;

/**
 * k-anonymity (Samarati and Sweeney, 1998; Incognito section 1.1): every count in the frequency set is at least k.
 * Monotone under generalization, which is what lets the lattice searches prune.
 */
public record KAnonymity(int k) implements PrivacyModel {
    public KAnonymity {
        if (k < 1) {
            throw new InvalidInputException("--k: must be at least 1, got " + k);
        }
    }

    /** A k above the row count can never hold; refused up front rather than reported as "not anonymous". */
    public void checkAgainst(long rows, String table) {
        if (k > rows) {
            throw new InvalidInputException("--k: " + k + " is larger than the " + rows + " row(s) of " + table);
        }
    }

    @Override
    public java.util.Optional<SensitiveAttribute> sensitive() {
        return java.util.Optional.empty();
    }

    @Override
    public boolean accepts(ClassStatistics c) {
        return c.size() >= k;
    }

    @Override
    public void checkFeasible(ClassStatistics table, String name) {
        checkAgainst(table.size(), name);
    }

    @Override
    public String toString() {
        return k + "-anonymity";
    }
}
