package org.kanon.frequency;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.db.Database;
import org.kanon.ingest.CsvImporter;
import org.kanon.ingest.ImportOptions;
import org.kanon.lattice.Node;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.schema.hierarchy.DimensionTableWriter;
import org.kanon.schema.hierarchy.HierarchyCatalog;
import org.kanon.schema.hierarchy.HierarchyFolder;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;
import org.kanon.testing.TestDatabases;

/** The SQL executor's frequency sets (temporary tables, rollup in SQL) equal the in-memory executor's. */
class SqlExecutorTest {
    // Patients over <Sex, Zipcode>: attribute 0 = Sex (height 1), 1 = Zipcode (height 2)
    private static final int[] SZ = {0, 1};
    private static final int[] Z = {1};

    private static Map<String, Long> classes(SqlFrequencySet fs) {
        Map<String, Long> m = new HashMap<>();
        for (FrequencyRow r : fs.fetch()) {
            m.put(String.join("|", r.values().stream().map(String::valueOf).toList()), r.count());
        }
        return m;
    }

    private static List<Long> sortedCounts(FrequencySet fs) {
        List<Long> counts = new ArrayList<>();
        if (fs instanceof SqlFrequencySet s) {
            s.fetch().forEach(r -> counts.add(r.count()));
        } else {
            for (long c : ((MemoryFrequencySet) fs).counts) {
                counts.add(c);
            }
        }
        counts.sort(null);
        return counts;
    }

    @DatabaseTest
    @DisplayName("Incognito Fig. 1, Ex. 3.1: <S0,Z0> scanned, rolled up to <S1,Z0> and <S0,Z2>, projected to <Z1>, as in memory")
    void patientsRollupEqualsMemory(Database db) {
        SourceTable patients = PaperTables.patients(db);
        StarSchema schema = StarSchema.of(patients, List.of("sex", "zipcode"), new HierarchyCatalog(db));
        try (SqlExecutor sql = SqlExecutor.open(db, schema); MemoryExecutor memory = MemoryExecutor.load(db.dsl(), schema)) {
            assertArrayEquals(memory.heights(), sql.heights());
            assertEquals(6, sql.rows());
            Node bottom = new Node(SZ, new int[] {0, 0});
            SqlFrequencySet s0z0 = (SqlFrequencySet) sql.scan(bottom);
            FrequencySet m0z0 = memory.scan(bottom);
            assertEquals(Map.of("Male|53715", 1L, "Female|53715", 1L, "Male|53703", 2L, "Female|53706", 2L), classes(s0z0));
            assertEquals(m0z0.summarize(2), s0z0.summarize(2));
            assertEquals(new FrequencySummary(6, 4, 1, 2, 2, 2, 2 * 2 + 2 * 2), s0z0.summarize(2));

            SqlFrequencySet s1z0 = (SqlFrequencySet) sql.derive(s0z0, new Node(SZ, new int[] {1, 0}));
            assertEquals(Map.of("Person|53715", 2L, "Person|53703", 2L, "Person|53706", 2L), classes(s1z0));
            assertEquals(memory.derive(m0z0, new Node(SZ, new int[] {1, 0})).summarize(2), s1z0.summarize(2));

            SqlFrequencySet s0z1 = (SqlFrequencySet) sql.derive(s0z0, new Node(SZ, new int[] {0, 1}));
            SqlFrequencySet s0z2 = (SqlFrequencySet) sql.derive(s0z1, new Node(SZ, new int[] {0, 2}));
            assertEquals(Map.of("Male|537**", 3L, "Female|537**", 3L), classes(s0z2), "rolled up from level 1 labels");
            assertEquals(memory.derive(m0z0, new Node(SZ, new int[] {0, 2})).summarize(2), s0z2.summarize(2));

            Node z1 = new Node(Z, new int[] {1});
            SqlFrequencySet projected = (SqlFrequencySet) sql.derive(s0z0, z1);
            assertEquals(Map.of("5371*", 2L, "5370*", 4L), classes(projected));
            FrequencySet memoryZ1 = memory.derive(m0z0, z1);
            assertEquals(memoryZ1.summarize(3), projected.summarize(3));
            assertEquals(sortedCounts(memoryZ1), sortedCounts(projected));
            assertEquals(sortedCounts(memory.scan(z1)), sortedCounts(sql.scan(z1)));

            for (SqlFrequencySet fs : List.of(s0z0, s1z0, s0z1, s0z2, projected)) {
                fs.discard();
            }
            assertThrows(IllegalStateException.class, () -> s0z0.summarize(2));
            assertEquals(1 + sql.ownTables(), sql.tables().liveTables(), "only the unused <Z1> scan is left, dropped on close");
            assertTrue(sql.stats().statements() > 0);
        }
        try (SqlExecutor again = SqlExecutor.open(db, schema)) {
            // the pooled connection may be the same one: close() dropped fs_N, so the names are free again
            assertEquals(6, again.scan(new Node(SZ, new int[] {1, 2})).summarize(2).smallestClass());
        }
    }

    @DatabaseTest
    @DisplayName("wide sets carry every coarser code, so verdicts group them without joins (Derby, PostgreSQL, MariaDB)")
    void wideSetsCarryCoarserCodes(TestDatabases.Kind kind, Database db) {
        SourceTable patients = PaperTables.patients(db);
        StarSchema schema = StarSchema.of(patients, List.of("birthdate", "sex", "zipcode"), new HierarchyCatalog(db));
        assertEquals(kind != TestDatabases.Kind.DUCKDB, db.profile().wideFrequencySets(), "wide but on DuckDB");
        try (SqlExecutor sql = SqlExecutor.open(db, schema)) {
            SqlFrequencySet set = (SqlFrequencySet) sql.scan(new Node(new int[] {1, 2}, new int[] {0, 0}));
            var codes = sql.tables().dsl().select(DSL.asterisk()).from(set.table()).fetch();
            assertEquals(4, codes.size(), "<S0, Z0>: four classes of the six rows (Figure 3)");
            boolean wide = codes.field(sql.levelColumnName(2, 1)) != null;
            assertEquals(db.profile().wideFrequencySets(), wide);
            if (wide) { // zipcode's codes at levels 1 and 2: 5371*, 5370* and the single 537**
                assertEquals(2, codes.getValues(sql.levelColumnName(2, 1)).stream().distinct().count());
                assertEquals(1, codes.getValues(sql.levelColumnName(2, 2)).stream().distinct().count());
            }
            set.discard();
        }
    }

    @DatabaseTest
    @DisplayName("every frequency set of the 3-attribute Patients lattice, scanned or rolled up from the bottom, equals memory's")
    void everyNodeEqualsMemory(Database db) {
        SourceTable patients = PaperTables.patients(db);
        StarSchema schema = StarSchema.of(patients, List.of("birthdate", "sex", "zipcode"), new HierarchyCatalog(db));
        try (SqlExecutor sql = SqlExecutor.open(db, schema); MemoryExecutor memory = MemoryExecutor.load(db.dsl(), schema)) {
            int[] all = {0, 1, 2};
            FrequencySet bottom = sql.scan(new Node(all, new int[3]));
            FrequencySet memoryBottom = memory.scan(new Node(all, new int[3]));
            for (int b = 0; b <= 1; b++) {
                for (int s = 0; s <= 1; s++) {
                    for (int z = 0; z <= 2; z++) {
                        Node n = new Node(all, new int[] {b, s, z});
                        FrequencySet derived = sql.derive(bottom, n);
                        FrequencySet expected = memory.derive(memoryBottom, n);
                        assertEquals(expected.summarize(2), derived.summarize(2), n.toString());
                        assertEquals(sortedCounts(expected), sortedCounts(derived), n.toString());
                        derived.discard();
                    }
                }
            }
        }
    }

    @TempDir
    Path tmp;

    @DatabaseTest
    @DisplayName("a scan groups the table by its raw values first: a QI named like that count column still counts right")
    void rawGroupsUnderAColumnNamedLikeTheirCount(Database db) throws Exception {
        Files.writeString(tmp.resolve("t.csv"), "kanon_rows,zip\nMale,53715\nFemale,53715\nMale,53703\nMale,53703\nFemale,53706\nFemale,53706\nMale,53703\n");
        Files.writeString(tmp.resolve("t_hierarchy_kanon_rows.csv"), "Male;Person\nFemale;Person\n");
        Files.writeString(tmp.resolve("t_hierarchy_zip.csv"), "53715;5371*;537**\n53703;5370*;537**\n53706;5370*;537**\n");
        new CsvImporter(db).importCsv(tmp.resolve("t.csv"), "t", new ImportOptions(null, false));
        SourceTable t = new TableResolver(db).resolve("t");
        new DimensionTableWriter(db).bindAll(t, HierarchyFolder.read(t, tmp, "t_").hierarchies());
        StarSchema schema = StarSchema.of(new TableResolver(db).resolve("t"), List.of("kanon_rows", "zip"), new HierarchyCatalog(db));
        try (SqlExecutor sql = SqlExecutor.open(db, schema); MemoryExecutor memory = MemoryExecutor.load(db.dsl(), schema)) {
            SqlFrequencySet zero = (SqlFrequencySet) sql.scan(new Node(SZ, new int[] {0, 0}));
            assertEquals(Map.of("Male|53715", 1L, "Female|53715", 1L, "Male|53703", 3L, "Female|53706", 2L), classes(zero),
                    "one class per raw group, no second GROUP BY");
            SqlFrequencySet coarse = (SqlFrequencySet) sql.scan(new Node(SZ, new int[] {1, 1}));
            assertEquals(Map.of("Person|5371*", 2L, "Person|5370*", 5L), classes(coarse), "raw groups summed into classes");
            for (int[] levels : new int[][] {{0, 0}, {1, 0}, {0, 2}, {1, 1}}) {
                Node node = new Node(SZ, levels);
                assertEquals(memory.scan(node).summarize(2), sql.scan(node).summarize(2), node.toString());
            }
            zero.discard();
            coarse.discard();
        }
    }
}
