package org.kanon.local.kaca;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.local.GroupLoader;
import org.kanon.local.GroupedTable;
import org.kanon.local.LocalClass;
import org.kanon.local.LocalRecoding;
import org.kanon.local.LocalRecodingUtility;
import org.kanon.privacy.KAnonymity;
import org.kanon.progress.Progress;
import org.kanon.progress.Step;
import org.kanon.schema.Column;
import org.kanon.schema.SourceTable;

/**
 * KACA1 and KACA2 of Li, Wong, Fu, Pei (TKDE 2008, section 7): local recoding by clustering equivalence classes in
 * attribute hierarchies.
 *
 * <p>KACA1 (Algorithm 1): while a class smaller than k exists, take one at random, find the classes at the smallest
 * distance (Definition 10, with the stub rule of Definition 14), take one of them (at random, or by the attribute
 * priority), and generalize the two to their closest common generalization; when |C| + |C'| >= 2k only a stub of
 * k - |C| rows of C' joins C and the trunk stays a class of its own.
 *
 * <p>KACA2 (Algorithm 2): first every attribute is generalized globally until the Lemma-4 lower bound of its
 * generalization portion (the share of rows whose value occurs fewer than k times) is at most the maximum
 * inconsistency; then KACA1; then every attribute whose inconsistency still exceeds the maximum (the printed
 * algorithm's line 6 says "<"; ">" is meant) is generalized globally to the lowest level that brings it within.
 */
public final class Kaca {
    public static final String KACA1 = "kaca1";
    public static final String KACA2 = "kaca2";

    private final Progress progress;

    public Kaca() {
        this(Progress.NONE);
    }

    /** Grouping the source and merging the small classes are steps of {@code progress}. */
    public Kaca(Progress progress) {
        this.progress = Progress.orNone(progress);
    }

    /**
     * Groups the source in the database (raw rows never leave it), runs KACA, and measures the result. The caller
     * resolves the source and its QIs (the engine does it once per run).
     */
    public KacaResult anonymize(Database db, SourceTable source, List<Column> qis, KacaOptions options) {
        long start = System.nanoTime();
        for (String p : options.priority()) {
            if (!qis.contains(source.column(p))) {
                throw new InvalidInputException("--priority: " + p + " is not one of the quasi-identifiers "
                        + qis.stream().map(Column::name).toList());
            }
        }
        GroupedTable table = new GroupLoader(db, progress).load(source, qis, Optional.empty());
        for (int q = 0; q < table.qiCount(); q++) {
            if (table.height(q) == 0 && table.labelCount(q) > 1) {
                throw new InvalidInputException("--qi: " + qis.get(q).name() + " of " + source.displayName()
                        + " has no hierarchy, so its values can never be merged; bind one with kanon hierarchy import/build");
            }
        }
        Run run;
        LocalRecoding recoding;
        try (Step merged = progress.start("small classes merged", Progress.UNKNOWN)) {
            run = new Run(table, options, priorityIndexes(table, options.priority()), source.displayName(), merged);
            recoding = run.execute();
        }
        KAnonymity model = new KAnonymity(options.k());
        long elapsedMs = (System.nanoTime() - start) / 1_000_000;
        return new KacaResult(source, qis, model, options, recoding, LocalRecodingUtility.of(recoding, options.k()), run.stats(), elapsedMs);
    }

    /** A recoding and how it was reached. */
    public record Outcome(LocalRecoding recoding, KacaStats stats) {
    }

    /** The algorithm on groups already loaded (without a sensitive value); for tests and benchmarks. */
    public static Outcome run(GroupedTable table, KacaOptions options, String tableName) {
        Run run = new Run(table, options, priorityIndexes(table, options.priority()), tableName, Step.NONE);
        LocalRecoding recoding = run.execute();
        return new Outcome(recoding, run.stats());
    }

    static int[] priorityIndexes(GroupedTable table, List<String> names) {
        int[] result = new int[names.size()];
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            int q = -1;
            for (int j = 0; j < table.qiCount(); j++) {
                if (table.qis().get(j).name().equalsIgnoreCase(name)) {
                    q = j;
                }
            }
            if (q < 0) {
                throw new InvalidInputException("--priority: " + name + " is not a quasi-identifier");
            }
            result[i] = q;
        }
        return result;
    }

    /** One run: the alive classes, the small ones, the search, and the random source. */
    static final class Run {
        private final GroupedTable table;
        private final KacaOptions options;
        private final int k;
        private final String tableName;
        private final ClusterDistance distance;
        private final LiveClusters live;
        private final SmallClusters small = new SmallClusters();
        private final NearestClusters nearest;
        private final Random random;
        private final int[] protectedFirst;
        private final Step merged;
        private long merges;
        private long stubMerges;
        private int stepsBefore;
        private int stepsAfter;

        /** {@code merged} counts the classes below k merged away, of those the first classes held. */
        Run(GroupedTable table, KacaOptions options, int[] priority, String tableName, Step merged) {
            this.table = table;
            this.merged = merged;
            this.options = options;
            this.k = options.k();
            this.tableName = tableName;
            this.distance = new ClusterDistance(table, options.weights(), k);
            this.live = new LiveClusters(table);
            this.nearest = options.exhaustiveSearch() || !TrieNearest.fits(table) ? new ExhaustiveNearest(live, distance)
                    : new TrieNearest(live, distance, table);
            this.random = new Random(options.seed());
            this.protectedFirst = protectionOrder(table.qiCount(), priority);
        }

        LocalRecoding execute() {
            if (table.rows() < k) {
                throw new InvalidInputException("--k: " + k + " is larger than " + tableName + " (" + table.rows() + " rows)");
            }
            int[] base = new int[table.qiCount()];
            if (options.maxInconsistency().isPresent()) {
                InconsistencyCap cap = new InconsistencyCap(table, options.maxInconsistency().getAsDouble());
                base = cap.baseLevels(k);
                stepsBefore = Arrays.stream(base).sum();
            }
            formClasses(base);
            // every merge leaves at least one class below k fewer (the merged class, or the stub's, reaches k)
            int smallAtFirst = small.size();
            merged.total(smallAtFirst);
            while (small.size() > 0) {
                Cluster c = small.at(random.nextInt(small.size()));
                List<Candidate> ties = nearest.nearest(c);
                if (ties.isEmpty()) {
                    throw new InvalidInputException("a class of " + c.size() + " row(s) of " + tableName
                            + " has no common generalization with any other class (a hierarchy has several top values): no "
                            + k + "-anonymous local recoding exists");
                }
                merge(c, choose(c, ties));
                merged.stepTo(smallAtFirst - small.size());
            }
            List<Cluster> result = live.all();
            if (options.maxInconsistency().isPresent()) {
                stepsAfter = new InconsistencyCap(table, options.maxInconsistency().getAsDouble()).capAfter(result);
            }
            List<LocalClass> classes = new ArrayList<>();
            for (Cluster c : result) {
                int[] groups = new int[c.entries()];
                long[] counts = new long[c.entries()];
                for (int e = 0; e < c.entries(); e++) {
                    groups[e] = c.group(e);
                    counts[e] = c.count(e);
                }
                classes.add(LocalClass.of(c.levels, groups, counts));
            }
            return LocalRecoding.of(table, classes);
        }

        KacaStats stats() {
            long searches = merges + stubMerges;
            long visited = nearest instanceof TrieNearest t ? t.nodesVisited() : 0;
            return new KacaStats(merges, stubMerges, searches, nearest instanceof TrieNearest ? 0 : searches, visited,
                    stepsBefore, stepsAfter);
        }

        /** Line 1: the equivalence classes of the table at the base levels. */
        private void formClasses(int[] base) {
            Map<List<Integer>, Cluster> byLabels = new LinkedHashMap<>();
            for (int g = 0; g < table.groupCount(); g++) {
                Integer[] key = new Integer[base.length];
                for (int q = 0; q < base.length; q++) {
                    key[q] = table.labelCode(q, g, base[q]);
                }
                int group = g;
                Cluster c = byLabels.computeIfAbsent(Arrays.asList(key), x -> new Cluster(byLabels.size(), base.clone(), group));
                c.add(g, table.group(g).count());
            }
            for (Cluster c : byLabels.values()) {
                add(c);
            }
        }

        private void add(Cluster c) {
            live.add(c);
            nearest.added(c);
            if (c.size() < k) {
                small.add(c);
            }
        }

        private void remove(Cluster c) {
            live.remove(c);
            nearest.removed(c);
            if (small.contains(c)) {
                small.remove(c);
            }
        }

        /** Ties: first the attribute priority (protected attributes generalized least), then at random. */
        private Candidate choose(Cluster c, List<Candidate> ties) {
            List<Candidate> best = ties;
            if (protectedFirst.length > 0 && ties.size() > 1) {
                best = new ArrayList<>();
                for (Candidate t : ties) {
                    int cmp = best.isEmpty() ? -1 : compareProtection(t, best.get(0));
                    if (cmp < 0) {
                        best.clear();
                    }
                    if (cmp <= 0) {
                        best.add(t);
                    }
                }
            }
            return best.size() == 1 ? best.get(0) : best.get(random.nextInt(best.size()));
        }

        private int compareProtection(Candidate a, Candidate b) {
            for (int q : protectedFirst) {
                int cmp = Integer.compare(a.meet()[q], b.meet()[q]);
                if (cmp != 0) {
                    return cmp;
                }
            }
            return 0;
        }

        /** Line 6: C with C' (or with the stub of C'), at their closest common generalization. */
        private void merge(Cluster c, Candidate chosen) {
            Cluster other = chosen.cluster();
            Cluster merged = new Cluster(live.nextId(), chosen.meet().clone(), c.representative);
            long rows = distance.mergedRows(c, other);
            remove(c);
            c.moveAllTo(merged);
            if (rows == other.size()) {
                remove(other);
                other.moveAllTo(merged);
                merges++;
            } else {
                other.take(rows, merged);
                live.sizeChanged(other);
                stubMerges++;
            }
            add(merged);
        }

        /** Attributes not in the priority list in QI order, then the priority ones, the most expendable last. */
        private static int[] protectionOrder(int qis, int[] priority) {
            if (priority.length == 0) {
                return new int[0];
            }
            List<Integer> order = new ArrayList<>();
            for (int q = 0; q < qis; q++) {
                final int qi = q;
                if (Arrays.stream(priority).noneMatch(p -> p == qi)) {
                    order.add(q);
                }
            }
            for (int i = priority.length - 1; i >= 0; i--) {
                order.add(priority[i]);
            }
            return order.stream().mapToInt(Integer::intValue).toArray();
        }
    }
}
