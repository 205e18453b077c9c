package org.kanon.evaluation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.jooq.DSLContext;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.DisplayName;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.ingest.CsvImporter;
import org.kanon.ingest.ImportOptions;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;

/**
 * Examples 1 and 2 of the permutation paper, on its tables as transcribed in datasets/papers: the query
 * Age in [40, 70] AND Sex = 'F' AND Disease = 'Flu' is 1 on Table 1 (SQL), estimated 3/8 from the generalization of
 * Table 2, 0.9 from Anatomy's Table 3 and 0.855 from the permutation release of Table 4.
 */
class PaperExamplesTest {

    private static SourceTable load(Database db, String file, String table) {
        new CsvImporter(db).importCsv(PaperTables.PAPERS.resolve(file + ".csv"), table, new ImportOptions(null, false));
        return new TableResolver(db).resolve(table);
    }

    /** The query of Example 1, its ranges drawn from Table 1's domains as a workload would. */
    private static CountQuery example1(OriginalTable t1) {
        AttributeDomain age = t1.domains().get(0);
        AttributeDomain sex = t1.domains().get(1);
        assertEquals(List.of(10.0, 40.0, 45.0, 50.0, 55.0, 65.0, 70.0, 90.0), age.values());
        assertEquals(List.of("F", "M"), sex.values());
        return new CountQuery(List.of(age.interval(0, 1, 6), sex.interval(1, 0, 0)), "Flu");
    }

    private static TwoTableGroups twoTables(DSLContext ctx, SourceTable qi, SourceTable sensitive) {
        return TwoTableGroups.read(ctx, qi.qualifiedName(), qi.columns(List.of("age", "sex")), sensitive.qualifiedName(),
                sensitive.column("disease").name(), qi.column("gid").name());
    }

    @DatabaseTest
    @DisplayName("Examples 1 and 2: exact 1 (Table 1), generalization 3/8 (Table 2), Anatomy 0.9 (Table 3), permutation 0.855 (Table 4)")
    void examplesOneAndTwo(Database db) {
        DSLContext ctx = db.dsl();
        OriginalTable t1 = OriginalTable.load(db, load(db, "permutation-table1", "t1"), List.of("age", "sex"), "disease");
        CountQuery q = example1(t1);
        assertEquals(1, t1.count(q), "Example 1 on Table 1");

        SourceTable t2 = load(db, "permutation-table2", "t2");
        List<CellReader> readers = List.of(new CellReader(t1.domains().get(0), Map.of()), new CellReader(t1.domains().get(1), Map.of()));
        GeneralizedEstimator generalized = GeneralizedEstimator.read(ctx, DSL.table(t2.qualifiedName()), t2.columns(List.of("age", "sex")),
                t2.column("disease"), readers);
        assertEquals(3.0 / 8, generalized.estimate(q), 1e-12, "Example 1: 1/4 + 1/8 from Table 2");

        AnatomyEstimator anatomy = new AnatomyEstimator(twoTables(ctx, load(db, "permutation-table3-qit", "qit"),
                load(db, "permutation-table3-st", "st")));
        assertEquals(0.9, anatomy.estimate(q), 1e-12, "Example 1: 2/5 + 2/4 from Table 3");

        PermutationEstimator permutation = new PermutationEstimator(twoTables(ctx, load(db, "permutation-table4-pqt", "pqt"),
                load(db, "permutation-table4-pst", "pst")));
        assertEquals(0.855, permutation.estimate(q), 1e-12, "Example 2: 4/5 x 3/5 + 3/4 x 2/4 from Table 4");

        // a value no group holds is estimated 0 by all three; so is a range outside every cell
        CountQuery none = new CountQuery(q.ranges(), "Malaria");
        assertEquals(0, generalized.estimate(none));
        assertEquals(0, anatomy.estimate(none));
        assertEquals(0, permutation.estimate(none));
        assertEquals(0, t1.count(none));
    }

    @DatabaseTest
    @DisplayName("Table 2's cells: [lo-hi] spreads evenly over its length, F/M over its two values, * over the domain; an unknown cell is refused")
    void cellsOfTable2(Database db) {
        OriginalTable t1 = OriginalTable.load(db, load(db, "permutation-table1", "t1"), List.of("age", "sex"), "disease");
        CellReader age = new CellReader(t1.domains().get(0), Map.of());
        CellReader sex = new CellReader(t1.domains().get(1), Map.of());
        Interval fortyToSeventy = t1.domains().get(0).interval(0, 1, 6);
        Interval female = t1.domains().get(1).interval(1, 0, 0);
        assertEquals(0.5, age.cover("[50-90]").share(fortyToSeventy), 1e-12);
        assertEquals(0.25, age.cover("[10-50]").share(fortyToSeventy), 1e-12);
        assertEquals(1, age.cover("65").share(fortyToSeventy));
        assertEquals(0, age.cover("90").share(fortyToSeventy));
        assertEquals(30.0 / 80, age.cover("*").share(fortyToSeventy), 1e-12, "* of a numeric attribute: Table 1's range [10, 90]");
        assertEquals(0.5, sex.cover("F/M").share(female), 1e-12);
        assertEquals(0.5, sex.cover("*").share(female), 1e-12);
        assertEquals(1, sex.cover("F").share(female));
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> sex.cover("X/Y"));
        assertTrue(e.getMessage().contains("cell 'X/Y' of") && e.getMessage().contains("cannot interpret"), e.getMessage());
    }
}
