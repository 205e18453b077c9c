package org.kanon.local.kaca;

/**
 * What a KACA run did: merges of whole classes and of stubs, searches for the nearest class (and how many fell back
 * to a full scan), the trie nodes the indexed searches visited, and the attributes KACA2 generalized globally before and after.
 */
public record KacaStats(long merges, long stubMerges, long searches, long scannedSearches, long trieNodesVisited,
                        int globalStepsBefore, int globalStepsAfter) {
}
