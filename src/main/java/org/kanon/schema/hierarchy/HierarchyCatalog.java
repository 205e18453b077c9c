package org.kanon.schema.hierarchy;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.kanon.db.CatalogTable;
import org.kanon.db.Database;
import org.kanon.db.dialect.DatabaseProfile;
import org.kanon.schema.Column;
import org.kanon.schema.SourceTable;

/** Which hierarchies (dimension tables) are bound to which columns, as the catalog records it. */
public final class HierarchyCatalog {
    static final String KEY_COLUMN = "V";
    static final String LEVEL_PREFIX = "L";

    private final Database db;
    final CatalogTable sources;
    final CatalogTable hierarchies;
    final CatalogTable levels;

    public HierarchyCatalog(Database db) {
        this.db = db;
        this.sources = new CatalogTable(db, "source_tables");
        this.hierarchies = new CatalogTable(db, "hierarchies");
        this.levels = new CatalogTable(db, "hierarchy_levels");
    }

    /** A bound hierarchy with what the catalog knows about it. */
    public record Bound(Dimension dimension, int leafCount, String origin) {
    }

    /** The profile of the database the catalog lives in (its optimizer may need hints for star joins: see StarSchema). */
    public DatabaseProfile profile() {
        return db.profile();
    }

    public Optional<Dimension> find(SourceTable table, Column column) {
        return find(db.dsl(), table, column.name()).map(Bound::dimension);
    }

    /** The hierarchy bound to {@code column} of {@code table}, read back from its dimension table; empty when none is bound. */
    public Optional<Hierarchy> hierarchy(SourceTable table, Column column) {
        return find(table, column).map(d -> new DimensionTableReader(db).read(d, column.name()));
    }

    /** The dimensions bound to the table's columns, by column name: one catalog query for all of them. */
    public java.util.Map<String, Dimension> dimensions(SourceTable table) {
        java.util.Map<String, Dimension> byColumn = new java.util.HashMap<>();
        for (Bound b : select(db.dsl(), table)) {
            byColumn.putIfAbsent(b.dimension().attribute(), b.dimension());
        }
        return byColumn;
    }

    Optional<Bound> find(DSLContext ctx, SourceTable table, String columnName) {
        return select(ctx, table).stream().filter(b -> b.dimension().attribute().equals(columnName)).findFirst();
    }

    public List<Bound> list(SourceTable table) {
        return select(db.dsl(), table);
    }

    private List<Bound> select(DSLContext ctx, SourceTable table) {
        Field<Integer> sourceId = sources.field("id", Integer.class);
        Field<Integer> hSource = hierarchies.field("source_id", Integer.class);
        List<Bound> result = new ArrayList<>();
        for (Record r : db.catalogDsl(ctx).select().from(hierarchies.table())
                .join(sources.table()).on(hSource.eq(sourceId))
                .where(sources.field("table_schema", String.class).eq(table.schema())
                        .and(sources.field("table_name", String.class).eq(table.name())))
                .orderBy(hierarchies.field("column_name", String.class))
                .fetch()) {
            result.add(new Bound(new Dimension(
                    r.get(hierarchies.field("column_name", String.class)),
                    r.get(hierarchies.field("dimension_schema", String.class)),
                    r.get(hierarchies.field("dimension_table", String.class)),
                    r.get(hierarchies.field("height", Integer.class)),
                    Boolean.TRUE.equals(r.get(hierarchies.field("maps_null", Boolean.class))),
                    db.identifiers().fold(KEY_COLUMN), db.identifiers().fold(LEVEL_PREFIX)),
                    r.get(hierarchies.field("leaf_count", Integer.class)),
                    r.get(hierarchies.field("origin", String.class))));
        }
        return result;
    }
}
