package org.kanon.release;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Select;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.kanon.privacy.ModelSql;
import org.kanon.privacy.PrivacyModel;
import org.kanon.schema.Column;
import org.kanon.schema.TextValues;

/**
 * The statement that re-checks a release from the released relation alone, independent of the code that wrote
 * it: {@code SELECT qi.., COUNT(*) FROM release GROUP BY qi.. HAVING COUNT(*) < k}; under a model with a sensitive
 * attribute, counts per (class, sensitive value) first, then {@code HAVING NOT <the model's condition>} per class,
 * in integers. It must return no row. It is stored in the register with its values inlined, so a data protection
 * officer can paste it into any SQL client.
 */
final class RecheckQuery {
    private RecheckQuery() {
    }

    /** {@code sensitive} is the release's column of the model's sensitive attribute (null for k-anonymity). */
    static Select<?> build(DSLContext ctx, String relationSchema, String relationName, List<String> qiColumns,
                           PrivacyModel model, Column sensitive, SuppressMode mode) {
        List<Field<?>> qis = new ArrayList<>();
        for (String c : qiColumns) {
            qis.add(DSL.field(DSL.name(c)));
        }
        Condition where = DSL.noCondition();
        if (mode == SuppressMode.STAR) {
            // the rows suppressed to '*' form one group of their own by design; every other class must pass
            Condition allStars = DSL.noCondition();
            for (Field<?> q : qis) {
                allStars = allStars.and(q.cast(String.class).eq(DSL.inline("*")));
            }
            where = DSL.not(allStars);
        }
        Table<?> release = DSL.table(DSL.name(relationSchema, relationName));
        if (sensitive == null) {
            List<Field<?>> select = new ArrayList<>(qis);
            select.add(DSL.count().as(DSL.name("class_size")));
            return ctx.select(select).from(release).where(where).groupBy(qis).having(DSL.count().lt(DSL.inline(model.k())));
        }
        Field<?> value = DSL.field(DSL.name(sensitive.name()));
        // a model that counts a sensitive class (simple (alpha,k)) groups by membership, 1 or 0, not by value
        Optional<Condition> inClass = model.inSensitiveClass(TextValues.of(value, sensitive, ctx.dialect()));
        Field<?> s = inClass.<Field<?>>map(in -> DSL.when(in, DSL.inline(1)).else_(DSL.inline(0))).orElse(value);
        List<Field<?>> inner = new ArrayList<>(qis);
        inner.add(s.as(DSL.name("s")));
        inner.add(DSL.count().as(DSL.name("c")));
        List<Field<?>> innerGroups = new ArrayList<>(qis);
        innerGroups.add(s);
        Table<?> v = ctx.select(inner).from(release).where(where).groupBy(innerGroups).asTable(DSL.name("v"));
        List<Field<?>> key = new ArrayList<>();
        for (String c : qiColumns) {
            key.add(DSL.field(DSL.name("v", c)));
        }
        Field<Long> c = DSL.field(DSL.name("v", "c"), SQLDataType.BIGINT);
        Field<Integer> sv = DSL.field(DSL.name("v", "s"), SQLDataType.INTEGER);
        Field<Long> sensitiveRows = inClass.isEmpty() ? DSL.inline(0L)
                : DSL.sum(DSL.when(sv.eq(DSL.inline(1)), c).else_(DSL.inline(0L))).cast(SQLDataType.BIGINT);
        List<Field<?>> select = new ArrayList<>(key);
        select.add(DSL.sum(c).as(DSL.name("class_size")));
        return ctx.select(select).from(v).groupBy(key)
                .having(DSL.not(ModelSql.accepts(model, DSL.sum(c), sensitiveRows, DSL.max(c), DSL.count())));
    }
}
