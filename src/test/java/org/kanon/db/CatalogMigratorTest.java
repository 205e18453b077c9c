package org.kanon.db;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.Test;
import org.kanon.testing.DatabaseTest;

class CatalogMigratorTest {

    @Test
    void latestVersionIsTheNewestMigrationFile() throws IOException {
        // shared files and each database's own (migrations/derby, migrations/postgresql) share one version sequence
        try (Stream<Path> files = Files.walk(Path.of("migrations"))) {
            String newest = files.map(p -> p.getFileName().toString())
                    .filter(n -> n.matches("V[0-9.]+__.*\\.sql"))
                    .map(n -> n.substring(1, n.indexOf("__")).replace('_', '.'))
                    .max(CatalogMigrator::compare).orElseThrow();
            assertEquals(newest, CatalogMigrator.LATEST_VERSION,
                    "CatalogMigrator.LATEST_VERSION must name the newest file in migrations/, or new migrations are skipped");
        }
        assertEquals(versions("derby"), versions("postgresql"),
                "a version of one database's own needs one for the other too, or that catalog never counts as up to date");
        assertTrue(CatalogMigrator.compare("1.10", "1.9") > 0);
        assertEquals(0, CatalogMigrator.compare("2", "2.0"));
    }

    private static java.util.Set<String> versions(String dialect) throws IOException {
        try (Stream<Path> files = Files.list(Path.of("migrations", dialect))) {
            return files.map(p -> p.getFileName().toString()).map(n -> n.substring(1, n.indexOf("__")))
                    .collect(java.util.stream.Collectors.toSet());
        }
    }

    @DatabaseTest
    void aMigratedCatalogIsRecognizedAndAFreshOneIsNot(Database db) {
        assertTrue(new CatalogMigrator(db).upToDate());
        var history = DSL.table(DSL.name(db.identifiers().namespace(KanonSchemas.CATALOG), "flyway_schema_history"));
        db.dsl().deleteFrom(history).execute();
        assertFalse(new CatalogMigrator(db).upToDate(), "an empty history is not up to date");
    }
}
