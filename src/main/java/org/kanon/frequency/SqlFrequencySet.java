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
 */
public final class SqlFrequencySet implements FrequencySet {
    private final SqlExecutor executor;
    private final Node node;
    private final Table<?> table;
    private boolean discarded;
    /** The summary the check that stored this set computed: asking again for the same k needs no statement. */
    private FrequencySummary known;

    SqlFrequencySet(SqlExecutor executor, Node node, Table<?> table) {
        this.executor = executor;
        this.node = node;
        this.table = table;
    }

    @Override
    public Node node() {
        return node;
    }

    Table<?> table() {
        live();
        return table;
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
        for (Record r : executor.tables().dsl().select(select).from(table).fetch()) {
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
        Table<?> t = table();
        discarded = true;
        executor.drop(t);
    }

    private void live() {
        if (discarded) {
            throw new IllegalStateException("frequency set of " + node + " was discarded");
        }
    }
}
