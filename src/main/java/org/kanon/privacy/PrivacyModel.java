package org.kanon.privacy;

import java.util.Optional;

/**
 * What every equivalence class of a release must satisfy. Checks, every lattice search on both executors, the
 * local-recoding algorithms and the release re-check all ask a model the same question about one class, given
 * the few numbers of {@link ClassStatistics}; those numbers are sums and counts over the class's rows per
 * sensitive value, so they are computed in the GROUP BY that builds the class and roll up along hierarchies
 * (a frequency set keeps one count per class and sensitive value, never a maximum, which would not roll up).
 *
 * <p>All models are monotone under generalization (a union of classes that pass passes), which is what lets the
 * lattice searches prune. With a suppression allowance only k-anonymity stays monotone: merging a class that
 * fails alpha or l with one that passes can make a larger failing class, so more rows would be suppressed at the
 * coarser node (see {@link #monotoneWithSuppression()}).
 */
public sealed interface PrivacyModel permits KAnonymity, AlphaKAnonymity, LDiversity {

    /** The least class size (1 when the model sets none beyond its own condition). */
    int k();

    /** The sensitive attribute the model protects; empty for k-anonymity. */
    Optional<SensitiveAttribute> sensitive();

    /** Whether one equivalence class with these figures satisfies the model. */
    boolean accepts(ClassStatistics c);

    /**
     * Refuses, before any search, a model no release of this table can satisfy: the fully generalized table is one
     * class, and every release is at most that coarse, so the model must accept the whole table (Lemma 1 of the
     * (alpha,k) paper; max_v c(v) <= |T|/l for l-diversity; k at most the row count).
     */
    void checkFeasible(ClassStatistics wholeTable, String table);

    /** Whether "rows in failing classes at most N" is monotone under generalization for this model. */
    default boolean monotoneWithSuppression() {
        return sensitive().isEmpty();
    }
}
