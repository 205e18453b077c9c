package org.kanon.approximation.forest;

/**
 * Figures of a FOREST + DECOMPOSE-COMPONENT run. {@code forestWeight} is at most OPT (Lemma 3), so cost /
 * forestWeight bounds the run's distance from the optimum from above; {@code partsWeight} is what is left of it after
 * the decomposition (never more). {@code cases} counts the walks ended by cases A, B, C, D as printed and by a refined split
 * (see {@link Decomposition}); {@code oversized} counts trees no split could divide.
 */
public record ForestStats(double forestWeight, double partsWeight, int sizeLimit, long nearestSearches, long trieNodesVisited,
                          long splits, long[] cases, int oversized, long forestMs, long decomposeMs) {
    public ForestStats {
        cases = cases.clone();
    }

    @Override
    public long[] cases() {
        return cases.clone();
    }
}
