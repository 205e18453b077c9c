package org.kanon.local.kaca;

/** A class a small class could be generalized with: the levels at which they meet and Dist with the stub rule. */
record Candidate(Cluster cluster, int[] meet, double distance) {
}
