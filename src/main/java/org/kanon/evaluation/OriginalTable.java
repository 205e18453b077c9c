package org.kanon.evaluation;

import java.util.ArrayList;
import java.util.List;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
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
        Condition where = sensitiveText(ctx, sensitive).eq(DSL.val(query.sensitiveValue()));
        for (Interval b : query.ranges()) {
            where = where.and(b.condition(DSL.field(DSL.name(qis.get(b.attribute()).name()))));
        }
        return ctx.selectCount().from(table.table()).where(where).fetchSingle(0, Long.class);
    }
}
