package org.kanon.privacy;

import java.util.Optional;

/**
 * A criterion on the distribution of one sensitive column in a class (l-diversity in its forms, t-closeness): none of
 * them stays monotone with a suppression allowance, as merging a failing class with a passing one can fail more rows.
 */
interface AttributeCriterion extends Criterion {
    /** The sensitive column, as the user named it. */
    String column();

    @Override
    default Optional<String> sensitiveColumn() {
        return Optional.of(column());
    }

    @Override
    default boolean monotoneWithSuppression() {
        return false;
    }
}
