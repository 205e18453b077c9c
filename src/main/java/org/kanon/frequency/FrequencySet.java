package org.kanon.frequency;

import org.kanon.lattice.Node;

/** A frequency set held by an executor: in memory, or a table in the database. */
public interface FrequencySet {
    Node node();

    /** Classes, smallest class and rows/classes below k, computed where the set lives. */
    FrequencySummary summarize(int k);

    /**
     * Rows a rollup from this set reads: its classes, or, for a set known to fail but not built, the rows of what it
     * would be built from. A search picks the cheapest source by it, without making an executor build the set.
     */
    long rowsToRead();

    /** Frees what the set holds (drops its table); using it afterwards is a bug. */
    void discard();
}
