package org.kanon.schema;

import java.time.LocalDateTime;
import java.util.HashMap;
import java.util.Map;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.kanon.db.CatalogTable;
import org.kanon.db.Database;

/** Registers source tables and the roles of their columns in the catalog; never touches the table itself. */
public final class SourceRegistry {
    private final CatalogTable sources;
    private final CatalogTable attributes;
    private final Field<Integer> id;
    private final Field<String> schema;
    private final Field<String> name;

    private final Database db;

    public SourceRegistry(Database db) {
        this.db = db;
        this.sources = new CatalogTable(db, "source_tables");
        this.attributes = new CatalogTable(db, "source_attributes");
        this.id = sources.field("id", Integer.class);
        this.schema = sources.field("table_schema", String.class);
        this.name = sources.field("table_name", String.class);
    }

    /** The catalog id of the table, registering it (all columns insensitive) on first use. */
    public int register(DSLContext ctx, SourceTable table) {
        DSLContext tx = db.catalogDsl(ctx);
        Integer existing = tx.select(id).from(sources.table())
                .where(schema.eq(table.schema()).and(name.eq(table.name()))).fetchOne(id);
        if (existing != null) {
            return existing;
        }
        tx.insertInto(sources.table())
                .set(schema, table.schema())
                .set(name, table.name())
                .set(sources.field("registered_at", LocalDateTime.class), LocalDateTime.now())
                .execute();
        int newId = tx.select(id).from(sources.table())
                .where(schema.eq(table.schema()).and(name.eq(table.name()))).fetchSingle(id);
        for (Column c : table.columns()) {
            tx.insertInto(attributes.table())
                    .set(attributes.field("source_id", Integer.class), newId)
                    .set(attributes.field("column_name", String.class), c.name())
                    .set(attributes.field("position", Integer.class), c.position())
                    .set(attributes.field("data_type", String.class), c.sqlType())
                    .set(attributes.field("attribute_role", String.class), AttributeRole.INSENSITIVE.name())
                    .execute();
        }
        return newId;
    }

    /** Records the roles given; columns not mentioned keep theirs. */
    public void setRoles(DSLContext ctx, SourceTable table, Map<Column, AttributeRole> roles) {
        DSLContext tx = db.catalogDsl(ctx);
        int sourceId = register(tx, table);
        for (Map.Entry<Column, AttributeRole> e : roles.entrySet()) {
            tx.update(attributes.table())
                    .set(attributes.field("attribute_role", String.class), e.getValue().name())
                    .where(attributes.field("source_id", Integer.class).eq(sourceId)
                            .and(attributes.field("column_name", String.class).eq(e.getKey().name())))
                    .execute();
        }
    }

    public void setRowCount(DSLContext ctx, SourceTable table, long rows) {
        DSLContext tx = db.catalogDsl(ctx);
        int sourceId = register(tx, table);
        tx.update(sources.table()).set(sources.field("row_count", Long.class), rows).where(id.eq(sourceId)).execute();
    }

    /** Roles recorded so far, by exact column name; empty when the table was never registered. */
    public Map<String, AttributeRole> roles(DSLContext workCtx, SourceTable table) {
        DSLContext ctx = db.catalogDsl(workCtx);
        Map<String, AttributeRole> roles = new HashMap<>();
        Integer sourceId = ctx.select(id).from(sources.table())
                .where(schema.eq(table.schema()).and(name.eq(table.name()))).fetchOne(id);
        if (sourceId == null) {
            return roles;
        }
        ctx.select(attributes.field("column_name", String.class), attributes.field("attribute_role", String.class))
                .from(attributes.table())
                .where(attributes.field("source_id", Integer.class).eq(sourceId))
                .forEach(r -> roles.put(r.value1(), AttributeRole.valueOf(r.value2())));
        return roles;
    }
}
