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
 * is then decided by the verdict as before. So proofs are tried only from sources that are near-unique, with at
 * least half the table's rows as classes, and are given up for the run when most have not come off.
 */
final class SqlFailureProof {
    /** Source classes taken as witnesses: the pass costs about the same for one or a few dozen. */
    static final int WITNESSES = 32;
    /** A source with at least this share of the table's rows as classes: most of its classes are below k. */
    static final double NEAR_UNIQUE_SOURCE = 0.5;
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
     * Whether a proof is worth trying for nodes rolled up from a source of {@code sourceClasses} classes of a table of
     * {@code rows} rows. With an allowance of {@code WITNESSES * (k - 1)} rows or more no proof can come off.
     */
    boolean worthTrying(long sourceClasses, long rows, int k, long allowance) {
        if (k < 2 || allowance >= (long) WITNESSES * (k - 1)) {
            return false;
        }
        if (sourceClasses < minClasses || sourceClasses < NEAR_UNIQUE_SOURCE * rows) {
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
