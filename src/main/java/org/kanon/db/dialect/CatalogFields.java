package org.kanon.db.dialect;

import org.jooq.Field;
import org.jooq.impl.DSL;

/** Columns of a database's system catalog, by table alias and column name. */
final class CatalogFields {
    private CatalogFields() {
    }

    static <T> Field<T> field(String alias, String column) {
        @SuppressWarnings("unchecked")
        Field<T> f = (Field<T>) DSL.field(DSL.name(alias, column));
        return f;
    }
}
