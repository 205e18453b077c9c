package org.kanon.release;

import java.util.ArrayList;
import java.util.List;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Select;
import org.jooq.impl.DSL;

/**
 * The statement that re-checks a release from the released relation alone, independent of the code that wrote
 * it: {@code SELECT qi.., COUNT(*) FROM release GROUP BY qi.. HAVING COUNT(*) < k}. It must return no row. It is
 * stored in the register with its values inlined, so a data protection officer can paste it into any SQL client.
 */
final class RecheckQuery {
    private RecheckQuery() {
    }

    static Select<?> build(DSLContext ctx, String relationSchema, String relationName, List<String> qiColumns, int k,
                           SuppressMode mode) {
        List<Field<?>> qis = new ArrayList<>();
        for (String c : qiColumns) {
            qis.add(DSL.field(DSL.name(c)));
        }
        List<Field<?>> select = new ArrayList<>(qis);
        select.add(DSL.count().as(DSL.name("class_size")));
        Condition where = DSL.noCondition();
        if (mode == SuppressMode.STAR) {
            // the rows suppressed to '*' form one group of their own by design; every other class must reach k
            Condition allStars = DSL.noCondition();
            for (Field<?> q : qis) {
                allStars = allStars.and(q.cast(String.class).eq(DSL.inline("*")));
            }
            where = DSL.not(allStars);
        }
        return ctx.select(select)
                .from(DSL.table(DSL.name(relationSchema, relationName)))
                .where(where)
                .groupBy(qis)
                .having(DSL.count().lt(DSL.inline(k)));
    }
}
