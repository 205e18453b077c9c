package org.kanon.approximation.factor;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.kanon.approximation.Clustering;
import org.kanon.approximation.Instance;

/**
 * 2-anonymity by a minimum-weight [1, 2]-factor (Aggarwal et al., section 5): in the complete graph on the rows,
 * weighted by {@link Instance#distance}, find a spanning subgraph of least weight in which every row has degree 1 or 2
 * (a minimum-weight perfect matching on {@link FactorGadget}'s gadget, Blossom V), and release each component as one
 * class. With positive weights an optimal factor's components are single edges and paths of two edges (2 or 3 rows).
 * Zero-weight edges (rows the cost cannot tell apart) allow longer paths and cycles; those are cut into runs of 2 and 3
 * consecutive rows, the cut of least clustering cost ({@link CycleCuts.Rule#COST}). Cutting only removes edges.
 *
 * <p>Guarantee (Theorem 6 and the paragraph after it): cost <= 1.5 OPT on a binary alphabet, <= 2 OPT on any alphabet
 * (suppression). The argument for any alphabet (ALG <= 3 c_OFAC, c_OFAC <= 2/3 OPT) carries over to generalization
 * hierarchies: a 3-row class costs 3 sum_j max(h_12, h_23) / l_j <= 3 (alpha + beta), the levels being an ultrametric,
 * and at least alpha + beta + gamma.
 *
 * <p>{@link #cluster(Instance, int[])} is exact on the rows given: the optimum over the complete graph on them (found on
 * a sparse gadget and certified by the matching's duals, see {@link FactorGadget}). {@link #blocked} cuts a large table
 * into {@link Blocks} first, and the guarantee then holds per block. No row deletion.
 */
public final class FactorTwo {
    public static final int K = 2;
    /**
     * Rows per block of {@link #blocked(Instance)}: measured with FactorTiming, a block of 300 rows takes tens of ms
     * (Adult, 45,222 rows: about 2 s in all; random rows: a few seconds); larger blocks cost less and take longer.
     */
    public static final int DEFAULT_BLOCK_SIZE = 300;
    static final String NAME = "factor2";

    /** Rows of a group of identical rows that {@link #blocked} keeps in the sorted sequence (see {@link Blocks}): none. */
    public static final int KEEP_TWINS = 0;

    private FactorTwo() {
    }

    /** A minimum-weight [1, 2]-factor of the complete graph on these rows (sparse gadget certified by pricing). */
    public static Factor factor(Instance instance, int[] rows) {
        Factor.requireInput(instance, rows, K, NAME);
        return FactorGadget.factor(instance, rows, FactorGadget.Degrees.ONE_OR_TWO, true);
    }

    /**
     * The same optimum from the gadget of the complete graph, without pricing: about n^2 vertices, so only for small
     * row sets; what {@link #factor} is checked against.
     */
    public static Factor referenceFactor(Instance instance, int[] rows) {
        Factor.requireInput(instance, rows, K, NAME);
        return FactorGadget.factor(instance, rows, FactorGadget.Degrees.ONE_OR_TWO, false);
    }

    /** The 2-anonymous clustering of these rows (and only these) from their minimum [1, 2]-factor. */
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

    /** Each component a cluster; paths of 4 or more rows and cycles of 4 or more cut into runs of 2 and 3. */
    public static Clustering cluster(Instance instance, Factor factor) {
        List<int[]> clusters = new ArrayList<>();
        for (Factor.Component c : factor.components()) {
            int[] rows = c.rows();
            if (rows.length <= 3) {
                clusters.add(rows);
            } else if (c.cycle()) {
                clusters.addAll(CycleCuts.cutCycle(instance, rows, 2, -1, CycleCuts.Rule.COST));
            } else {
                clusters.addAll(CycleCuts.cutPath(instance, rows, 2, CycleCuts.Rule.COST));
            }
        }
        return Clustering.of(clusters);
    }
}
