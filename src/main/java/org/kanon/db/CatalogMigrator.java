package org.kanon.db;

import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.jooq.exception.DataAccessException;
import org.jooq.impl.DSL;
import org.kanon.InvalidInputException;

/**
 * Applies the catalog migrations (top-level folder {@code migrations/}, shipped in the jar) on every open. When
 * Flyway's history already shows the newest migration this build ships, Flyway is not started at all: on Derby its
 * bookkeeping costs about 3 s per command, which a DBA scripting many commands pays every time.
 */
final class CatalogMigrator {
    static final String LOCATION = "classpath:kanon/migrations";
    /** The version of the newest file in migrations/ (CatalogMigratorTest keeps the two in step). */
    static final String LATEST_VERSION = "10";

    private final Database db;

    CatalogMigrator(Database db) {
        this.db = db;
    }

    void migrate() {
        if (upToDate()) {
            return;
        }
        Identifiers ids = db.identifiers();
        try {
            var config = Flyway.configure();
            if (db.profile().migratesOnOwnConnection()) {
                config.dataSource(db.settings().url(), db.settings().user(), db.settings().password());
            } else {
                config.dataSource(db.dataSource());
            }
            config
                    .locations(locations())
                    // the first schema holds the history table and is the default for the unquoted DDL
                    .schemas(ids.namespace(KanonSchemas.CATALOG), ids.namespace(KanonSchemas.DIMENSIONS), ids.namespace(KanonSchemas.RELEASES))
                    .createSchemas(true)
                    .load()
                    .migrate();
        } catch (FlywayException e) {
            throw new InvalidInputException("cannot prepare kanon's catalog in " + db.settings().maskedUrl() + ": "
                    + firstLine(e.getMessage()), e);
        }
    }

    private String[] locations() {
        String own = LOCATION + "-" + db.profile().migrationsSuffix();
        return db.profile().runsSharedMigrations() ? new String[] {LOCATION, own} : new String[] {own};
    }

    /** True when the history table exists and its newest successful migration is {@link #LATEST_VERSION}. */
    boolean upToDate() {
        Identifiers ids = db.identifiers();
        var history = DSL.table(DSL.name(ids.namespace(KanonSchemas.CATALOG), "flyway_schema_history"));
        var version = DSL.field(DSL.name("version"), String.class);
        var success = DSL.field(DSL.name("success"), Boolean.class);
        try {
            var versions = db.dsl().select(version).from(history).where(success.isTrue()).and(version.isNotNull()).fetch(version);
            return versions.contains(LATEST_VERSION) && versions.stream().allMatch(v -> compare(v, LATEST_VERSION) <= 0);
        } catch (DataAccessException e) {
            return false; // no catalog yet: Flyway creates it
        }
    }

    /** Compares dotted version numbers numerically (Flyway's 1.10 is newer than 1.9). */
    static int compare(String a, String b) {
        String[] x = a.split("\\.");
        String[] y = b.split("\\.");
        for (int i = 0; i < Math.max(x.length, y.length); i++) {
            long p = i < x.length ? Long.parseLong(x[i]) : 0;
            long q = i < y.length ? Long.parseLong(y[i]) : 0;
            if (p != q) {
                return Long.compare(p, q);
            }
        }
        return 0;
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "unknown error";
        }
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }
}
