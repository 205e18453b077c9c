package org.kanon.metrics;

import java.util.ArrayList;
import java.util.List;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Record2;
import org.jooq.Select;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.release.ReleaseRecord;
import org.kanon.schema.Column;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.schema.TextValues;
import org.kanon.schema.hierarchy.Dimension;
import org.kanon.schema.hierarchy.HierarchyCatalog;

/**
 * Utility and protection figures of any registered release, computed by SQL from the released relation and the
 * hierarchies alone (not from the code that produced it), so global and local recodings of every algorithm are
 * measured alike: classes, smallest class, the (alpha,k) paper's distortion (a cell generalized h levels up costs
 * h; a suppressed {@code *} costs the hierarchy's height) and distortion ratio (over the distortion of every cell
 * at the root), and the largest share of the sensitive class (simple (alpha,k)) or of any sensitive value in a
 * class. A cell's level is the lowest level whose labels include its value.
 */
public final class ReleaseMetrics {
    private final Database db;

    public ReleaseMetrics(Database db) {
        this.db = db;
    }

    /** {@code largestSensitiveShare} is NaN when the release has no sensitive attribute. */
    public record Figures(long rows, long classes, long smallestClass, long distortion, long distortionAtRoot,
                          double largestSensitiveShare) {
        public double distortionRatio() {
            return distortionAtRoot == 0 ? 0 : (double) distortion / distortionAtRoot;
        }
    }

    public Figures of(ReleaseRecord release) {
        DSLContext ctx = db.dsl();
        SourceTable source = new TableResolver(db).resolve(release.sourceSchema() + "." + release.sourceTable());
        HierarchyCatalog hierarchies = new HierarchyCatalog(db);
        Table<?> relation = DSL.table(DSL.name(release.relationSchema(), release.relationName())).as(DSL.name("r"));
        List<Field<?>> qis = new ArrayList<>();
        long distortion = 0;
        long heights = 0;
        for (String name : release.quasiIdentifiers().split(",")) {
            Column column = source.column(name);
            Field<Object> cell = DSL.field(DSL.name("r", column.name()));
            qis.add(cell);
            Dimension d = hierarchies.find(source, column).orElseThrow(() -> new InvalidInputException(
                    "release " + release.name() + ": " + column.name() + " has no hierarchy bound any more"));
            heights += d.height();
            distortion += cellLevels(ctx, relation, cell, column, d);
        }
        Table<?> classes = ctx.select(DSL.count().as(DSL.name("n"))).from(relation).groupBy(qis).asTable(DSL.name("c"));
        Field<Integer> n = DSL.field(DSL.name("c", "n"), Integer.class);
        Record shape = ctx.select(DSL.count(), DSL.min(n), DSL.sum(n)).from(classes).fetchSingle();
        long rows = shape.get(2) == null ? 0 : ((Number) shape.get(2)).longValue();
        double share = release.sensitiveAttribute() == null ? Double.NaN : largestShare(ctx, release, source, relation, qis);
        return new Figures(rows, shape.get(0, Long.class), shape.get(1) == null ? 0 : shape.get(1, Long.class), distortion,
                rows * heights, share);
    }

    /** Sum over the column's cells of their level: labels matched to the lowest level holding them. */
    private static long cellLevels(DSLContext ctx, Table<?> relation, Field<Object> cell, Column column, Dimension d) {
        Select<Record2<String, Integer>> labels = null;
        for (int l = 0; l <= d.height(); l++) {
            Select<Record2<String, Integer>> level = ctx.selectDistinct(d.level("d", l).as(DSL.name("label")),
                    DSL.inline(l).as(DSL.name("lvl"))).from(d.table("d"));
            labels = labels == null ? level : labels.unionAll(level);
        }
        Table<?> lowest = ctx.select(DSL.field(DSL.name("a", "label"), String.class).as(DSL.name("label")),
                        DSL.min(DSL.field(DSL.name("a", "lvl"), Integer.class)).as(DSL.name("lvl")))
                .from(labels.asTable(DSL.name("a"))).groupBy(DSL.field(DSL.name("a", "label"))).asTable(DSL.name("m"));
        Field<String> text = TextValues.of(cell, column, ctx.dialect());
        Field<Integer> lvl = DSL.field(DSL.name("m", "lvl"), Integer.class);
        Record r = ctx.select(DSL.sum(DSL.coalesce(lvl, DSL.when(text.eq(DSL.inline("*")), DSL.inline(d.height())).else_(DSL.inline(0)))))
                .from(relation.leftJoin(lowest).on(text.eq(DSL.field(DSL.name("m", "label"), String.class))))
                .fetchSingle();
        return r.get(0) == null ? 0 : ((Number) r.get(0)).longValue();
    }

    private static double largestShare(DSLContext ctx, ReleaseRecord release, SourceTable source, Table<?> relation,
                                       List<Field<?>> qis) {
        Column s = source.column(release.sensitiveAttribute());
        Field<Object> value = DSL.field(DSL.name("r", s.name()));
        List<String> named = release.sensitiveValueList();
        Field<?> key = named.isEmpty() ? value : DSL.when(TextValues.of(value, s, ctx.dialect())
                .in(named.stream().map(DSL::inline).toList()), DSL.inline(1)).else_(DSL.inline(0));
        List<Field<?>> inner = new ArrayList<>();
        List<Field<?>> outerKey = new ArrayList<>();
        for (int i = 0; i < qis.size(); i++) {
            inner.add(qis.get(i).as(DSL.name("q" + i)));
            outerKey.add(DSL.field(DSL.name("v", "q" + i)));
        }
        inner.add(key.as(DSL.name("s")));
        inner.add(DSL.count().as(DSL.name("c")));
        List<Field<?>> groups = new ArrayList<>(qis);
        groups.add(key);
        Table<?> v = ctx.select(inner).from(relation).groupBy(groups).asTable(DSL.name("v"));
        Field<Long> c = DSL.field(DSL.name("v", "c"), SQLDataType.BIGINT);
        Field<Integer> sv = DSL.field(DSL.name("v", "s"), SQLDataType.INTEGER);
        Field<?> part = named.isEmpty() ? DSL.max(c) : DSL.sum(DSL.when(sv.eq(DSL.inline(1)), c).else_(DSL.inline(0L)));
        Table<?> perClass = ctx.select(part.cast(SQLDataType.DOUBLE).div(DSL.sum(c).cast(SQLDataType.DOUBLE)).as(DSL.name("share")))
                .from(v).groupBy(outerKey).asTable(DSL.name("e"));
        Record r = ctx.select(DSL.max(DSL.field(DSL.name("e", "share"), Double.class))).from(perClass).fetchSingle();
        return r.get(0) == null ? 0 : r.get(0, Double.class);
    }
}
