package org.kanon.schema.hierarchy;

import java.util.ArrayList;
import java.util.List;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.kanon.db.CatalogTable;
import org.kanon.db.Database;
import org.kanon.db.DependentViews;
import org.kanon.db.dialect.DependentView;

/**
 * The views that read a dimension table: the database refuses to drop the table under them (PostgreSQL 2BP01,
 * Derby X0Y23), so rebinding the column's hierarchy has to wait until they are dropped. The database's own record
 * of view dependencies says which views they are ({@link DependentViews}); the release register, which lives in the
 * catalog below this package, then says which of them are releases. Materialized releases are copies and do not
 * read the table.
 */
final class DimensionUsers {
    /** The release names of the registered views among the readers, and the other views as SCHEMA.NAME. */
    record Readers(List<String> releases, List<String> otherViews) {
        boolean isEmpty() {
            return releases.isEmpty() && otherViews.isEmpty();
        }

        /** For a message: {@code view release(s) a, b and view(s) S.V}. */
        @Override
        public String toString() {
            String r = releases.isEmpty() ? "" : "view release(s) " + String.join(", ", releases);
            String v = otherViews.isEmpty() ? "" : "view(s) " + String.join(", ", otherViews);
            return r.isEmpty() || v.isEmpty() ? r + v : r + " and " + v;
        }
    }

    private final Database db;
    private final CatalogTable releases;

    DimensionUsers(Database db) {
        this.db = db;
        this.releases = new CatalogTable(db, "releases");
    }

    /** Who reads {@code dimension}'s table now. */
    Readers readers(DSLContext ctx, Dimension dimension) {
        Field<String> name = releases.field("release_name", String.class);
        List<String> released = new ArrayList<>();
        List<String> others = new ArrayList<>();
        for (DependentView view : DependentViews.of(ctx, dimension.schema(), dimension.table())) {
            List<String> names = db.catalogDsl(ctx).select(name).from(releases.table())
                    .where(releases.field("relation_schema", String.class).eq(view.schema())
                            .and(releases.field("relation_name", String.class).eq(view.name())))
                    .orderBy(releases.field("id", Integer.class))
                    .fetch(name);
            if (names.isEmpty()) {
                others.add(view.schema() + "." + view.name());
            } else {
                released.addAll(names);
            }
        }
        return new Readers(released, others);
    }
}
