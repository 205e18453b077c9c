package org.kanon.frequency;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jooq.Field;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.ingest.CsvImporter;
import org.kanon.ingest.ImportOptions;
import org.kanon.lattice.LevelVector;
import org.kanon.privacy.ClassStatistics;
import org.kanon.privacy.SensitiveAttribute;
import org.kanon.progress.Step;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.schema.hierarchy.HierarchyCatalog;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;
import org.kanon.testing.TestDatabases;

/**
 * The zero-level set the memory executor loads and every pre-search check reads: the same groups whether the database
 * groups them (GROUP BY) or kanon does from the streamed raw columns, its row count, NULL rows and whole-table figures
 * equal to the statements they replace, and a read that stops at its budget.
 */
class ZeroLevelSetTest {
    @TempDir
    Path tmp;

    private SourceTable load(Database db, String name, String csv) throws Exception {
        Path file = tmp.resolve(name + ".csv");
        Files.writeString(file, csv);
        new CsvImporter(db).importCsv(file, name, new ImportOptions(null, false));
        return new TableResolver(db).resolve(name);
    }

    /** Group values joined by '|' -> count. */
    private static Map<String, Long> decoded(GroupedCodes g) {
        Map<String, Long> m = new HashMap<>();
        for (int r = 0; r < g.size(); r++) {
            List<String> values = new ArrayList<>();
            for (int c = 0; c < g.columns(); c++) {
                values.add(String.valueOf(g.values(c).get(g.codes(c)[r])));
            }
            m.merge(String.join("|", values), g.counts()[r], Long::sum);
        }
        return m;
    }

    private static GroupedCodes raw(Database db, StarSchema schema, SensitiveColumn sensitive, boolean grouped) {
        int n = schema.quasiIdentifiers().size();
        LevelVector zero = LevelVector.zero(n);
        return db.dsl().transactionResult(cfg -> {
            FrequencySets sets = new FrequencySets(cfg.dsl());
            if (grouped) {
                return GroupedCodes.read(sensitive == null ? sets.query(schema, zero) : sets.query(schema, zero, sensitive),
                        n + (sensitive == null ? 0 : 1), true, Long.MAX_VALUE, Step.NONE);
            }
            List<Field<?>> columns = new ArrayList<>(schema.generalized(zero));
            if (sensitive != null) {
                columns.add(sensitive.expression(cfg.dsl().dialect()));
            }
            return GroupedCodes.read(cfg.dsl().select(columns).from(schema.fact().table(StarSchema.FACT_ALIAS)),
                    columns.size(), false, Long.MAX_VALUE, Step.NONE);
        });
    }

    @DatabaseTest
    @DisplayName("Incognito Fig. 1: Patients' zero-level set of <Sex, Zipcode>, grouped by the database and by kanon alike")
    void patientsZeroLevelSet(Database db) {
        SourceTable patients = PaperTables.patients(db);
        StarSchema schema = StarSchema.of(patients, List.of("sex", "zipcode"), new HierarchyCatalog(db));
        Map<String, Long> figureOne = Map.of("Male|53715", 1L, "Female|53715", 1L, "Male|53703", 2L, "Female|53706", 2L);
        ZeroLevelSet zero = ZeroLevelSet.read(db.dsl(), schema, null, Long.MAX_VALUE, Step.NONE).requireNullsMapped();
        assertEquals(6, zero.rows());
        assertEquals(4, zero.groups());
        assertEquals(figureOne, decoded(zero.codes()));
        assertEquals(figureOne, decoded(raw(db, schema, null, true)), "the database's GROUP BY");
        GroupedCodes inJvm = raw(db, schema, null, false);
        assertEquals(figureOne, decoded(inJvm), "kanon's grouping of the raw rows");
        assertEquals(4, inJvm.size(), "each group once");
        assertEquals(ClassStatistics.ofSize(6), zero.wholeTable());
    }

    @DatabaseTest
    @DisplayName("the read stops at its budget: more groups than allowed give no set")
    void budgetStopsTheRead(Database db) {
        SourceTable patients = PaperTables.patients(db);
        StarSchema schema = StarSchema.of(patients, List.of("sex", "zipcode"), new HierarchyCatalog(db));
        assertNull(ZeroLevelSet.read(db.dsl(), schema, null, 3, Step.NONE));
        assertEquals(4, ZeroLevelSet.read(db.dsl(), schema, null, 4, Step.NONE).groups());
    }

    @DatabaseTest
    @DisplayName("NULL rows counted from the set and refused as the NULL scan refuses them; the whole table's sensitive figures as SQL's")
    void nullsAndWholeTable(Database db) throws Exception {
        SourceTable t = load(db, "people", "zip,sex,disease\n53715,Male,flu\n,Female,hiv\n53703,Male,flu\n,Male,\n53703,Female,flu\n");
        StarSchema zip = StarSchema.of(t, List.of("zip"), new HierarchyCatalog(db));
        ZeroLevelSet read = ZeroLevelSet.read(db.dsl(), zip, null, Long.MAX_VALUE, Step.NONE);
        assertEquals(5, read.rows());
        InvalidInputException fromSet = assertThrows(InvalidInputException.class, read::requireNullsMapped);
        InvalidInputException fromScan = assertThrows(InvalidInputException.class, () -> new SourceIntegrity(db.dsl()).checkNullsAndCount(zip));
        assertEquals(fromScan.getMessage(), fromSet.getMessage());
        assertTrue(fromSet.getMessage().contains("has 2 NULL value(s)"), fromSet.getMessage());

        StarSchema sex = StarSchema.of(t, List.of("sex"), new HierarchyCatalog(db));
        for (SensitiveAttribute attribute : List.of(new SensitiveAttribute("disease", List.of()),
                new SensitiveAttribute("disease", List.of("hiv")))) {
            SensitiveColumn sensitive = SensitiveColumn.of(sex, attribute);
            ZeroLevelSet withSensitive = ZeroLevelSet.read(db.dsl(), sex, sensitive, Long.MAX_VALUE, Step.NONE).requireNullsMapped();
            assertEquals(new FrequencySets(db.dsl()).wholeTable(sex, sensitive), withSensitive.wholeTable(), attribute.toString());
            assertEquals(decoded(raw(db, sex, sensitive, true)), decoded(raw(db, sex, sensitive, false)), attribute.toString());
        }
    }

    // temp_buffers is PostgreSQL's: fixed once a session has used a temporary table
    @DatabaseTest(only = TestDatabases.Kind.POSTGRES)
    @DisplayName("a connection that has used a temporary table reads the set (PostgreSQL then refuses SET temp_buffers)")
    void afterATemporaryTable(Database db) {
        SourceTable patients = PaperTables.patients(db);
        StarSchema schema = StarSchema.of(patients, List.of("sex", "zipcode"), new HierarchyCatalog(db));
        db.dsl().connection(connection -> {
            org.jooq.DSLContext one = org.jooq.impl.DSL.using(connection, db.dsl().dialect());
            org.jooq.Name probe = org.jooq.impl.DSL.name("kanon_probe");
            one.createTemporaryTable(probe).column("x", org.jooq.impl.SQLDataType.INTEGER).execute();
            one.insertInto(org.jooq.impl.DSL.table(probe)).values(1).execute(); // its buffers now allocated
            ZeroLevelSet zero = ZeroLevelSet.read(one, schema, null, Long.MAX_VALUE, Step.NONE).requireNullsMapped();
            assertEquals(4, zero.groups());
            assertEquals(6, zero.rows());
            one.dropTable(probe).execute();
        });
    }
}
