package org.kanon.approximation.instance;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * A partition of an instance's rows into clusters (each released as one equivalence class at the lowest levels
 * where its rows agree) and, under row deletion, the rows deleted from the release.
 */
public record Clustering(List<int[]> clusters, int[] deleted) {

    public Clustering {
        clusters = clusters.stream().map(int[]::clone).toList();
        deleted = deleted.clone();
    }

    public static Clustering of(List<int[]> clusters) {
        return new Clustering(clusters, new int[0]);
    }

    /** The total cost: every cluster's {@link Instance#classCost}, every deleted row's {@link Instance#deletionCost}. */
    public double cost(Instance instance) {
        double c = deleted.length * instance.deletionCost();
        for (int[] cluster : clusters) {
            c += instance.classCost(cluster);
        }
        return c;
    }

    public int smallestCluster() {
        return clusters.stream().mapToInt(c -> c.length).min().orElse(0);
    }

    public int largestCluster() {
        return clusters.stream().mapToInt(c -> c.length).max().orElse(0);
    }

    /**
     * Fails unless every row of the instance is in exactly one cluster or deleted, every cluster has at least k
     * rows, and rows are deleted only when the model allows it.
     */
    public void requireValid(Instance instance, int k) {
        BitSet seen = new BitSet(instance.size());
        List<int[]> all = new ArrayList<>(clusters);
        all.add(deleted);
        for (int[] part : all) {
            for (int r : part) {
                if (r < 0 || r >= instance.size() || seen.get(r)) {
                    throw new IllegalStateException("row " + r + " is placed twice or does not exist");
                }
                seen.set(r);
            }
        }
        if (seen.cardinality() != instance.size()) {
            throw new IllegalStateException((instance.size() - seen.cardinality()) + " row(s) are in no cluster");
        }
        for (int[] c : clusters) {
            if (c.length < k) {
                throw new IllegalStateException("a cluster of " + c.length + " row(s) " + Arrays.toString(c) + " is smaller than k = " + k);
            }
        }
        if (deleted.length > 0 && !instance.cost().rowDeletion()) {
            throw new IllegalStateException(deleted.length + " row(s) deleted without row deletion allowed");
        }
    }
}
