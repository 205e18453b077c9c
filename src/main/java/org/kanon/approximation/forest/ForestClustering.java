package org.kanon.approximation.forest;

import java.util.List;
import org.kanon.InvalidInputException;
import org.kanon.approximation.instance.Clustering;
import org.kanon.approximation.instance.Instance;
import org.kanon.progress.Progress;
import org.kanon.progress.Step;

/**
 * The O(k)-approximation of section 4: FOREST, then DECOMPOSE-COMPONENT on every tree larger than
 * max(2k - 1, 3k - 5); each part becomes one class at the lowest levels where its rows agree. Its cost is at most
 * max(2k - 1, 3k - 5) times the forest's weight, which is at most OPT (Theorem 5), so the forest's weight is
 * reported as a certified lower bound of the optimum.
 */
public final class ForestClustering {

    /** What the run found and how. */
    public record Outcome(Clustering clustering, ForestStats stats) {
    }

    private ForestClustering() {
    }

    public static Outcome cluster(Instance instance, int k) {
        return cluster(instance, k, Progress.NONE);
    }

    /** As above, growing the forest (group by group) and decomposing it as steps of {@code progress}. */
    public static Outcome cluster(Instance instance, int k, Progress progress) {
        if (k < 1) {
            throw new InvalidInputException("--k: must be at least 1, got " + k);
        }
        if (instance.size() < k) {
            throw new InvalidInputException("--k: the table has " + instance.size() + " row(s), fewer than k = " + k);
        }
        long start = System.nanoTime();
        Forest forest;
        try (Step grown = progress.start("row groups in the forest", instance.groupCount())) {
            forest = Forest.build(instance, k, grown);
        }
        long forestNanos = System.nanoTime() - start;
        Decomposition decomposition = new Decomposition(forest, k);
        List<int[]> parts;
        try (Step decomposing = progress.start("decomposing the forest", Progress.UNKNOWN)) {
            parts = decomposition.run(forest);
        }
        long decomposeNanos = System.nanoTime() - start - forestNanos;
        Clustering clustering = Clustering.of(parts);
        ForestStats stats = new ForestStats(forest.weight(), decomposition.weight(), decomposition.limit(), forest.nearestSearches(),
                forest.nodesVisited(), decomposition.splits(), decomposition.caseCounts(), decomposition.oversized(),
                forestNanos / 1_000_000, decomposeNanos / 1_000_000);
        return new Outcome(clustering, stats);
    }
}
