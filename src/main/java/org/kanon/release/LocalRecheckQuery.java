package org.kanon.release;

import java.util.ArrayList;
import java.util.List;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Select;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.kanon.privacy.PrivacyModel;
import org.kanon.schema.Column;
import org.kanon.schema.TextValues;

/**
 * The statement that re-checks a release under any {@link PrivacyModel} from the released relation alone; it must
 * return no row. Every class is {@code GROUP BY} the QI columns of the release; conditions are in integers, alpha
 * being num/den:
 * <ul>
 * <li>k-anonymity: {@code SELECT q.., COUNT(*) FROM r GROUP BY q.. HAVING COUNT(*) < k};</li>
 * <li>otherwise over the counts per class and sensitive value,
 *     {@code SELECT q.., SUM(m) FROM (SELECT q.., s, COUNT(*) m FROM r GROUP BY q.., s) x GROUP BY q.. HAVING
 *     SUM(m) < k OR <condition>} with the condition {@code SUM(CASE WHEN text(s) IN (values) THEN m ELSE 0 END) * den
 *     > num * SUM(m)} (simple (alpha,k)), {@code MAX(m) * den > num * SUM(m)} (general), {@code MAX(m) * l > SUM(m)}
 *     (frequency l-diversity) or {@code COUNT(*) < l} (distinct l-diversity: the number of (class, value) groups,
 *     where a NULL value counts as one value, as in the algorithm), as the model builds it
 *     ({@link PrivacyModel#failsBeyondK}).</li>
 * </ul>
 * Values are inlined when the statement is stored, so a data protection officer can paste it into any SQL client.
 */
public final class LocalRecheckQuery {
    private static final String VALUE_ALIAS = "kanon s";
    private static final String COUNT_ALIAS = "kanon m";

    private LocalRecheckQuery() {
    }

    public static Select<?> build(DSLContext ctx, String relationSchema, String relationName, List<String> qiColumns,
                                  PrivacyModel model, Column sensitiveColumn) {
        Table<?> relation = DSL.table(DSL.name(relationSchema, relationName));
        List<Field<?>> qis = new ArrayList<>();
        for (String c : qiColumns) {
            qis.add(DSL.field(DSL.name(c)));
        }
        if (model.sensitive().isEmpty()) {
            List<Field<?>> select = new ArrayList<>(qis);
            select.add(DSL.count().as(DSL.name("class_size")));
            return ctx.select(select).from(relation).groupBy(qis).having(DSL.count().lt(DSL.inline(model.k())));
        }
        Field<Object> s = DSL.field(DSL.name(sensitiveColumn.name()));
        List<Field<?>> inner = new ArrayList<>(qis);
        inner.add(s.as(DSL.name(VALUE_ALIAS)));
        inner.add(DSL.count().as(DSL.name(COUNT_ALIAS)));
        List<Field<?>> innerGroup = new ArrayList<>(qis);
        innerGroup.add(s);
        Table<?> x = ctx.select(inner).from(relation).groupBy(innerGroup).asTable(DSL.name("x"));
        Field<java.math.BigDecimal> m = DSL.field(DSL.name("x", COUNT_ALIAS), java.math.BigDecimal.class);
        Field<Object> value = DSL.field(DSL.name("x", VALUE_ALIAS));
        List<Field<?>> outerQis = new ArrayList<>();
        for (String c : qiColumns) {
            outerQis.add(DSL.field(DSL.name("x", c)));
        }
        Field<java.math.BigDecimal> size = DSL.sum(m);
        Condition violates = size.lt(DSL.inline(java.math.BigDecimal.valueOf(model.k())))
                .or(model.failsBeyondK(m, size, TextValues.of(value, sensitiveColumn, ctx.dialect())));
        List<Field<?>> select = new ArrayList<>(outerQis);
        select.add(size.as(DSL.name("class_size")));
        return ctx.select(select).from(x).groupBy(outerQis).having(violates);
    }
}
