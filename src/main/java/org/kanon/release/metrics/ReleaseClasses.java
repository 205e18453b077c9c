package org.kanon.release.metrics;

import java.util.List;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.kanon.metrics.ClassShape;

/** The {@link ClassShape} of a released relation, by one {@code GROUP BY} over its QI columns. */
final class ReleaseClasses {
    private ReleaseClasses() {
    }

    /**
     * @param cells the QI columns of the relation
     * @param texts the same as text, to find the class of starred rows
     * @param starred rows of the relation suppressed by starring (0 when the release removed or kept them)
     */
    static ClassShape of(DSLContext ctx, Table<?> relation, List<Field<?>> cells, List<Field<String>> texts, long starred) {
        // sizes as BIGINT before squaring: a class of 46,341 rows squared overflows an INTEGER
        Table<?> classes = ctx.select(DSL.count().cast(SQLDataType.BIGINT).as(DSL.name("n"))).from(relation).groupBy(cells)
                .asTable(DSL.name("c"));
        Field<Long> n = DSL.field(DSL.name("c", "n"), SQLDataType.BIGINT);
        Record shape = ctx.select(DSL.count(), DSL.min(n), DSL.sum(n), DSL.sum(n.mul(n))).from(classes).fetchSingle();
        long count = shape.get(0, Long.class);
        long smallest = shape.get(1) == null ? 0 : ((Number) shape.get(1)).longValue();
        long rows = shape.get(2) == null ? 0 : ((Number) shape.get(2)).longValue();
        long squares = shape.get(3) == null ? 0 : ((Number) shape.get(3)).longValue();
        if (starred == 0) {
            return ClassShape.of(rows, count, smallest, squares);
        }
        Condition allStars = DSL.and(texts.stream().map(t -> t.eq(DSL.inline("*"))).toList());
        long starClass = ctx.fetchCount(relation, allStars);
        // the starred rows share their class with any row generalized to * on every QI; only those rows are kept
        long kept = starClass - starred;
        return new ClassShape(rows, count, smallest, rows - starred, kept > 0 ? count : count - 1,
                squares - starClass * starClass + kept * kept);
    }
}
