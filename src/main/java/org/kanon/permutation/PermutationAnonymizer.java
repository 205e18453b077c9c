package org.kanon.permutation;

import java.security.SecureRandom;
import java.util.List;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.progress.Progress;
import org.kanon.schema.Column;
import org.kanon.schema.SourceTable;

/**
 * Permutation anonymization (Li, He, Cao, Chen 2015) and Anatomy (Xiao, Tao 2006) on a table in the database: the
 * rows are read once, checked for feasibility before any work, partitioned into l-diverse groups (Algorithm 2, then
 * Algorithm 1 in each part), and laid out for the two tables of the release. The permutations come from a
 * cryptographically strong generator unless a seed asks for a reproducible run.
 */
public final class PermutationAnonymizer {
    public static final String PERMUTATION = "permutation";
    public static final String ANATOMY = "anatomy";

    /** How to run: which release, l, whether Algorithm 2 splits first, and an optional seed. */
    public record Options(String algorithm, int l, boolean preprocess, OptionalLong seed) {
        public boolean anatomy() {
            return algorithm.equals(ANATOMY);
        }
    }

    /** The partition, the layout of the release's rows, and how long each step took. */
    public record Result(PermutationInput input, List<int[]> groups, Populating.Layout layout, double ncp, long loadMs, long partitionMs,
                         long populateMs) {
        public int smallestGroup() {
            return groups.stream().mapToInt(g -> g.length).min().orElse(0);
        }
    }

    /**
     * Reads the rows once, then partitions and populates. The caller resolves the source, its QIs and the sensitive
     * column (the engine does it once per run).
     */
    private final Progress progress;

    public PermutationAnonymizer() {
        this(Progress.NONE);
    }

    /** Reading the source and partitioning it are steps of {@code progress}. */
    public PermutationAnonymizer(Progress progress) {
        this.progress = Progress.orNone(progress);
    }

    public Result anonymize(Database db, SourceTable source, List<Column> qis, Column sensitive, Options options) {
        long t0 = System.nanoTime();
        if (qis.contains(sensitive)) {
            throw new InvalidInputException("--sensitive: " + sensitive.name() + " is also in --qi; the sensitive attribute is published in its own table");
        }
        if (options.l() < 2) {
            throw new InvalidInputException("--l: must be at least 2, got " + options.l());
        }
        PermutationInput input = PermutationInput.load(db, source, qis, sensitive, progress);
        long t1 = System.nanoTime();
        return run(input, options, t1 - t0, progress);
    }

    /** The partitioning and populating steps on rows already read; for tests and benchmarks. */
    public static Result run(PermutationInput input, Options options, long loadNanos) {
        return run(input, options, loadNanos, Progress.NONE);
    }

    private static Result run(PermutationInput input, Options options, long loadNanos, Progress progress) {
        Feasibility.require(input.data(), options.l(), input.sensitive().name());
        long t1 = System.nanoTime();
        RandomGenerator secure = options.seed().isPresent() ? new SplittableRandom(options.seed().getAsLong()) : new SecureRandom();
        RandomGenerator shuffles = new SplittableRandom(secure.nextLong());
        List<int[]> groups = Partitioning.partition(input.data(), options.l(), options.preprocess(), shuffles, progress);
        long t2 = System.nanoTime();
        Populating.Layout layout = Populating.permute(groups, input.qis().size(), secure, !options.anatomy());
        long t3 = System.nanoTime();
        return new Result(input, groups, layout, Ncp.of(input.data(), groups), loadNanos / 1_000_000, (t2 - t1) / 1_000_000, (t3 - t2) / 1_000_000);
    }
}
