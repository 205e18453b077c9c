package org.kanon.approximation.factor;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.kanon.approximation.Clustering;
import org.kanon.approximation.Instance;

/**
 * 3-anonymity by a minimum-weight 2-factor (Aggarwal et al., section 6): in the complete graph on the rows, weighted by
 * {@link Instance#distance}, find vertex-disjoint cycles (each of at least 3 rows) covering every row with least total
 * weight (a minimum-weight perfect matching on {@link FactorGadget}'s gadget, Blossom V). A cycle of 3, 4 or 5 rows
 * becomes one class; a longer cycle is cut into runs of adjacent rows (Lemma 11): 3x rows into x runs of 3, 3x+1 into
 * x-1 runs of 3 and one of 4, 3x+2 into x-2 runs of 3 and two of 4. Among all such cuts (every rotation, every placement
 * of the runs of 4) the one whose runs keep the least total weight of cycle edges is taken, ties broken by the
 * clustering cost ({@link CycleCuts.Rule#EDGES_THEN_COST}).
 *
 * <p>Guarantee (Lemmas 10 and 11): cost <= 3 c_F <= 2 OPT on a binary alphabet (suppression). Lemma 11 (cost <= 3 c_F)
 * holds for any hierarchy; Lemma 10 needs the median of binary rows. With hierarchies every cycle through a class of
 * OPT weighs at most |class| times its row cost, so c_F <= OPT and cost <= 3 OPT.
 *
 * <p>{@link #cluster(Instance, int[])} is exact on the rows given: the optimum over the complete graph on them (found on
 * a sparse gadget and certified by the matching's duals, see {@link FactorGadget}). {@link #blocked} cuts a large table
 * into {@link Blocks} first, and the guarantee then holds per block. No row deletion.
 */
public final class FactorThree {
    public static final int K = 3;
    /**
     * Rows per block of {@link #blocked(Instance)}: measured with FactorTiming, a block of 300 rows takes tens of ms
     * (Adult, 45,222 rows: about 2 s in all; random rows: a few seconds); larger blocks cost less and take longer.
     */
    public static final int DEFAULT_BLOCK_SIZE = 300;
    static final String NAME = "factor3";

    /** Rows of a group of identical rows that {@link #blocked} keeps in the sorted sequence (see {@link Blocks}): none. */
    public static final int KEEP_TWINS = 0;

    private FactorThree() {
    }

    /** A minimum-weight 2-factor of the complete graph on these rows (sparse gadget certified by pricing). */
    public static Factor factor(Instance instance, int[] rows) {
        Factor.requireInput(instance, rows, K, NAME);
        return FactorGadget.factor(instance, rows, FactorGadget.Degrees.TWO, true);
    }

    /**
     * The same optimum from the gadget of the complete graph, without pricing: about n^2 vertices, so only for small
     * row sets; what {@link #factor} is checked against.
     */
    public static Factor referenceFactor(Instance instance, int[] rows) {
        Factor.requireInput(instance, rows, K, NAME);
        return FactorGadget.factor(instance, rows, FactorGadget.Degrees.TWO, false);
    }

    /** The 3-anonymous clustering of these rows (and only these) from their minimum 2-factor. */
    public static Clustering cluster(Instance instance, int[] rows) {
        return cluster(instance, factor(instance, rows));
    }

    /** {@link #cluster(Instance, int[])} on all rows of the instance, in one matching. */
    public static Clustering cluster(Instance instance) {
        return cluster(instance, IntStream.range(0, instance.size()).toArray());
    }

    /** {@link #blocked(Instance, int)} with {@link #DEFAULT_BLOCK_SIZE}. */
    public static Clustering blocked(Instance instance) {
        return blocked(instance, DEFAULT_BLOCK_SIZE);
    }

    /** Block by block ({@link Blocks}), identical rows set aside ({@link #KEEP_TWINS}): the clustering of all rows; the guarantee holds per block. */
    public static Clustering blocked(Instance instance, int blockSize) {
        return blocked(instance, blockSize, KEEP_TWINS);
    }

    /**
     * Block by block ({@link Blocks#partition(Instance, int, int, int)}: when the table is larger than one block, the
     * rows of a group of identical rows beyond keepTwins get blocks of their own): the clustering of all rows; the
     * guarantee holds per block.
     */
    public static Clustering blocked(Instance instance, int blockSize, int keepTwins) {
        Factor.refuseRowDeletion(instance, NAME);
        return Blocks.solveEach(instance, blockSize, K, keepTwins, block -> cluster(instance, block));
    }

    /** Cycles of 3..5 rows as clusters, longer ones cut by Lemma 11's rule. */
    public static Clustering cluster(Instance instance, Factor factor) {
        List<int[]> clusters = new ArrayList<>();
        for (Factor.Component c : factor.components()) {
            if (!c.cycle()) {
                throw new IllegalStateException("a 2-factor has a path component of " + c.size() + " row(s)");
            }
            clusters.addAll(cutCycle(instance, c.rows()));
        }
        return Clustering.of(clusters);
    }

    /** Lemma 11's cut of one cycle (rows in cycle order). */
    static List<int[]> cutCycle(Instance instance, int[] cycle) {
        int n = cycle.length;
        if (n < 3) {
            throw new IllegalArgumentException("a cycle of a 2-factor has at least 3 rows, got " + n);
        }
        if (n <= 5) {
            return List.of(cycle.clone());
        }
        return CycleCuts.cutCycle(instance, cycle, 3, n % 3, CycleCuts.Rule.EDGES_THEN_COST);
    }
}
