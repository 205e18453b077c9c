package org.kanon.schema.hierarchy;

import org.jooq.Field;
import org.jooq.Table;
import org.jooq.impl.DSL;

/**
 * A hierarchy as it lives in the database: a dimension table of the star schema (Incognito, Figure 4) with the
 * key column {@code V} (the raw value, typed like the source column, so the join is an equi-join on an index) and
 * the text columns {@code L0..Lh}, one per generalization level. Column names are given as the database stores
 * them.
 */
public record Dimension(String attribute, String schema, String table, int height, boolean mapsNull,
                        String keyColumn, String levelColumnPrefix) {

    public Table<?> table(String alias) {
        return DSL.table(DSL.name(schema, table)).as(DSL.name(alias));
    }

    public Field<Object> key(String alias) {
        return DSL.field(DSL.name(alias, keyColumn));
    }

    public Field<String> level(String alias, int level) {
        if (level < 0 || level > height) {
            throw new IllegalArgumentException("level " + level + " outside 0.." + height + " of " + attribute);
        }
        return DSL.field(DSL.name(alias, levelColumnPrefix + level), String.class);
    }

    public String displayName() {
        return schema + "." + table;
    }
}
