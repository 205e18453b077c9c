package org.kanon.evaluation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.ingest.CsvImporter;
import org.kanon.ingest.ImportOptions;
import org.kanon.schema.TableResolver;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;

/** The workload of section 4.2 drawn over Table 1: range lengths, distinct attributes, seeds, exact answers checked by hand. */
class WorkloadTest {

    @Test
    @DisplayName("range length floor(|A| x s^(1/(w+1))), at least one value; the dimensionality and volume checked with the option named")
    void rangeLengthAndLimits() {
        assertEquals(6, new WorkloadSpec(1, 3, 0.5, 1).rangeLength(8), "8 x 0.5^(1/4) = 6.73");
        assertEquals(1, new WorkloadSpec(1, 3, 0.5, 1).rangeLength(2), "2 x 0.84 = 1.68");
        assertEquals(1, new WorkloadSpec(1, 8, 0.0001, 1).rangeLength(5), "never empty");
        assertEquals(46, new WorkloadSpec(1, 4, 0.1, 1).rangeLength(73), "73 values at the defaults: 73 x 0.1^(1/5) = 46.1");
        assertEquals(3, new WorkloadSpec(1, WorkloadSpec.AUTO, 0.1, 1).forRelease(2).dimensionality(), "default 4, capped at d + 1");
        assertEquals(4, new WorkloadSpec(1, WorkloadSpec.AUTO, 0.1, 1).forRelease(7).dimensionality());
        assertTrue(assertThrows(InvalidInputException.class, () -> new WorkloadSpec(1, 4, 0.1, 1).validFor(2)).getMessage()
                .startsWith("--dimensionality: at most 3"));
        assertTrue(assertThrows(InvalidInputException.class, () -> new WorkloadSpec(1, 3, Double.NaN, 1).validFor(2)).getMessage()
                .startsWith("--selectivity: must be in (0, 1]"));
    }

    @DatabaseTest
    @DisplayName("Table 1, w = 3, s = 0.5: 6 consecutive ages and 1 sex per query; exact answers = a count over the CSV; same seed, same workload")
    void workloadOnTable1(Database db) throws IOException {
        new CsvImporter(db).importCsv(PaperTables.PAPERS.resolve("permutation-table1.csv"), "t1", new ImportOptions(null, false));
        OriginalTable t1 = OriginalTable.load(db, new TableResolver(db).resolve("t1"), List.of("age", "sex"), "disease");
        assertEquals(List.of("Bronchitis", "Cancer", "Dyspepsia", "Emphysema", "Flu", "Gastritic", "Pneumonia"), t1.sensitiveValues());
        WorkloadSpec spec = new WorkloadSpec(60, 3, 0.5, 42);
        Workload w = Workload.generate(t1, spec);
        assertEquals(60, w.queries().size());
        assertTrue(w.redrawn() > 0, "most (age run, sex, disease) combinations of 9 rows are empty");
        List<String[]> rows = new ArrayList<>();
        for (String line : Files.readAllLines(PaperTables.PAPERS.resolve("permutation-table1.csv")).subList(1, 10)) {
            rows.add(line.split(","));
        }
        for (int i = 0; i < w.queries().size(); i++) {
            CountQuery q = w.queries().get(i);
            assertEquals(2, q.ranges().size());
            Interval.Numeric age = (Interval.Numeric) q.ranges().get(0);
            Interval.Text sex = (Interval.Text) q.ranges().get(1);
            assertEquals(6, t1.domains().get(0).values().stream().filter(age::contains).count(), "6 consecutive ages");
            assertEquals(1, sex.values().size());
            long expected = rows.stream().filter(r -> age.contains(Double.valueOf(r[1])) && sex.contains(r[2]) && r[3].equals(q.sensitiveValue()))
                    .count();
            assertEquals(expected, w.exact().get(i), "SQL count of query " + i);
            assertTrue(expected > 0);
        }
        Workload again = Workload.generate(t1, spec);
        assertEquals(w.queries(), again.queries());
        assertNotEquals(w.queries(), Workload.generate(t1, new WorkloadSpec(60, 3, 0.5, 43)).queries());
    }

    @DatabaseTest
    @DisplayName("values as written: 'F', 'F ' and 'f' are three values of a domain, and an exact count for 'Flu' leaves 'Flu ' out")
    void valuesAsWritten(Database db) {
        db.dsl().createTable(DSL.name("t")).column("age", SQLDataType.INTEGER).column("sex", SQLDataType.VARCHAR(4))
                .column("disease", SQLDataType.VARCHAR(8)).execute();
        Object[][] rows = {{30, "F", "Flu"}, {30, "F ", "Flu"}, {31, "f", "Flu"}, {31, "F", "Flu "}, {32, "M", "Flu"}, {32, "F", "Flu"}};
        for (Object[] r : rows) {
            db.dsl().insertInto(DSL.table(DSL.name("t"))).values(r).execute();
        }
        OriginalTable t = OriginalTable.load(db, new TableResolver(db).resolve("t"), List.of("age", "sex"), "disease");
        assertEquals(List.of("F", "F ", "M", "f"), t.domains().get(1).values());
        assertEquals(List.of("Flu", "Flu "), t.sensitiveValues());
        Interval allAges = t.domains().get(0).interval(0, 0, 2);
        assertEquals(2, t.count(new CountQuery(List.of(allAges, t.domains().get(1).interval(1, 0, 0)), "Flu")), "sex 'F': rows 1 and 6");
        assertEquals(1, t.count(new CountQuery(List.of(allAges, t.domains().get(1).interval(1, 0, 0)), "Flu ")), "row 4");
        assertEquals(5, t.count(new CountQuery(List.of(allAges), "Flu")));
    }
}
