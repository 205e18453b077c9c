package org.kanon.schema;

import org.jooq.Field;
import org.jooq.SQLDialect;
import org.kanon.db.dialect.DatabaseProfiles;

/**
 * A column's values as text: for a release column that mixes real values with {@code *}, and for comparing a
 * sensitive column with the values a user named. How a number or a date becomes text is the database profile's
 * ({@link org.kanon.db.dialect.DatabaseProfile#asText}): Derby, for one, cannot cast a number to VARCHAR.
 */
public final class TextValues {
    private TextValues() {
    }

    public static Field<String> of(Field<?> field, Column column, SQLDialect dialect) {
        if (!column.isNumeric() && !column.isTemporal()) {
            return field.coerce(String.class);
        }
        return DatabaseProfiles.of(dialect).asText(field);
    }
}
