package org.kanon.evaluation;

/** Answers a count query from a release alone, as an analyst holding only the release would. */
public interface CountEstimator {

    double estimate(CountQuery query);

    /** How the estimate is made, for reports: permutation, anatomy or generalization. */
    String kind();
}
