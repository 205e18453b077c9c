package org.kanon.release.metrics;

import java.util.Optional;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Record2;
import org.jooq.Select;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.kanon.metrics.AttributeLevels;
import org.kanon.schema.hierarchy.Dimension;

/**
 * Counts the cells of one released QI column per hierarchy level by SQL, from the released relation and the
 * dimension table alone. A cell's level is the lowest level whose labels hold its text; a {@code *} that is no label
 * is a suppressed cell, at the root; a NULL cell is a missing raw value, at level 0 (generalization never yields
 * NULL); any other text (a range such as {@code [25-34]}) has no level. A QI without a hierarchy has height 0.
 */
final class ReleaseLevels {
    /** The level given to a cell without one inside the query; no real level is negative. */
    private static final int NO_LEVEL = -1;

    private ReleaseLevels() {
    }

    static AttributeLevels count(DSLContext ctx, Table<?> relation, Field<String> text, String name, Optional<Dimension> dimension) {
        if (dimension.isEmpty()) {
            return new AttributeLevels(name, 0, new long[] {ctx.fetchCount(relation)}, 0);
        }
        Dimension d = dimension.get();
        Table<?> lowest = lowestLevels(ctx, d);
        Field<Integer> matched = DSL.field(DSL.name("m", "lvl"), Integer.class);
        Field<Integer> level = DSL.coalesce(matched, DSL.when(text.isNull(), DSL.inline(0))
                .when(text.eq(DSL.inline("*")), DSL.inline(d.height())).else_(DSL.inline(NO_LEVEL)));
        Table<?> cells = ctx.select(level.as(DSL.name("x")))
                .from(relation.leftJoin(lowest).on(text.eq(DSL.field(DSL.name("m", "label"), String.class))))
                .asTable(DSL.name("y"));
        Field<Integer> x = DSL.field(DSL.name("y", "x"), Integer.class);
        long[] counts = new long[d.height() + 1];
        long without = 0;
        for (Record r : ctx.select(x, DSL.count()).from(cells).groupBy(x).fetch()) {
            int l = r.get(0, Integer.class);
            long n = r.get(1, Long.class);
            if (l == NO_LEVEL) {
                without += n;
            } else {
                counts[l] += n;
            }
        }
        return new AttributeLevels(name, d.height(), counts, without);
    }

    /** {@code m(label, lvl)}: every label of the hierarchy with the lowest level it appears on. */
    private static Table<?> lowestLevels(DSLContext ctx, Dimension d) {
        Select<Record2<String, Integer>> labels = null;
        for (int l = 0; l <= d.height(); l++) {
            Select<Record2<String, Integer>> level = ctx.selectDistinct(d.level("d", l).as(DSL.name("label")),
                    DSL.inline(l).as(DSL.name("lvl"))).from(d.table("d"));
            labels = labels == null ? level : labels.unionAll(level);
        }
        Field<String> label = DSL.field(DSL.name("a", "label"), String.class);
        return ctx.select(label.as(DSL.name("label")), DSL.min(DSL.field(DSL.name("a", "lvl"), Integer.class)).as(DSL.name("lvl")))
                .from(labels.asTable(DSL.name("a"))).groupBy(label).asTable(DSL.name("m"));
    }
}
