package org.kanon.testing;

import java.util.List;
import org.jooq.Field;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.kanon.db.Database;
import org.kanon.db.KanonSchemas;

/**
 * Flyway's history of the catalog, for tests that put a catalog back as an older kanon left it: forgetting every
 * migration after a version makes the next open apply them again, whichever migrations later versions add.
 */
public final class CatalogHistory {
    private CatalogHistory() {
    }

    /** Deletes the history rows of every migration newer than {@code version}. */
    public static void forgetAfter(Database db, int version) {
        Table<?> history = DSL.table(DSL.name(db.identifiers().namespace(KanonSchemas.CATALOG), "flyway_schema_history"));
        Field<String> v = DSL.field(DSL.name("version"), String.class);
        List<String> later = db.dsl().select(v).from(history).where(v.isNotNull()).fetch(v).stream()
                .filter(x -> Integer.parseInt(x) > version).toList();
        db.dsl().deleteFrom(history).where(v.in(later)).execute();
    }
}
