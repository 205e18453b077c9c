package org.kanon.frequency;

import org.kanon.lattice.Node;

/**
 * Computes frequency sets of lattice nodes over the star schema, from the data (a scan) or from a finer frequency
 * set (Incognito's rollup property, plus projection of attributes). Two implementations give the same answers:
 * one keeps frequency sets as tables in the database, one in memory.
 */
public interface FrequencyExecutor extends AutoCloseable {

    /** Hierarchy height of each quasi-identifier, in QI order. */
    int[] heights();

    /** Rows of the source table. */
    long rows();

    /** The frequency set of {@code node}, computed from the source table. */
    FrequencySet scan(Node node);

    /**
     * The frequency set of {@code node} computed from {@code finer} without touching the source table; requires
     * {@code node.derivableFrom(finer.node())}.
     */
    FrequencySet derive(FrequencySet finer, Node node);

    ExecutorStats stats();

    @Override
    void close();
}
