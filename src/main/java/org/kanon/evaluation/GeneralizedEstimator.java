package org.kanon.evaluation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.kanon.schema.Column;
import org.kanon.schema.TextValues;

/**
 * The estimate from a generalized release (one table, QI cells generalized, the sensitive value kept): every row
 * holding the sensitive value counts with the product over the ranges of the share of its cell inside the range,
 * rows spread uniformly inside a generalized value ({@link Cover}). Example 1, Table 2: 1/4 + 1/8 = 3/8.
 */
public final class GeneralizedEstimator implements CountEstimator {
    /** Rows with the same cells and sensitive value, and how many. */
    private record Cells(Cover[] covers, long count) {
    }

    private final Map<String, List<Cells>> bySensitive = new HashMap<>();

    private GeneralizedEstimator() {
    }

    /**
     * Reads the release by one {@code GROUP BY} of its QI cells and sensitive value (all as text); {@code qis} and
     * {@code sensitive} are the release's columns, {@code readers} interpret each QI column's cells.
     */
    static GeneralizedEstimator read(DSLContext ctx, Table<?> relation, List<Column> qis, Column sensitive, List<CellReader> readers) {
        List<Field<?>> inner = new ArrayList<>();
        List<Field<?>> outer = new ArrayList<>();
        for (int i = 0; i < qis.size(); i++) {
            inner.add(TextValues.of(DSL.field(DSL.name("r", qis.get(i).name())), qis.get(i), ctx.dialect()).as(DSL.name("c" + i)));
            outer.add(DSL.field(DSL.name("t", "c" + i)));
        }
        inner.add(TextValues.of(DSL.field(DSL.name("r", sensitive.name())), sensitive, ctx.dialect()).as(DSL.name("s")));
        outer.add(DSL.field(DSL.name("t", "s")));
        Table<?> t = ctx.select(inner).from(relation.as(DSL.name("r"))).asTable(DSL.name("t"));
        List<Field<?>> select = new ArrayList<>(outer);
        select.add(DSL.count());
        GeneralizedEstimator e = new GeneralizedEstimator();
        for (Record r : ctx.select(select).from(t).groupBy(outer).fetch()) {
            Cover[] covers = new Cover[qis.size()];
            for (int i = 0; i < covers.length; i++) {
                covers[i] = readers.get(i).cover(r.get(i, String.class));
            }
            e.add(r.get(qis.size(), String.class), covers, r.get(qis.size() + 1, Long.class));
        }
        return e;
    }

    private void add(String sensitive, Cover[] covers, long count) {
        bySensitive.computeIfAbsent(sensitive, x -> new ArrayList<>()).add(new Cells(covers, count));
    }

    @Override
    public double estimate(CountQuery query) {
        double total = 0;
        for (Cells c : bySensitive.getOrDefault(query.sensitiveValue(), List.of())) {
            double product = c.count();
            for (Interval b : query.ranges()) {
                product *= c.covers()[b.attribute()].share(b);
                if (product == 0) {
                    break;
                }
            }
            total += product;
        }
        return total;
    }

    @Override
    public String kind() {
        return "generalization";
    }
}
