package org.kanon.release;

import org.jooq.Field;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.kanon.schema.Column;

/**
 * A column's values as text, for a release column that mixes real values with {@code *}. Derby cannot cast a
 * number to VARCHAR, only to CHAR, hence the detour through CHAR and TRIM there.
 */
public final class TextValues {
    private TextValues() {
    }

    public static Field<String> of(Field<?> field, Column column, SQLDialect dialect) {
        if (!column.isNumeric() && !column.isTemporal()) {
            return field.coerce(String.class);
        }
        if (dialect.family() == SQLDialect.DERBY) {
            return DSL.trim(field.cast(SQLDataType.CHAR(40)));
        }
        return field.cast(SQLDataType.VARCHAR(40));
    }
}
