package org.kanon.db;

import java.util.List;
import org.jooq.DSLContext;
import org.kanon.db.dialect.DatabaseProfiles;
import org.kanon.db.dialect.DependentView;

/**
 * The views that read a table directly, as the database itself records them: the views that make it refuse to drop
 * the table (PostgreSQL 2BP01, Derby X0Y23). Asked of the system catalog rather than inferred from kanon's own
 * records, so a view kanon did not make counts too, and no name is ever parsed out of a stored list.
 */
public final class DependentViews {
    private DependentViews() {
    }

    /** The views that read {@code schema.table}, by schema and name; empty when there are none (or no such table). */
    public static List<DependentView> of(DSLContext ctx, String schema, String table) {
        return DatabaseProfiles.of(ctx.dialect()).dependentViews(ctx, schema, table);
    }
}
