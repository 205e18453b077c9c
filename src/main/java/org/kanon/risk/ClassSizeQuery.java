package org.kanon.risk;

import org.kanon.metrics.ClassSizes;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;

/**
 * The class-size distribution of a relation under some columns, as one statement: the classes' sizes by a
 * {@code GROUP BY} of the columns, then how many classes have each size by a {@code GROUP BY} of those sizes. The
 * database returns a few hundred rows at most whatever the table's size.
 */
final class ClassSizeQuery {
    private ClassSizeQuery() {
    }

    static ClassSizes of(DSLContext ctx, Table<?> from, List<Field<?>> columns, Condition where) {
        // sizes as BIGINT: Derby's COUNT is an INTEGER, and the sizes' sum is taken in Java as a long anyway
        Table<?> classes = ctx.select(DSL.count().cast(SQLDataType.BIGINT).as(DSL.name("n")))
                .from(from).where(where).groupBy(columns).asTable(DSL.name("c"));
        Field<Long> n = DSL.field(DSL.name("c", "n"), SQLDataType.BIGINT);
        Map<Long, Long> bySize = new HashMap<>();
        for (Record r : ctx.select(n, DSL.count().cast(SQLDataType.BIGINT)).from(classes).groupBy(n).fetch()) {
            bySize.put(((Number) r.get(0)).longValue(), ((Number) r.get(1)).longValue());
        }
        return ClassSizes.of(bySize);
    }
}
