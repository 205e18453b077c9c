package org.kanon.db;

import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.kanon.InvalidInputException;

/** Applies the catalog migrations (top-level folder {@code migrations/}, shipped in the jar) on every open. */
final class CatalogMigrator {
    static final String LOCATION = "classpath:kanon/migrations";

    private final Database db;

    CatalogMigrator(Database db) {
        this.db = db;
    }

    void migrate() {
        Identifiers ids = db.identifiers();
        try {
            Flyway.configure()
                    .dataSource(db.dataSource())
                    .locations(LOCATION)
                    // the first schema holds the history table and is the default for the unquoted DDL
                    .schemas(ids.fold(KanonSchemas.CATALOG), ids.fold(KanonSchemas.DIMENSIONS), ids.fold(KanonSchemas.RELEASES))
                    .createSchemas(true)
                    .load()
                    .migrate();
        } catch (FlywayException e) {
            throw new InvalidInputException("cannot prepare kanon's catalog in " + db.settings().maskedUrl() + ": "
                    + firstLine(e.getMessage()), e);
        }
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "unknown error";
        }
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }
}
