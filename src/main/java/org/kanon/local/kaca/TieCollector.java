package org.kanon.local.kaca;

import java.util.ArrayList;
import java.util.List;

/**
 * The classes at the smallest distance seen so far, and the bound above which a distance can no longer tie: shared
 * by every search so that all of them keep exactly the same candidates.
 */
final class TieCollector {
    private final List<Candidate> ties = new ArrayList<>();
    private double best = Double.POSITIVE_INFINITY;
    private double bound = Double.POSITIVE_INFINITY;

    /** Distances above this cannot be the nearest nor tie with it. */
    double bound() {
        return bound;
    }

    /** Offers a class at distance d (as computed with early stop at {@link #bound()}), meeting at {@code meet}. */
    void offer(Cluster other, double d, int[] meet) {
        if (d > bound || Double.isInfinite(d)) {
            return;
        }
        if (d < best) {
            best = d;
            bound = best + NearestClusters.TIE * Math.max(1.0, best);
        }
        ties.add(new Candidate(other, meet.clone(), d));
    }

    List<Candidate> candidates() {
        return ties;
    }
}
