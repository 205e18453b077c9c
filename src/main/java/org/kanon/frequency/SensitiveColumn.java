package org.kanon.frequency;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.kanon.InvalidInputException;
import org.kanon.privacy.SensitiveAttribute;
import org.kanon.schema.Column;
import org.kanon.schema.TextValues;

/**
 * The sensitive attribute of a privacy model as one more GROUP BY column of frequency sets, never generalized:
 * for the simple (alpha,k) model the indicator of the sensitive class (1 when the value, as text, is one of those
 * named, else 0), otherwise the value itself. Counts per (class, this column) are what every model's figures are
 * made of (see {@link org.kanon.privacy.ClassStatistics}), and they roll up by SUM like plain counts.
 */
public final class SensitiveColumn {
    private final SensitiveAttribute attribute;
    private final Column column;
    private final StarSchema schema;

    private SensitiveColumn(SensitiveAttribute attribute, Column column, StarSchema schema) {
        this.attribute = attribute;
        this.column = column;
        this.schema = schema;
    }

    /** Resolves the column in the star schema's fact table; a QI cannot also be the sensitive attribute. */
    public static SensitiveColumn of(StarSchema schema, SensitiveAttribute attribute) {
        Column column = schema.fact().column(attribute.column());
        for (QuasiIdentifier qi : schema.quasiIdentifiers()) {
            if (qi.column().name().equals(column.name())) {
                throw new InvalidInputException("--sensitive: " + column.name() + " is also a quasi-identifier of "
                        + schema.fact().displayName() + "; the sensitive attribute must not be generalized");
            }
        }
        return new SensitiveColumn(attribute, column, schema);
    }

    public SensitiveAttribute attribute() {
        return attribute;
    }

    public Column column() {
        return column;
    }

    /** True when the column is the 1/0 indicator of the sensitive class rather than the value. */
    public boolean indicator() {
        return attribute.hasSensitiveClass();
    }

    /** The expression frequency sets group by, over the fact table of {@link StarSchema#from}. */
    public Field<?> expression(SQLDialect dialect) {
        Field<Object> raw = schema.fact().field(StarSchema.FACT_ALIAS, column);
        if (!indicator()) {
            return raw;
        }
        Field<String> text = TextValues.of(raw, column, dialect);
        // inlined (jOOQ escapes them): Derby matches a GROUP BY expression to the SELECT list only when the two are
        // spelled alike, and two bind markers are not
        List<Field<String>> values = new ArrayList<>();
        for (String v : attribute.values()) {
            values.add(DSL.inline(v));
        }
        return DSL.when(text.in(values), DSL.inline(1)).else_(DSL.inline(0));
    }

    /** Each value named for the sensitive class must occur in the column; a typo would silently protect nothing. */
    public void requireValuesPresent(DSLContext ctx) {
        if (!indicator()) {
            return;
        }
        Field<String> text = TextValues.of(schema.fact().field(StarSchema.FACT_ALIAS, column), column, ctx.dialect());
        Set<String> present = new HashSet<>(ctx.selectDistinct(text).from(schema.fact().table(StarSchema.FACT_ALIAS))
                .where(text.in(attribute.values())).fetch(0, String.class));
        for (int i = 0; i < attribute.values().size(); i++) {
            if (!present.contains(attribute.values().get(i))) {
                // the value itself stays out of the message: it names a sensitive category
                throw new InvalidInputException("--value #" + (i + 1) + " matches no row of " + schema.fact().displayName()
                        + "." + column.name() + " (values are compared as text, exactly)");
            }
        }
    }
}
