package org.kanon.ingest;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.util.List;
import org.jooq.impl.DSL;
import org.kanon.db.Database;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.SharedData;
import org.kanon.testing.TestDatabases;

/**
 * Imports the real Adult files from the shared data folder (datasets/adult-uci/README.md and
 * datasets/adult-arx/README.md describe them and give the row counts asserted here), and prints the time taken.
 */
class AdultImportTest {

    @DatabaseTest
    void importsAdult45222WithInferredTypes(TestDatabases.Kind kind, Database db) {
        Path file = SharedData.file("datasets/adult-uci/adult-45222.csv");
        long start = System.nanoTime();
        ImportResult result = new CsvImporter(db).importCsv(file, "adult", new ImportOptions(null, false));
        long ms = (System.nanoTime() - start) / 1_000_000;
        System.out.printf("kanon import adult-45222.csv on %s: %d rows in %d ms%n", kind, result.rows(), ms);

        assertEquals(45_222, result.rows());
        assertEquals(45_222, db.dsl().fetchCount(result.table().table()));
        assertEquals(',', result.delimiter());
        List<String> types = result.columns().stream().map(c -> c.sqlType().replaceFirst("\\(.*", "")).toList();
        assertEquals(List.of("INTEGER", "VARCHAR", "INTEGER", "VARCHAR", "INTEGER", "VARCHAR", "VARCHAR", "VARCHAR",
                "VARCHAR", "VARCHAR", "INTEGER", "INTEGER", "INTEGER", "VARCHAR", "VARCHAR"), types);
        assertEquals(db.identifiers().fold("age"), result.columns().get(0).name());
        assertEquals("marital-status", result.columns().get(5).name());
        assertEquals("VARCHAR(5)", result.columns().get(14).sqlType(), "salary-class: <=50K / >50K");

        // first record of adult.data: 39, State-gov, 77516, Bachelors, ...
        var spot = db.dsl().select(DSL.field(DSL.name(db.identifiers().fold("workclass")), String.class),
                        DSL.field(DSL.name("native-country"), String.class))
                .from(result.table().table())
                .where(DSL.field(DSL.name(db.identifiers().fold("fnlwgt")), Integer.class).eq(77516))
                .fetchOne();
        assertEquals("State-gov", spot.value1());
        assertEquals("United-States", spot.value2());
        assertEquals(17, db.dsl().fetchValue(DSL.select(DSL.min(DSL.field(DSL.name(db.identifiers().fold("age")), Integer.class)))
                .from(result.table().table())));
    }

    @DatabaseTest
    void importsArxAdultSemicolonCrlf(Database db) {
        Path file = SharedData.file("datasets/adult-arx/adult.csv");
        ImportResult result = new CsvImporter(db).importCsv(file, "adult_arx", new ImportOptions(null, false));
        assertEquals(30_162, result.rows());
        assertEquals(';', result.delimiter());
        assertEquals(9, result.columns().size());
        assertEquals("salary-class", result.columns().get(8).name(), "no CR left in the last header name");
        assertEquals("INTEGER", result.columns().get(1).sqlType(), "age");
        assertEquals(30_162, db.dsl().fetchCount(result.table().table(),
                DSL.field(DSL.name("salary-class"), String.class).in("<=50K", ">50K")), "no CR left in values");
    }
}
