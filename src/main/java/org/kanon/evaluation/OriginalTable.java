package org.kanon.evaluation;

import java.util.ArrayList;
import java.util.List;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.impl.DSL;
import org.kanon.schema.Column;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TextValues;

/**
 * The original table a workload is drawn from and answered on exactly: its QI columns in the release's order with
 * their domains, and the sensitive column with its values (as text, as the releases hold them).
 */
public record OriginalTable(SourceTable table, List<Column> qis, Column sensitive, List<AttributeDomain> domains,
                            List<String> sensitiveValues) {

    public OriginalTable {
        qis = List.copyOf(qis);
        domains = List.copyOf(domains);
        sensitiveValues = List.copyOf(sensitiveValues);
    }

    /** Reads the domains: one {@code SELECT DISTINCT} per QI column and one for the sensitive column. */
    public static OriginalTable load(DSLContext ctx, SourceTable table, List<String> qiNames, String sensitiveName) {
        List<Column> qis = table.columns(qiNames);
        Column sensitive = table.column(sensitiveName);
        List<AttributeDomain> domains = new ArrayList<>();
        for (Column c : qis) {
            domains.add(AttributeDomain.load(ctx, table, c));
        }
        Field<String> s = sensitiveText(ctx, sensitive);
        List<String> values = new ArrayList<>(ctx.selectDistinct(s).from(table.table()).where(s.isNotNull()).fetch(0, String.class));
        values.sort(null);
        return new OriginalTable(table, qis, sensitive, domains, values);
    }

    private static Field<String> sensitiveText(DSLContext ctx, Column sensitive) {
        return TextValues.of(DSL.field(DSL.name(sensitive.name())), sensitive, ctx.dialect());
    }

    /** The exact answer: {@code SELECT COUNT(*) FROM original WHERE ..} with the ranges and the sensitive value bound. */
    public long count(DSLContext ctx, CountQuery query) {
        return ctx.selectCount().from(table.table()).where(where(ctx, query)).fetchSingle(0, Long.class);
    }

    /**
     * The exact answers of several queries in one scan: {@code SELECT COUNT(*) FILTER (WHERE ..), .. FROM original}
     * (a CASE where the database has no FILTER), each the count {@link #count} gives, in the database's own comparison.
     */
    public long[] counts(DSLContext ctx, List<CountQuery> queries) {
        List<Field<Integer>> counts = new ArrayList<>();
        for (CountQuery q : queries) {
            counts.add(DSL.count().filterWhere(where(ctx, q)));
        }
        Record r = ctx.select(counts).from(table.table()).fetchSingle();
        long[] answers = new long[queries.size()];
        for (int i = 0; i < answers.length; i++) {
            Long n = r.get(i, Long.class);
            answers[i] = n == null ? 0 : n;
        }
        return answers;
    }

    private Condition where(DSLContext ctx, CountQuery query) {
        Condition where = sensitiveText(ctx, sensitive).eq(DSL.val(query.sensitiveValue()));
        for (Interval b : query.ranges()) {
            where = where.and(b.condition(DSL.field(DSL.name(qis.get(b.attribute()).name()))));
        }
        return where;
    }
}
