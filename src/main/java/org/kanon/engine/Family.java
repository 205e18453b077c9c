package org.kanon.engine;

/** The kinds of algorithm kanon has, each of which releases in its own shape. */
public enum Family {
    /** Full-domain generalization: a lattice search, released as a view or table of one node. */
    FULL_DOMAIN,
    /** Local recoding: every row generalized on its own (top-down, KACA, Mondrian), released as a table. */
    LOCAL_RECODING,
    /** Clustering with a proven bound on the cost (forest, factor2, factor3, exact), released as a local recoding. */
    APPROXIMATION,
    /** l-diverse two-table releases without generalizing (permutation, Anatomy). */
    TWO_TABLES
}
