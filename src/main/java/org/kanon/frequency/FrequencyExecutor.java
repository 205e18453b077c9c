package org.kanon.frequency;

import java.util.ArrayList;
import java.util.List;
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

    /**
     * Checks {@code node} for "at most {@code allowance} rows in classes smaller than {@code k}" with its frequency
     * set computed from {@code finer} ({@link #derive}), or from the source table ({@link #scan}) when
     * {@code finer} is null. Returns null when the node passes, else its frequency set: Incognito discards the
     * sets of passing nodes unused and keeps only the failed ones for rollup, so an executor may decide a pass
     * without building the set. The default builds it and summarizes it.
     */
    default FrequencySet setIfFails(FrequencySet finer, Node node, int k, long allowance) {
        FrequencySet set = finer == null ? scan(node) : derive(finer, node);
        if (set.summarize(k).rowsBelowK() <= allowance) {
            set.discard();
            return null;
        }
        return set;
    }

    /**
     * Whether {@link #scan} and {@link #derive} may be called from several threads at once (a search may then
     * compute independent sets in parallel). The database executor holds one connection: no.
     */
    default boolean supportsConcurrentUse() {
        return false;
    }

    /**
     * {@link #setIfFails} for several nodes at once, answered in the order asked: null for a passing node, else its
     * set. The nodes must not depend on one another's verdicts (Incognito asks the unmarked nodes of one height),
     * so an executor may decide them together; the database one asks many in one statement. The default asks one
     * by one. On failure, sets already made are discarded.
     */
    default List<FrequencySet> setsIfFail(List<FrequencyCheck> checks, int k, long allowance) {
        List<FrequencySet> sets = new ArrayList<>(checks.size());
        try {
            for (FrequencyCheck c : checks) {
                sets.add(setIfFails(c.finer(), c.node(), k, allowance));
            }
            return sets;
        } catch (RuntimeException e) {
            sets.stream().filter(s -> s != null).forEach(FrequencySet::discard);
            throw e;
        }
    }

    /**
     * How many checks a search should hand to {@link #setsIfFail} at once. Checking together keeps the sources of
     * the whole batch alive until it is done, so an executor that gains nothing from it asks for one at a time.
     */
    default int checksPerBatch() {
        return 1;
    }

    /**
     * Whether {@code roots} nodes due to be rolled up from {@code from} are better rolled up from coarser sets derived
     * from it first (each read by fewer roots; see the super-roots search). By default always: split down to single
     * roots. The executors override it with what their costs favour (in memory, a source of a few thousand classes is
     * read by all its roots; in SQL, only a large source with many roots is split).
     */
    default boolean rollsUpInSteps(FrequencySet from, int roots) {
        return true;
    }

    /**
     * Whether every row of the table has one and the same value at {@code level} of QI {@code attribute} (as at the
     * top of most hierarchies, "*"): such a level groups no rows apart, so a node with it has the classes of the node
     * without the attribute. False when unknown, the default.
     */
    default boolean singleValued(int attribute, int level) {
        return false;
    }

    ExecutorStats stats();

    @Override
    void close();
}
