package org.kanon.frequency;

import java.util.ArrayList;
import java.util.List;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Table;
import org.kanon.lattice.Node;

/**
 * A frequency set as a temporary table of its executor's connection: one column per attribute of the node (the
 * generalized value, or the raw value at level 0) and the count of the class; under a model with a sensitive
 * attribute, one more column for the sensitive value, and a count per (class, sensitive value).
 *
 * <p>A set may also be <em>deferred</em>: a failed node whose classes are nearly those of the set it was checked
 * from (see {@link SqlExecutor#NEAR_UNIQUE_SHARE}) is not stored; whoever rolls up from it reads that source
 * instead, which gives the same classes after grouping (the rollup property is transitive). The source is kept alive
 * while deferred sets read it, even once its owner has discarded it. A deferred set is stored only if asked for
 * something its summary does not answer.
 */
public final class SqlFrequencySet implements FrequencySet {
    private final SqlExecutor executor;
    private final Node node;
    private Table<?> table;
    /** Rows of the stored table (classes, or (class, sensitive value) pairs under a model); -1 until stored. */
    private long storedRows = -1;
    /** While deferred (no table yet, not discarded): what its rollups read instead (null: the fact table, a scan). */
    private SqlFrequencySet source;
    /** Discarded by its owner; the table is dropped once no deferred set reads it either. */
    private boolean discarded;
    private boolean dropped;
    private int deferredReaders;
    /** The summary the check that stored this set computed: asking again for the same k needs no statement. */
    private FrequencySummary known;

    /** A set about to be stored ({@link #stored}) or deferred. */
    SqlFrequencySet(SqlExecutor executor, Node node) {
        this.executor = executor;
        this.node = node;
    }

    void stored(Table<?> table, long rows) {
        this.table = table;
        this.storedRows = rows;
    }

    /** Rows of its table; the set is stored first if it was deferred. */
    long storedRows() {
        table();
        return storedRows;
    }

    /** A failed node's set left unstored: rollups from it read {@code source} (null: the table). */
    static SqlFrequencySet deferred(SqlExecutor executor, Node node, SqlFrequencySet source, FrequencySummary summary) {
        SqlFrequencySet set = new SqlFrequencySet(executor, node);
        set.source = source;
        set.known = summary;
        if (source != null) {
            source.deferredReaders++;
        }
        return set;
    }

    @Override
    public Node node() {
        return node;
    }

    /** The stored table; a deferred set is stored now (one statement from its source). */
    Table<?> table() {
        live();
        if (isDeferred()) {
            executor.storeDeferred(this, source);
            releaseSource();
        }
        return table;
    }

    /** What a rollup from this set reads: the set itself, or a deferred set's source (null: a scan of the table). */
    SqlFrequencySet readable() {
        live();
        return isDeferred() ? source : this;
    }

    boolean isDeferred() {
        return table == null && !discarded;
    }

    @Override
    public long rowsToRead() {
        SqlFrequencySet from = readable();
        return from == null ? executor.scanRows() : from.storedRows;
    }

    SqlExecutor executor() {
        return executor;
    }

    @Override
    public FrequencySummary summarize(int k) {
        live();
        if (known == null || (known.k() != k && !executor.modelDecides())) { // a model decides with its own k
            known = executor.summarize(this, k);
        }
        return known;
    }

    /**
     * The classes and their counts, one row each, in no particular order (codes turned back into the raw values and
     * labels they stand for);
     * under a model, one row per (class, sensitive value), the values ending with the sensitive one.
     */
    public List<FrequencyRow> fetch() {
        live();
        List<Field<?>> select = new ArrayList<>();
        for (int attribute : node.attributes()) {
            select.add(executor.valueColumn(attribute));
        }
        if (executor.sensitiveColumn() != null) {
            select.add(executor.sensitiveColumn());
        }
        int width = select.size();
        select.add(executor.countColumn());
        List<FrequencyRow> rows = new ArrayList<>();
        for (Record r : executor.tables().dsl().select(select).from(table()).fetch()) {
            List<Object> values = new ArrayList<>();
            for (int i = 0; i < width; i++) {
                values.add(i < node.size() ? executor.decode(node.attribute(i), node.level(i), r.get(i)) : r.get(i));
            }
            rows.add(new FrequencyRow(values, r.get(width, Long.class)));
        }
        return rows;
    }

    void remember(FrequencySummary summary) {
        known = summary;
    }

    @Override
    public void discard() {
        live();
        boolean wasDeferred = isDeferred();
        discarded = true;
        if (wasDeferred) {
            releaseSource();
        } else if (deferredReaders == 0) {
            drop();
        }
    }

    private void releaseSource() {
        SqlFrequencySet s = source;
        source = null;
        if (s != null && --s.deferredReaders == 0 && s.discarded) {
            s.drop();
        }
    }

    private void drop() {
        if (!dropped) {
            dropped = true;
            executor.drop(table);
        }
    }

    /** Usable by its owner until discarded, and by the deferred sets that read it until they are done. */
    private void live() {
        if (dropped || (discarded && deferredReaders == 0)) {
            throw new IllegalStateException("frequency set of " + node + " was discarded");
        }
    }
}
