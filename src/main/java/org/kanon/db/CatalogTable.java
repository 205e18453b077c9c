package org.kanon.db;

import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Table;
import org.jooq.impl.DSL;

/** A table of kanon's catalog (see migrations/), addressed with the names the database stores. */
public final class CatalogTable {
    private final Identifiers ids;
    private final Table<Record> table;

    public CatalogTable(Database db, String name) {
        this.ids = db.identifiers();
        this.table = DSL.table(db.ours(KanonSchemas.CATALOG, name));
    }

    public Table<Record> table() {
        return table;
    }

    public <T> Field<T> field(String column, Class<T> type) {
        return DSL.field(DSL.name(ids.fold(column)), type);
    }
}
