package org.kanon.schema.hierarchy;

import java.util.Arrays;
import java.util.List;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.kanon.db.CatalogTable;
import org.kanon.db.Database;
import org.kanon.schema.SourceTable;

/**
 * The registered releases that are views over a table with a column among their quasi-identifiers: such a view
 * reads the column's dimension table, so the database refuses to drop that table (PostgreSQL 2BP01, Derby X0Y23)
 * and rebinding the column's hierarchy has to wait until they are dropped. Materialized releases are copies and do
 * not count. Read from the release register, which lives in the catalog below this package.
 */
final class DimensionUsers {
    private static final String VIEW = "VIEW";

    private final CatalogTable releases;

    DimensionUsers(Database db) {
        this.releases = new CatalogTable(db, "releases");
    }

    /** The names of the view releases of {@code source} that generalize {@code column}, in the order they were made. */
    List<String> viewReleases(DSLContext ctx, SourceTable source, String column) {
        Field<String> name = releases.field("release_name", String.class);
        Field<String> qis = releases.field("quasi_identifiers", String.class);
        return ctx.select(name, qis).from(releases.table())
                .where(releases.field("source_schema", String.class).eq(source.schema())
                        .and(releases.field("source_table", String.class).eq(source.name()))
                        .and(releases.field("relation_kind", String.class).eq(VIEW)))
                .orderBy(releases.field("id", Integer.class))
                .fetch()
                .stream()
                .filter(r -> r.value2() != null && Arrays.asList(r.value2().split(",", -1)).contains(column))
                .map(r -> r.value1())
                .toList();
    }
}
