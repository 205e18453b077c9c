package org.kanon.frequency;

import org.kanon.lattice.Node;

/** A frequency set held by an executor: in memory, or a table in the database. */
public interface FrequencySet {
    Node node();

    /** Classes, smallest class and rows/classes below k, computed where the set lives. */
    FrequencySummary summarize(int k);

    /** Frees what the set holds (drops its table); using it afterwards is a bug. */
    void discard();
}
