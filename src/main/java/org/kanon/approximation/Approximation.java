package org.kanon.approximation;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import org.kanon.InvalidInputException;
import org.kanon.approximation.factor.FactorThree;
import org.kanon.approximation.factor.FactorTwo;
import org.kanon.approximation.forest.ForestClustering;
import org.kanon.approximation.forest.ForestStats;
import org.kanon.approximation.instance.Clustering;
import org.kanon.approximation.instance.Instance;
import org.kanon.db.Database;
import org.kanon.local.GroupLoader;
import org.kanon.local.GroupedTable;
import org.kanon.local.LocalRecodingUtility;
import org.kanon.privacy.KAnonymity;
import org.kanon.progress.Progress;
import org.kanon.progress.Step;
import org.kanon.schema.Column;
import org.kanon.schema.SourceTable;

/**
 * The algorithms of Aggarwal et al., "Approximation Algorithms for k-Anonymity", on a table in the database: its
 * (raw QI tuple) groups are read by one GROUP BY (raw rows never leave the database), clustered in memory, and the
 * result is ready for the local-recoding release writer.
 */
public final class Approximation {
    private final Progress progress;

    public Approximation() {
        this(Progress.NONE);
    }

    /** Grouping the source and clustering it are steps of {@code progress}. */
    public Approximation(Progress progress) {
        this.progress = Progress.orNone(progress);
    }

    /** A clustering and the lines that say how it was reached. */
    public record Run(Clustering clustering, OptionalDouble lowerBound, String details) {
    }

    /**
     * Groups the source in the database (one GROUP BY), clusters in memory and measures the result. The caller resolves
     * the source and its QIs (the engine does it once per run).
     */
    public ApproximationResult anonymize(Database db, SourceTable source, List<Column> qis, ApproximationOptions options) {
        long start = System.nanoTime();
        GroupedTable table = new GroupLoader(db, progress).load(source, qis, Optional.empty());
        for (int q = 0; q < table.qiCount(); q++) {
            if (table.height(q) == 0 && table.labelCount(q) > 1) {
                throw new InvalidInputException("--qi: " + qis.get(q).name() + " of " + source.displayName()
                        + " has no hierarchy, so its values can never be generalized; bind one with kanon hierarchy import/build");
            }
        }
        Instance instance = Instance.of(table, options.costModel(qis.size()));
        Run run = run(instance, options, progress);
        ClusteredTable clustered = new ClusteredTable(instance, run.clustering());
        long elapsedMs = (System.nanoTime() - start) / 1_000_000;
        return new ApproximationResult(source, qis, new KAnonymity(options.k()), options, run.clustering(), clustered,
                run.clustering().cost(instance), run.lowerBound(),
                LocalRecodingUtility.of(table, clustered.classes(), clustered.deletedRows(), options.k()), run.details(), elapsedMs);
    }

    /** The algorithm on an instance already in memory; for tests and benchmarks. */
    public static Run run(Instance instance, ApproximationOptions options) {
        return run(instance, options, Progress.NONE);
    }

    /** As above, each phase (the forest, the blocks' factors, the exact search, the refinement) a step of {@code progress}. */
    static Run run(Instance instance, ApproximationOptions options, Progress progress) {
        int k = options.k();
        if (instance.size() < k && !(options.rowDeletion() && options.algorithm().equals(ApproximationOptions.EXACT))) {
            throw new InvalidInputException("--k: the table has " + instance.size() + " row(s), fewer than k = " + k);
        }
        Run run = switch (options.algorithm()) {
            case ApproximationOptions.FOREST -> forest(instance, k, progress);
            case ApproximationOptions.FACTOR2 -> factor(instance, options, FactorTwo.INSTANCE::cluster, progress);
            case ApproximationOptions.FACTOR3 -> factor(instance, options, FactorThree.INSTANCE::cluster, progress);
            default -> {
                Clustering optimum;
                try (Step searching = progress.start("searching every partition", Progress.UNKNOWN)) {
                    optimum = ExactSolver.solve(instance, k);
                }
                yield new Run(optimum, OptionalDouble.of(optimum.cost(instance)), "exact optimum over every partition of the "
                        + instance.size() + " rows");
            }
        };
        Clustering clustering = run.clustering();
        try (Step refining = progress.start("refining the clusters", Progress.UNKNOWN)) {
            if (options.split()) {
                clustering = Splitting.refine(instance, clustering, k);
            }
            if (options.rowDeletion() && !options.algorithm().equals(ApproximationOptions.EXACT)) {
                clustering = RowDeletion.improve(instance, clustering, k);
            }
        }
        clustering.requireValid(instance, k);
        return new Run(clustering, run.lowerBound(), run.details());
    }

    private static Run forest(Instance instance, int k, Progress progress) {
        ForestClustering.Outcome outcome = ForestClustering.cluster(instance, k, progress);
        ForestStats s = outcome.stats();
        long[] c = s.cases();
        String details = String.format(Locale.ROOT, "forest of weight %.4f (a lower bound of OPT, Lemma 3) from %d nearest-row searches; "
                        + "%d split(s) to at most %d rows (cases A %d, B %d, C %d, D %d, refined %d); forest %d ms, decomposition %d ms",
                s.forestWeight(), s.nearestSearches(), s.splits(), s.sizeLimit(), c[0], c[1], c[2], c[3], c[4], s.forestMs(), s.decomposeMs());
        return new Run(outcome.clustering(), OptionalDouble.of(s.forestWeight()), details);
    }

    /** The factor algorithm on the whole table up to the block size, else block by block ({@link ForestBlocks}). */
    private static Run factor(Instance instance, ApproximationOptions options, java.util.function.BiFunction<Instance, int[], Clustering> factor,
                              Progress progress) {
        List<int[]> blocks;
        try (Step forming = progress.start("forming blocks", Progress.UNKNOWN)) {
            blocks = ForestBlocks.partition(instance, options.blockSize());
        }
        List<int[]> clusters = new java.util.ArrayList<>();
        try (Step clustered = progress.start("rows clustered", instance.size())) {
            for (int[] block : blocks) {
                clusters.addAll(factor.apply(instance, block).clusters());
                clustered.advance(block.length);
            }
        }
        String details = blocks.size() == 1
                ? "exact minimum-weight factor of the complete graph on " + instance.size() + " rows (Blossom V)"
                : String.format(Locale.ROOT, "%d rows in %d blocks of %d..%d rows (the parts of FOREST + DECOMPOSE-COMPONENT at k = %d); "
                + "the guarantee holds within each block", instance.size(), blocks.size(),
                blocks.stream().mapToInt(b -> b.length).min().orElse(0), blocks.stream().mapToInt(b -> b.length).max().orElse(0),
                Math.max(3, options.blockSize() / 3));
        return new Run(Clustering.of(clusters), OptionalDouble.empty(), details);
    }
}
