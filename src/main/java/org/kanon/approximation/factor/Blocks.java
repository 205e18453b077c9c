package org.kanon.approximation.factor;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import org.kanon.InvalidInputException;
import org.kanon.approximation.instance.Clustering;
import org.kanon.approximation.instance.Instance;

/**
 * The partition of a large table into blocks that the factor algorithms solve one by one: the exact factor of a block
 * of B rows needs a matching on a gadget with B^2 / 2 candidate edges, so a whole table is not matched at once.
 *
 * <p><b>Partition.</b> Rows are sorted by their hierarchy paths: QI by QI in the instance's order, within a QI from the
 * level just below the root down to the raw value (codes compared with {@link Instance#code}); rows of one group stay
 * together. The sorted rows are cut into consecutive blocks of blockSize rows; a last block of fewer than k rows joins
 * its predecessor. Rows that share generalized values land in the same block, where the exact factor can pair them.
 *
 * <p><b>Identical rows.</b> With {@link #partition(Instance, int, int, int)} and a table larger than one block, a group
 * of s >= k + keepTwins identical rows first gives s - keepTwins of them a block of their own (released as classes of
 * identical rows, at cost 0, that block's optimum); keepTwins of them stay in the sorted sequence, where they can still
 * pair with other rows. Large groups of identical rows are what makes Blossom V slow (zero-weight ties everywhere), and
 * on Adult setting every group of k or more aside (keepTwins = 0) was both the fastest and the cheapest choice (see
 * FactorTiming).
 *
 * <p><b>Guarantee.</b> A bound proved for the whole table (cost <= c * OPT) then holds <b>per block</b> (the cost of a
 * block's classes <= c * the optimum of that block alone), <b>not globally</b>: the optimum of the whole table may put
 * rows of different blocks together. Only a table of at most blockSize rows is solved as one block, with the bound for
 * the whole table.
 */
public final class Blocks {
    private Blocks() {
    }

    /** The rows of the instance in hierarchy-path order, cut into blocks of at most blockSize (+ k - 1) rows; no rows set aside. */
    public static List<int[]> partition(Instance instance, int blockSize, int k) {
        return partition(instance, blockSize, k, Integer.MAX_VALUE);
    }

    /**
     * As {@link #partition(Instance, int, int)}, after setting identical rows aside when the table has more than
     * blockSize rows: of a group of s >= k + keepTwins rows, s - keepTwins form a block of their own, the others stay
     * in the sorted sequence. {@code keepTwins = Integer.MAX_VALUE} sets nothing aside. (Should fewer than k rows be
     * left for the sequence, rows of the last block set aside come back to it.)
     */
    public static List<int[]> partition(Instance instance, int blockSize, int k, int keepTwins) {
        if (k < 1) {
            throw new InvalidInputException("--k must be at least 1, got " + k);
        }
        if (blockSize < k) {
            throw new InvalidInputException("--block-size must be at least k = " + k + ", got " + blockSize);
        }
        if (keepTwins < 0) {
            throw new IllegalArgumentException("keepTwins must be >= 0, got " + keepTwins);
        }
        int n = instance.size();
        if (n < k) {
            throw new InvalidInputException("--k: the table has " + n + " row(s), fewer than k = " + k);
        }
        List<int[]> blocks = new ArrayList<>();
        int[] sorted = sortedRows(instance);
        if (n > blockSize && keepTwins < Integer.MAX_VALUE) {
            int[] rest = new int[n];
            int kept = 0;
            for (int i = 0; i < n; ) {
                int g = instance.group(sorted[i]);
                int j = i;
                while (j < n && instance.group(sorted[j]) == g) {
                    j++;
                }
                int size = j - i;
                int keep = (long) size >= (long) k + keepTwins ? keepTwins : size;
                for (int r = i; r < i + keep; r++) {
                    rest[kept++] = sorted[r];
                }
                if (keep < size) {
                    blocks.add(Arrays.copyOfRange(sorted, i + keep, j));
                }
                i = j;
            }
            sorted = Arrays.copyOf(rest, kept);
        }
        cut(sorted, blockSize, k, blocks);
        return blocks;
    }

    /** Consecutive blocks of blockSize rows; a last block of fewer than k rows joins its predecessor. */
    private static void cut(int[] rows, int blockSize, int k, List<int[]> blocks) {
        int[] sorted = rows;
        int n = sorted.length;
        if (n == 0) {
            return;
        }
        if (n < k) {
            // only after twins were set aside: take twins back from the last twin block until k rows are left
            int[] twins = blocks.remove(blocks.size() - 1);
            int back = twins.length - (k - n) >= k ? k - n : twins.length;
            if (back < twins.length) {
                blocks.add(Arrays.copyOfRange(twins, back, twins.length));
            }
            int[] joined = Arrays.copyOf(sorted, n + back);
            System.arraycopy(twins, 0, joined, n, back);
            sorted = joined;
            n = sorted.length;
        }
        for (int start = 0; start < n; start += blockSize) {
            int end = Math.min(n, start + blockSize);
            if (n - end < k && end < n) {
                end = n; // the remainder is too small for a block of its own
            }
            blocks.add(Arrays.copyOfRange(sorted, start, end));
            if (end == n) {
                break;
            }
        }
    }

    /** Solves every block on its own and joins the clusters: a clustering of all rows. */
    static Clustering solveEach(Instance instance, int blockSize, int k, int keepTwins, Function<int[], Clustering> solver) {
        List<int[]> clusters = new ArrayList<>();
        for (int[] block : partition(instance, blockSize, k, keepTwins)) {
            clusters.addAll(solver.apply(block).clusters());
        }
        return Clustering.of(clusters);
    }

    /** Every row once, groups sorted by (QI, level from just below the root down to 0) codes. */
    static int[] sortedRows(Instance instance) {
        int groups = instance.table().groupCount();
        int m = instance.qiCount();
        int width = 0;
        for (int q = 0; q < m; q++) {
            width += instance.height(q);
        }
        int[][] keys = new int[groups][width];
        for (int g = 0; g < groups; g++) {
            int row = instance.firstRow(g);
            int i = 0;
            for (int q = 0; q < m; q++) {
                for (int level = instance.height(q) - 1; level >= 0; level--) {
                    keys[g][i++] = instance.code(q, row, level);
                }
            }
        }
        Integer[] order = new Integer[groups];
        for (int g = 0; g < groups; g++) {
            order[g] = g;
        }
        Arrays.sort(order, (a, b) -> {
            int c = Arrays.compare(keys[a], keys[b]);
            return c != 0 ? c : Integer.compare(a, b);
        });
        int[] rows = new int[instance.size()];
        int r = 0;
        for (int g : order) {
            for (int row = instance.firstRow(g); row < instance.firstRow(g + 1); row++) {
                rows[r++] = row;
            }
        }
        return rows;
    }
}
