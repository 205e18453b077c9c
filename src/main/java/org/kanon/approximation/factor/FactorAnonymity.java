package org.kanon.approximation.factor;

import java.util.stream.IntStream;
import org.kanon.approximation.instance.Clustering;
import org.kanon.approximation.instance.Instance;

/**
 * What factor2 and factor3 share: a minimum-weight factor of the complete graph on some rows (a perfect matching on
 * {@link FactorGadget}'s gadget, Blossom V, found on a sparse gadget and certified by pricing), its components turned
 * into clusters by the subclass, and the block-by-block run of a large table. No row deletion.
 */
public abstract class FactorAnonymity {
    /**
     * Rows per block of {@link #blocked(Instance)}: measured with FactorTiming, a block of 300 rows takes tens of ms
     * (Adult, 45,222 rows: about 2 s in all; random rows: a few seconds); larger blocks cost less and take longer.
     */
    public static final int DEFAULT_BLOCK_SIZE = 300;

    /** Rows of a group of identical rows that {@link #blocked} keeps in the sorted sequence (see {@link Blocks}): none. */
    public static final int KEEP_TWINS = 0;

    private final int k;
    private final String name;
    private final FactorGadget.Degrees degrees;

    FactorAnonymity(int k, String name, FactorGadget.Degrees degrees) {
        this.k = k;
        this.name = name;
        this.degrees = degrees;
    }

    public int k() {
        return k;
    }

    /** A minimum-weight factor of the complete graph on these rows (sparse gadget certified by pricing). */
    public Factor factor(Instance instance, int[] rows) {
        Factor.requireInput(instance, rows, k, name);
        return FactorGadget.factor(instance, rows, degrees, true);
    }

    /**
     * The same optimum from the gadget of the complete graph, without pricing: about n^2 vertices, so only for small
     * row sets; what {@link #factor} is checked against.
     */
    public Factor referenceFactor(Instance instance, int[] rows) {
        Factor.requireInput(instance, rows, k, name);
        return FactorGadget.factor(instance, rows, degrees, false);
    }

    /** The k-anonymous clustering of these rows (and only these) from their minimum factor. */
    public Clustering cluster(Instance instance, int[] rows) {
        return cluster(instance, factor(instance, rows));
    }

    /** {@link #cluster(Instance, int[])} on all rows of the instance, in one matching. */
    public Clustering cluster(Instance instance) {
        return cluster(instance, IntStream.range(0, instance.size()).toArray());
    }

    /** {@link #blocked(Instance, int)} with {@link #DEFAULT_BLOCK_SIZE}. */
    public Clustering blocked(Instance instance) {
        return blocked(instance, DEFAULT_BLOCK_SIZE);
    }

    /** Block by block ({@link Blocks}), identical rows set aside ({@link #KEEP_TWINS}): the clustering of all rows; the guarantee holds per block. */
    public Clustering blocked(Instance instance, int blockSize) {
        return blocked(instance, blockSize, KEEP_TWINS);
    }

    /**
     * Block by block ({@link Blocks#partition(Instance, int, int, int)}: when the table is larger than one block, the
     * rows of a group of identical rows beyond keepTwins get blocks of their own): the clustering of all rows; the
     * guarantee holds per block.
     */
    public Clustering blocked(Instance instance, int blockSize, int keepTwins) {
        Factor.refuseRowDeletion(instance, name);
        return Blocks.solveEach(instance, blockSize, k, keepTwins, block -> cluster(instance, block));
    }

    /** The factor's components as clusters of at least k rows. */
    public abstract Clustering cluster(Instance instance, Factor factor);
}
