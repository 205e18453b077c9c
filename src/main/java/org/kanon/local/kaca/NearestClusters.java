package org.kanon.local.kaca;

import java.util.List;

/**
 * Finds, for a small class, every alive class at the smallest distance (line 4-5 of Algorithm 1). Implementations
 * must return the same set: the choice among ties is made by the caller.
 */
interface NearestClusters {
    /** Relative tolerance under which two distances are a tie: both searches sum the same terms in the same order. */
    double TIE = 1e-9;

    /** Candidates at the smallest distance, in ascending id order; empty when no alive class can be merged. */
    List<Candidate> nearest(Cluster small);

    void added(Cluster c);

    void removed(Cluster c);

    static boolean within(double d, double best) {
        return d <= best + TIE * Math.max(1.0, Math.abs(best));
    }
}
