package org.kanon.approximation;

import java.util.ArrayList;
import java.util.List;
import org.kanon.InvalidInputException;
import org.kanon.approximation.instance.Clustering;
import org.kanon.approximation.instance.Instance;

/**
 * The optimum of k-anonymity with generalization (and row deletion, when the cost model allows it) for a small
 * table, by dynamic programming over subsets: OPT(R) = min over clusters S containing the lowest row of R of
 * cost(S) + OPT(R \ S). Clusters larger than 2k - 1 are never needed (splitting one never raises the cost: each
 * part agrees at least where the whole did), so S ranges over sizes k .. 2k - 1. About 3^n steps: the ratio tests
 * measure the approximations against it, and {@code --algorithm exact} offers it up to {@link #LIMIT} rows (18 rows
 * take about half a second, 20 several).
 */
public final class ExactSolver {
    public static final int LIMIT = 18;

    private ExactSolver() {
    }

    public static Clustering solve(Instance instance, int k) {
        int n = instance.size();
        if (n > LIMIT) {
            throw new InvalidInputException("--algorithm exact: the exact optimum is searched over every partition of the rows, which is only "
                    + "practical up to " + LIMIT + " rows; the table has " + n + " (use forest, factor2 or factor3 for an approximation with a guarantee)");
        }
        if (n == 0) {
            return Clustering.of(List.of());
        }
        boolean deletion = instance.cost().rowDeletion();
        if (n < k && !deletion) {
            throw new InvalidInputException("--k: the table has " + n + " row(s), fewer than k = " + k);
        }
        int full = (1 << n) - 1;
        double[] clusterCost = clusterCosts(instance, n, k);
        double[] best = new double[full + 1];
        int[] choice = new int[full + 1];
        double deleteRow = instance.deletionCost();
        for (int mask = 1; mask <= full; mask++) {
            int low = mask & -mask;
            int rest = mask ^ low;
            double b = Double.POSITIVE_INFINITY;
            int pick = 0;
            if (deletion) {
                b = deleteRow + best[rest];
                pick = -1;
            }
            // every sub-mask of rest, joined with low, is a candidate cluster
            for (int sub = rest; ; sub = (sub - 1) & rest) {
                int s = sub | low;
                double c = clusterCost[s];
                if (c < Double.POSITIVE_INFINITY) {
                    double total = c + best[mask ^ s];
                    if (total < b) {
                        b = total;
                        pick = s;
                    }
                }
                if (sub == 0) {
                    break;
                }
            }
            best[mask] = b;
            choice[mask] = pick;
        }
        List<int[]> clusters = new ArrayList<>();
        List<Integer> deleted = new ArrayList<>();
        for (int mask = full; mask != 0; ) {
            int s = choice[mask];
            if (s == -1) {
                int low = mask & -mask;
                deleted.add(Integer.numberOfTrailingZeros(low));
                mask ^= low;
            } else {
                clusters.add(rows(s));
                mask ^= s;
            }
        }
        return new Clustering(clusters, deleted.stream().mapToInt(Integer::intValue).toArray());
    }

    /** cost of every subset of k .. 2k - 1 rows as one cluster; +infinity for the others. */
    private static double[] clusterCosts(Instance instance, int n, int k) {
        int m = instance.qiCount();
        int size = 1 << n;
        int[][] levels = new int[size][];
        double[] cost = new double[size];
        int largest = Math.max(k, 2 * k - 1);
        for (int mask = 1; mask < size; mask++) {
            int count = Integer.bitCount(mask);
            if (count == 1) {
                levels[mask] = new int[m];
            } else if (count <= largest) {
                int high = Integer.highestOneBit(mask);
                int[] base = levels[mask ^ high];
                int anchor = Integer.numberOfTrailingZeros(mask);
                int row = Integer.numberOfTrailingZeros(high);
                int[] l = base.clone();
                for (int q = 0; q < m; q++) {
                    l[q] = Math.max(l[q], instance.agreeLevel(q, anchor, row));
                }
                levels[mask] = l;
            }
            cost[mask] = count >= k && count <= largest ? count * instance.rowCost(levels[mask]) : Double.POSITIVE_INFINITY;
        }
        return cost;
    }

    private static int[] rows(int mask) {
        int[] rows = new int[Integer.bitCount(mask)];
        int i = 0;
        for (int m = mask; m != 0; m &= m - 1) {
            rows[i++] = Integer.numberOfTrailingZeros(m);
        }
        return rows;
    }
}
