package org.kanon.approximation.factor;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.kanon.approximation.instance.Instance;

/**
 * Cutting a path or a cycle of a factor into runs of consecutive rows, each run one cluster. Cutting only removes edges
 * of the factor, so the edges kept inside the runs never weigh more than the factor.
 *
 * <p>Two rules. {@link Rule#EDGES_THEN_COST} is the paper's (Lemma 11): the cut whose runs keep the least total weight
 * of the component's edges, ties broken by the clustering cost ({@link Instance#classCost}). {@link Rule#COST} takes the
 * cut of least clustering cost outright; for a [1, 2]-factor any cut into runs of 2 and 3 keeps ALG <= 3 times the kept
 * edges (Lemma 8), so the cheapest cut keeps the guarantee.
 *
 * <p>All cuts are searched by dynamic programming over the positions of the component (for a cycle, once for every
 * offset at which the run holding the first row may start), with the number of long runs as state when it is fixed.
 */
final class CycleCuts {
    /** Relative tolerance under which two edge weights count as equal. */
    static final double TOLERANCE = 1e-9;

    enum Rule {
        EDGES_THEN_COST, COST
    }

    private CycleCuts() {
    }

    /**
     * The best cut of a cycle (rows in cycle order) into runs of {@code small} and {@code small + 1} rows; with
     * {@code longRuns >= 0} exactly that many runs have {@code small + 1} rows.
     */
    static List<int[]> cutCycle(Instance instance, int[] cycle, int small, int longRuns, Rule rule) {
        int n = cycle.length;
        Cut best = null;
        for (int offset = 0; offset <= small && offset < n; offset++) {
            int[] rotated = new int[n];
            for (int i = 0; i < n; i++) {
                rotated[i] = cycle[Math.floorMod(i - offset, n)];
            }
            Cut cut = cutSequence(instance, rotated, small, longRuns, rule);
            if (cut != null && (best == null || better(cut, best, rule))) {
                best = cut;
            }
        }
        if (best == null) {
            throw new IllegalArgumentException("a cycle of " + n + " rows has no cut into runs of " + small + " and " + (small + 1)
                    + (longRuns >= 0 ? " with " + longRuns + " long run(s)" : ""));
        }
        return best.runs;
    }

    /** The best cut of a path (rows in path order) into runs of {@code small} and {@code small + 1} rows. */
    static List<int[]> cutPath(Instance instance, int[] path, int small, Rule rule) {
        Cut cut = cutSequence(instance, path, small, -1, rule);
        if (cut == null) {
            throw new IllegalArgumentException("a path of " + path.length + " rows has no cut into runs of " + small + " and " + (small + 1));
        }
        return cut.runs;
    }

    /** Sum of the distances between consecutive rows of a run. */
    static double internalWeight(Instance instance, int[] run) {
        double w = 0;
        for (int i = 0; i + 1 < run.length; i++) {
            w += instance.distance(run[i], run[i + 1]);
        }
        return w;
    }

    private record Cut(double edges, double cost, List<int[]> runs) {
    }

    private static boolean better(Cut a, Cut b, Rule rule) {
        return less(a.edges, a.cost, b.edges, b.cost, rule);
    }

    private static boolean less(double edgesA, double costA, double edgesB, double costB, Rule rule) {
        if (rule == Rule.EDGES_THEN_COST && !close(edgesA, edgesB)) {
            return edgesA < edgesB;
        }
        return !close(costA, costB) && costA < costB;
    }

    private static boolean close(double a, double b) {
        return Math.abs(a - b) <= TOLERANCE * Math.max(1, Math.max(Math.abs(a), Math.abs(b)));
    }

    /** DP over the prefixes of the sequence; state: the number of long runs so far (0 when their number is free). */
    private static Cut cutSequence(Instance instance, int[] seq, int small, int longRuns, Rule rule) {
        int n = seq.length;
        int states = longRuns >= 0 ? longRuns + 1 : 1;
        double[] step = new double[Math.max(0, n - 1)];
        for (int i = 0; i + 1 < n; i++) {
            step[i] = instance.distance(seq[i], seq[i + 1]);
        }
        double[][] edges = new double[n + 1][states];
        double[][] cost = new double[n + 1][states];
        int[][] from = new int[n + 1][states];
        for (double[] row : edges) {
            Arrays.fill(row, Double.NaN);
        }
        edges[0][0] = 0;
        cost[0][0] = 0;
        for (int end = small; end <= n; end++) {
            for (int len = small; len <= small + 1; len++) {
                int begin = end - len;
                if (begin < 0) {
                    continue;
                }
                boolean isLong = len == small + 1;
                double runEdges = 0;
                for (int i = begin; i + 1 < end; i++) {
                    runEdges += step[i];
                }
                double runCost = instance.classCost(Arrays.copyOfRange(seq, begin, end));
                for (int s = 0; s < states; s++) {
                    if (Double.isNaN(edges[begin][s])) {
                        continue;
                    }
                    int t = longRuns >= 0 && isLong ? s + 1 : s;
                    if (t >= states) {
                        continue;
                    }
                    double e = edges[begin][s] + runEdges;
                    double c = cost[begin][s] + runCost;
                    if (Double.isNaN(edges[end][t]) || less(e, c, edges[end][t], cost[end][t], rule)) {
                        edges[end][t] = e;
                        cost[end][t] = c;
                        from[end][t] = len;
                    }
                }
            }
        }
        int last = states - 1;
        if (Double.isNaN(edges[n][last])) {
            return null;
        }
        List<int[]> runs = new ArrayList<>();
        for (int end = n, s = last; end > 0; ) {
            int len = from[end][s];
            runs.add(0, Arrays.copyOfRange(seq, end - len, end));
            if (longRuns >= 0 && len == small + 1) {
                s--;
            }
            end -= len;
        }
        return new Cut(edges[n][last], cost[n][last], runs);
    }
}
