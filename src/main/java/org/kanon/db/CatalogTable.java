package org.kanon.db;

import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Table;
import org.jooq.impl.DSL;

/**
 * A table of kanon's catalog (see migrations/), addressed with the names the database stores. Statements on it run
 * on {@link Database#catalogDsl}, which is the database worked in unless that one cannot keep the catalog.
 */
public final class CatalogTable {
    private final Identifiers ids;
    private final Table<Record> table;
    private final org.jooq.Name tableName;

    /** {@code db}: the database worked in; the table is in its {@link Database#catalog() catalog}. */
    public CatalogTable(Database db, String name) {
        this.ids = db.catalog().identifiers();
        this.tableName = db.catalog().ours(KanonSchemas.CATALOG, name);
        this.table = DSL.table(tableName);
    }

    public Table<Record> table() {
        return table;
    }

    public <T> Field<T> field(String column, Class<T> type) {
        // qualified, so joins between catalog tables (both have ID) stay unambiguous
        return DSL.field(tableName.append(ids.fold(column)), type);
    }
}
