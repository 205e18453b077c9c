package org.kanon.db;

import org.kanon.InvalidInputException;
import org.kanon.db.dialect.DatabaseProfiles;

/**
 * Opens the catalog of a database that cannot keep one ({@link org.kanon.db.dialect.DatabaseProfile#keepsCatalog()}):
 * the transactional database {@code --catalog-db} names (embedded Derby by default), migrated as any catalog, and
 * makes kanon's namespaces in the database itself, where its dimension tables, scratch tables and releases go.
 */
final class CatalogDatabase {
    private CatalogDatabase() {
    }

    static Database open(Database lake) {
        ConnectionSettings settings = lake.settings().catalogSettings();
        if (!DatabaseProfiles.forUrl(settings.url()).keepsCatalog()) {
            throw new InvalidInputException("--catalog-db: " + settings.maskedUrl() + " cannot keep kanon's catalog either (it has no "
                    + "transactions); name a Derby, PostgreSQL, MariaDB or DuckDB database");
        }
        try {
            // first: an unreachable or read-only engine is refused before a catalog database is made for it
            for (String namespace : new String[] {KanonSchemas.CATALOG, KanonSchemas.DIMENSIONS, KanonSchemas.RELEASES}) {
                lake.dsl().createSchemaIfNotExists(lake.identifiers().namespace(namespace)).execute();
            }
        } catch (RuntimeException e) {
            RuntimeException translated = SqlErrors.translate(e, lake.settings());
            if (translated instanceof InvalidInputException) {
                throw translated;
            }
            // a catalog that cannot make schemas cannot hold a release either (a read-only connector, a system catalog)
            java.sql.SQLException sql = SqlErrors.sqlException(e);
            String reason = sql == null ? e.getClass().getSimpleName()
                    : SqlErrors.maskToken(DatabaseProfiles.primaryMessage(sql).lines().findFirst().orElse(""), lake.settings().password());
            throw new InvalidInputException("--db: kanon cannot write its schemas in " + lake.settings().maskedUrl() + " (" + reason
                    + "); name a catalog kanon can write in, such as an Iceberg catalog", e);
        }
        return Database.open(settings);
    }
}
