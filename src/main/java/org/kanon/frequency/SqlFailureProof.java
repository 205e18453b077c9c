package org.kanon.frequency;

import org.jooq.DSLContext;
import org.jooq.Record;
import org.jooq.Select;
import org.kanon.lattice.Node;

/**
 * Proves that a node fails without grouping its whole source. On a table of near-unique rows most checked nodes
 * fail, and a verdict by GROUP BY hashes millions of classes to learn it (then grouping them again to store the
 * set). Instead: take a few classes of the source with fewer than k rows ("witnesses"), and count, in one pass
 * over the source, the rows of the node's classes that hold them. Those classes are distinct and complete, so when
 * the ones still below k hold more rows than the suppression allowance, the node fails: its rows below k are at
 * least that many. The pass is a hash join to a handful of keys instead of a hash aggregate of millions (on the
 * 1 M-row census's zero-level set, a near-unique 7-attribute node: 0.30-0.40 s against 1.46 s for its verdict).
 *
 * <p>A proof that does not come off (the witnesses' classes reached k) costs that pass for nothing, and the node
 * is then decided by the verdict as before. So a proof is tried only for a node that may have more than rows/k
 * classes (the most its source and its attributes' values allow), where grouping is also what costs most, and
 * proofs are given up for the run when most have not come off.
 */
final class SqlFailureProof {
    /** Source classes taken as witnesses: the pass costs about the same for one or a few dozen. */
    static final int WITNESSES = 32;
    /** Proofs tried before their success rate is judged, and the share that must have come off to go on. */
    private static final int TRIAL = 16;
    private static final double MIN_SUCCESS = 0.25;

    /** Sources with fewer classes are grouped quickly enough; below this no proof is tried. */
    private final long minClasses;
    private long tried;
    private long proven;

    SqlFailureProof(long minClasses) {
        this.minClasses = minClasses;
    }

    /**
     * Whether a proof is worth trying for a node of about {@code classes} classes (at most: its source's classes, and
     * the product of its attributes' distinct values at its levels) in a table of {@code rows} rows. With more than
     * rows/k classes a node fails for certain (some class is below k), and with about as many most of its classes
     * are small, so the witnesses' classes are too; with an allowance of {@code WITNESSES * (k - 1)} rows or more no
     * proof can come off.
     */
    boolean worthTrying(long classes, long rows, int k, long allowance) {
        if (k < 2 || allowance >= (long) WITNESSES * (k - 1)) {
            return false;
        }
        if (classes < minClasses || classes < (double) rows / k) {
            return false;
        }
        return tried < TRIAL || proven >= MIN_SUCCESS * tried;
    }

    /** One statement: true when the node is proven to fail; false says nothing about the node. */
    boolean proves(DSLContext ctx, SqlGrouping grouping, Node node, int k, long allowance) {
        Select<?> counts = grouping.witnessCounts(ctx, node, k, WITNESSES);
        long below = 0;
        for (Record r : ctx.fetch(counts)) {
            long total = ((Number) r.get(0)).longValue();
            if (total < k) {
                below += total;
            }
        }
        boolean fails = below > allowance;
        tally(fails);
        return fails;
    }

    /** Counts a proof tried, and whether it came off. */
    void tally(boolean cameOff) {
        tried++;
        if (cameOff) {
            proven++;
        }
    }
}
