package org.kanon.frequency;

import java.util.ArrayList;
import java.util.List;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.impl.DSL;
import org.kanon.InvalidInputException;
import org.kanon.schema.ColumnTypes;
import org.kanon.schema.hierarchy.Dimension;

/**
 * Guards the joins of the star schema. An inner join silently loses rows whose value is missing from a dimension
 * table, and NULL never joins; both would make a table look more anonymous than it is. So NULLs are refused
 * unless the hierarchy maps them, and a frequency set that covers fewer rows than the table is an error that
 * names the missing values.
 */
public final class SourceIntegrity {
    private static final int LISTED = 10;

    private final DSLContext ctx;

    public SourceIntegrity(DSLContext ctx) {
        this.ctx = ctx;
    }

    /** Row count of the fact table, after refusing NULLs in quasi-identifiers whose hierarchy does not map them. */
    public long checkNullsAndCount(StarSchema schema) {
        List<Field<?>> select = new ArrayList<>();
        select.add(DSL.count());
        List<QuasiIdentifier> qis = schema.quasiIdentifiers();
        for (int i = 0; i < qis.size(); i++) {
            select.add(DSL.sum(DSL.when(schema.rawField(i).isNull(), DSL.inline(1)).else_(DSL.inline(0))));
        }
        Record r = ctx.select(select).from(schema.fact().table(StarSchema.FACT_ALIAS)).fetchSingle();
        for (int i = 0; i < qis.size(); i++) {
            Number nulls = (Number) r.get(i + 1);
            QuasiIdentifier qi = qis.get(i);
            boolean mapped = qi.dimension().map(Dimension::mapsNull).orElse(false);
            if (nulls != null && nulls.longValue() > 0 && !mapped) {
                throw new InvalidInputException("column " + schema.fact().displayName() + "." + qi.name() + " has "
                        + nulls.longValue() + " NULL value(s); a quasi-identifier may hold NULL only when its hierarchy maps"
                        + " NULL (a hierarchy line whose first field is empty)");
            }
        }
        return ((Number) r.get(0)).longValue();
    }

    /** Called when a frequency set covers fewer rows than the table: names the attribute and values that fell out. */
    public InvalidInputException missingFromHierarchies(StarSchema schema, long tableRows, long coveredRows) {
        List<QuasiIdentifier> qis = schema.quasiIdentifiers();
        for (int i = 0; i < qis.size(); i++) {
            if (qis.get(i).dimension().isEmpty()) {
                continue;
            }
            Dimension d = qis.get(i).dimension().get();
            Field<Object> raw = schema.rawField(i);
            List<String> missing = new ArrayList<>();
            for (Object v : ctx.selectDistinct(raw).from(schema.fact().table(StarSchema.FACT_ALIAS))
                    .where(raw.isNotNull())
                    .andNotExists(DSL.selectOne().from(d.table("d")).where(d.key("d").eq(raw)))
                    .limit(LISTED).fetch(0)) {
                missing.add(ColumnTypes.abbreviate(String.valueOf(v)));
            }
            if (!missing.isEmpty()) {
                return new InvalidInputException("column " + schema.fact().displayName() + "." + qis.get(i).name()
                        + " holds values missing from its hierarchy (" + d.displayName() + "): " + String.join(", ", missing)
                        + "; the data changed since the hierarchy was bound, bind it again");
            }
        }
        return new InvalidInputException("only " + coveredRows + " of " + tableRows + " rows of "
                + schema.fact().displayName() + " join their hierarchies; bind the hierarchies again");
    }
}
