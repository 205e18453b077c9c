package org.kanon.metrics;

import static org.junit.jupiter.api.Assertions.*;
import static org.kanon.testing.HandRecoding.rows;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import org.jooq.Record;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.DisplayName;
import org.kanon.db.Database;
import org.kanon.frequency.StarSchema;
import org.kanon.lattice.LevelVector;
import org.kanon.local.LocalRecodingUtility;
import org.kanon.privacy.KAnonymity;
import org.kanon.privacy.SuppressionLimit;
import org.kanon.release.LocalRecodingReleaseWriter;
import org.kanon.release.LocalReleaseRequest;
import org.kanon.release.ReleaseRecord;
import org.kanon.release.ReleaseRegister;
import org.kanon.release.ReleaseRequest;
import org.kanon.release.ReleaseWriter;
import org.kanon.release.SuppressMode;
import org.kanon.release.metrics.ReleaseMetrics;
import org.kanon.schema.SourceTable;
import org.kanon.schema.hierarchy.HierarchyCatalog;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.HandRecoding;
import org.kanon.testing.PaperTables;

/**
 * The TKDE local-recoding paper's Tables 1 and 3 released in the database (the global views through the release
 * writer, the local ones written down by hand and published by the local release writer), each checked cell by cell
 * against the paper's table, then measured from the register by {@link ReleaseMetrics}: the paper's distortion,
 * modification rates and inconsistencies exactly, DM and CAVG by hand, and the in-memory figures equal to the SQL
 * ones.
 */
class PaperMetricsTest {
    private static final List<String> TABLE1_QI = List.of("gender", "age", "postcode");
    private static final List<String> TABLE3_QI = List.of("gender", "marriage");
    private static final HierarchyWeights UNIFORM = HierarchyWeights.uniform();
    private static final double EPS = 1e-9;

    @DatabaseTest
    @DisplayName("Table 1b (global): Distortion(t4,t4') = 1.25, table distortion 7.5, modification rate 66.7 %, DM 20, CAVG 1.5, inconsistency 0")
    void table1b(Database db) throws IOException {
        SourceTable t1a = PaperTables.alphak(db, "kaca-table1a");
        ReleaseRecord r = global(db, t1a, TABLE1_QI, new LevelVector(1, 0, 1), "t1b", SuppressionLimit.NONE, SuppressMode.REMOVE);
        assertReleasedAs("kaca-table1b", db, r, TABLE1_QI);
        UtilityMetrics m = measure(db, "t1b");

        // Definition 6: Gender male/female -> * costs 1, Age 0, Postcode 4352 -> 435* costs 1/4
        assertEquals(6.0, distortion(m, "Gender", UNIFORM), EPS);
        assertEquals(0.0, distortion(m, "Age", UNIFORM), EPS);
        assertEquals(6 * 0.25, distortion(m, "Postcode", UNIFORM), EPS);
        assertEquals(1.25, m.distortion(UNIFORM).getAsDouble() / m.rows(), EPS, "every row alike: Distortion(t4, t4')");
        assertEquals(7.5, m.distortion(UNIFORM).getAsDouble(), EPS);
        // height weights, beta = 1: Gender's one step is all of it; Postcode's first of 4 steps weighs (1/4) / (1/4+1/3+1/2+1) = 0.12
        assertEquals(6 * (1 + 0.12), m.distortion(HierarchyWeights.height(1)).getAsDouble(), EPS);

        assertEquals(12.0 / 18, m.modificationRate(), EPS, "the paper's 66.7 %");
        assertEquals(2, m.classes());
        assertEquals(4 * 4 + 2 * 2, m.discernibility());
        assertEquals((6.0 / 2) / 2, m.cavg(), EPS);
        assertEquals(0.0, m.inconsistency().getAsDouble(), EPS, "a global recoding draws every column from one level");
        for (AttributeLevels a : m.attributes()) {
            assertEquals(0.0, a.generalizationPortion().getAsDouble(), EPS, a.name());
        }
        assertEquals(6 * 1 + 6 * 1, m.levelDistortion().getAsLong(), "(alpha,k) distortion: one level up in Gender and Postcode");
        assertEquals(6 * (1 + 1 + 4), m.levelDistortionAtRoot());
    }

    @DatabaseTest
    @DisplayName("Table 1c (multidimensional) and 1d (local): modification rates 33.3 % and 22.2 %, 1d's distortion 2.5 below 1b's 7.5")
    void tables1cAnd1d(Database db) throws IOException {
        SourceTable t1a = PaperTables.alphak(db, "kaca-table1a");
        HandRecoding c = HandRecoding.on(db, t1a, TABLE1_QI, new KAnonymity(2))
                .add(new int[] {0, 0, 0}, rows(3, "male", "middle", "4350"))
                .add(new int[] {0, 1, 1}, rows(1, "female", "middle", "4352"), rows(2, "female", "old", "4353"))
                .build();
        ReleaseRecord r1c = local(db, c, "t1c");
        assertReleasedAs("kaca-table1c", db, r1c, TABLE1_QI);
        UtilityMetrics m1c = measure(db, "t1c");
        assertEquals(6.0 / 18, m1c.modificationRate(), EPS, "the paper's 33.3 %");
        assertEquals(3 * 3 + 3 * 3, m1c.discernibility());
        assertEquals((6.0 / 2) / 2, m1c.cavg(), EPS);
        assertEquals(3 * (1 + 0.25), m1c.distortion(UNIFORM).getAsDouble(), EPS);
        assertEquals(LocalRecodingUtility.of(c.recoding(), 2), m1c);

        HandRecoding d = HandRecoding.on(db, t1a, TABLE1_QI, new KAnonymity(2))
                .add(new int[] {0, 0, 0}, rows(2, "male", "middle", "4350"))
                .add(new int[] {1, 0, 1}, rows(1, "male", "middle", "4350"), rows(1, "female", "middle", "4352"))
                .add(new int[] {0, 0, 0}, rows(2, "female", "old", "4353"))
                .build();
        ReleaseRecord r1d = local(db, d, "t1d");
        assertReleasedAs("kaca-table1d", db, r1d, TABLE1_QI);
        UtilityMetrics m1d = measure(db, "t1d");
        assertEquals(2 * 1.25, m1d.distortion(UNIFORM).getAsDouble(), EPS, "t3 and t4 cost 1.25 each");
        assertEquals(4.0 / 18, m1d.modificationRate(), EPS);
        assertEquals(3, m1d.classes());
        assertEquals(3 * 2 * 2, m1d.discernibility());
        assertEquals(1.0, m1d.cavg(), EPS);
        assertEquals(1.0 / 3, attribute(m1d, "Gender").inconsistency().getAsDouble(), EPS);
        assertEquals(1.0 / 3, attribute(m1d, "Gender").generalizationPortion().getAsDouble(), EPS);
        assertEquals(0.0, attribute(m1d, "Age").inconsistency().getAsDouble(), EPS);
        assertEquals(1.0 / 3, m1d.inconsistency().getAsDouble(), EPS);
        assertEquals(LocalRecodingUtility.of(d.recoding(), 2), m1d);
    }

    @DatabaseTest
    @DisplayName("Table 3b (local): inconsistency 50 % of each attribute and the table; Table 3c (global): 0 %; the same distortion")
    void table3(Database db) throws IOException {
        SourceTable t3a = PaperTables.alphak(db, "kaca-table3a");
        HandRecoding b = HandRecoding.on(db, t3a, TABLE3_QI, new KAnonymity(2))
                .add(new int[] {1, 0}, rows(1, "male", "married"), rows(1, "female", "married"))
                .add(new int[] {1, 0}, rows(1, "male", "unmarried"), rows(1, "female", "unmarried"))
                .add(new int[] {0, 1}, rows(1, "male", "divorced"), rows(1, "male", "widowed"))
                .add(new int[] {0, 1}, rows(1, "female", "divorced"), rows(1, "female", "widowed"))
                .build();
        ReleaseRecord r3b = local(db, b, "t3b");
        assertReleasedAs("kaca-table3b", db, r3b, TABLE3_QI);
        UtilityMetrics m3b = measure(db, "t3b");
        assertEquals(0.5, attribute(m3b, "Gender").inconsistency().getAsDouble(), EPS, "4 values * at level 1, 4 male/female at level 2");
        assertEquals(0.5, attribute(m3b, "Marriage").inconsistency().getAsDouble(), EPS);
        assertEquals(0.5, m3b.inconsistency().getAsDouble(), EPS);
        assertEquals(0.5, attribute(m3b, "Gender").generalizationPortion().getAsDouble(), EPS);
        assertEquals(4 * 2 * 2, m3b.discernibility());
        assertEquals(1.0, m3b.cavg(), EPS);
        assertEquals(LocalRecodingUtility.of(b.recoding(), 2), m3b);

        ReleaseRecord r3c = global(db, t3a, TABLE3_QI, new LevelVector(0, 1), "t3c", SuppressionLimit.NONE, SuppressMode.REMOVE);
        assertReleasedAs("kaca-table3c", db, r3c, TABLE3_QI);
        UtilityMetrics m3c = measure(db, "t3c");
        assertEquals(0.0, m3c.inconsistency().getAsDouble(), EPS);
        assertEquals(0.0, attribute(m3c, "Marriage").generalizationPortion().getAsDouble(), EPS,
                "every value at the root: that is the base domain (Definition 13 takes the most specific level present)");
        assertEquals(0.0, attribute(m3c, "Marriage").inconsistency().getAsDouble(), EPS);
        assertEquals(m3b.distortion(UNIFORM).getAsDouble(), m3c.distortion(UNIFORM).getAsDouble(), EPS, "\"their distortions are identical\"");
        assertEquals(8.0, m3c.distortion(UNIFORM).getAsDouble(), EPS);
        assertEquals(2 * 4 * 4, m3c.discernibility());
        assertEquals((8.0 / 2) / 2, m3c.cavg(), EPS);
    }

    @DatabaseTest
    @DisplayName("suppression: a removed and a starred row of Table 1a both count at the root of every QI and cost |T| = 6 in DM")
    void suppressedRows(Database db) {
        SourceTable t1a = PaperTables.alphak(db, "kaca-table1a");
        // at the raw node t4 (female, middle, 4352) is alone: suppressed
        for (SuppressMode mode : SuppressMode.values()) {
            String name = "t1a_" + mode.label();
            ReleaseRecord r = global(db, t1a, TABLE1_QI, new LevelVector(0, 0, 0), name, SuppressionLimit.parse("1"), mode);
            assertEquals(1, r.rowsSuppressed(), mode.label());
            UtilityMetrics m = measure(db, name);
            assertEquals(1, m.suppressedRows());
            assertEquals(3 * 3 + 2 * 2 + 6, m.discernibility(), mode.label());
            assertEquals((5.0 / 2) / 2, m.cavg(), EPS, mode.label());
            assertEquals(3.0, m.distortion(UNIFORM).getAsDouble(), EPS, mode.label() + ": one row, every cell at the root");
            assertEquals(3.0 / 18, m.modificationRate(), EPS, mode.label());
            assertEquals(1.0 / 6, m.inconsistency().getAsDouble(), EPS, mode.label());
            assertEquals(mode == SuppressMode.STAR ? 6 : 5, m.rows(), mode.label() + ": rows as the release shows them");
        }
    }

    @DatabaseTest
    @DisplayName("a cell that is no label of its hierarchy (a range) leaves its attribute's level figures undefined; DM, CAVG, modification rate stay")
    void cellWithoutLevel(Database db) {
        SourceTable t1a = PaperTables.alphak(db, "kaca-table1a");
        HandRecoding c = HandRecoding.on(db, t1a, TABLE1_QI, new KAnonymity(2))
                .add(new int[] {0, 0, 0}, rows(3, "male", "middle", "4350"))
                .add(new int[] {0, 1, 1}, rows(1, "female", "middle", "4352"), rows(2, "female", "old", "4353"))
                .build();
        ReleaseRecord r = local(db, c, "ranges");
        // Mondrian writes a numeric range where a hierarchy would have a label
        String age = t1a.column("age").name();
        db.dsl().update(DSL.table(DSL.name(r.relationSchema(), r.relationName())))
                .set(DSL.field(DSL.name(age), String.class), "40-64")
                .where(DSL.field(DSL.name(age), String.class).eq("*")).execute();
        UtilityMetrics m = measure(db, "ranges");
        AttributeLevels p = attribute(m, "Age");
        assertEquals(3, p.cellsWithoutLevel());
        assertTrue(p.distortion(UNIFORM).isEmpty());
        assertTrue(p.inconsistency().isEmpty());
        assertTrue(p.generalizationPortion().isEmpty());
        assertTrue(m.distortion(UNIFORM).isEmpty());
        assertTrue(m.inconsistency().isEmpty());
        assertTrue(m.levelDistortion().isEmpty());
        assertEquals(3 * 0.25, attribute(m, "Postcode").distortion(UNIFORM).getAsDouble(), EPS, "the other attributes keep theirs");
        assertEquals(0.5, attribute(m, "Postcode").inconsistency().getAsDouble(), EPS);
        assertEquals(6.0 / 18, m.modificationRate(), EPS, "a range is a modified cell");
        assertEquals(18, m.discernibility());
        assertEquals(1.5, m.cavg(), EPS);
    }

    static ReleaseRecord global(Database db, SourceTable table, List<String> qis, LevelVector node, String name,
                                SuppressionLimit suppression, SuppressMode mode) {
        StarSchema schema = StarSchema.of(table, qis, new HierarchyCatalog(db));
        ReleaseRecord r = new ReleaseWriter(db).release(new ReleaseRequest(name, schema, node, new KAnonymity(2), suppression, mode,
                false, false, Set.of(), "test")).release();
        assertNotNull(r, name + " must be releasable");
        return r;
    }

    static ReleaseRecord local(Database db, HandRecoding recoding, String name) {
        return new LocalRecodingReleaseWriter(db).write(new LocalReleaseRequest(name, recoding, Set.of(), false, "by hand"));
    }

    /** The metrics as `kanon metrics` computes them: from the register, by name. */
    static UtilityMetrics measure(Database db, String release) {
        return new ReleaseMetrics(db).of(new ReleaseRegister(db).require(release)).utility();
    }

    static AttributeLevels attribute(UtilityMetrics m, String name) {
        return m.attributes().stream().filter(a -> a.name().equalsIgnoreCase(name)).findFirst().orElseThrow();
    }

    private static double distortion(UtilityMetrics m, String attribute, HierarchyWeights w) {
        return attribute(m, attribute).distortion(w).getAsDouble();
    }

    /** The released relation holds, row by row (by No), the QI cells of the paper's view in datasets/papers. */
    private static void assertReleasedAs(String file, Database db, ReleaseRecord r, List<String> qis) throws IOException {
        List<String> lines = Files.readAllLines(PaperTables.PAPERS.resolve(file + ".csv"));
        List<String> header = Arrays.asList(lines.get(0).split(","));
        TreeMap<Integer, List<String>> expected = new TreeMap<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",");
            List<String> row = new ArrayList<>();
            for (String qi : qis) {
                row.add(cells[indexOf(header, qi)]);
            }
            expected.put(Integer.parseInt(cells[0]), row);
        }
        TreeMap<Integer, List<String>> actual = new TreeMap<>();
        var relation = db.dsl().select().from(DSL.table(DSL.name(r.relationSchema(), r.relationName()))).fetch();
        for (Record row : relation) {
            List<String> cells = new ArrayList<>();
            for (String qi : qis) {
                cells.add(String.valueOf(row.get(fieldIndex(row, qi))));
            }
            actual.put(((Number) row.get(fieldIndex(row, "No"))).intValue(), cells);
        }
        assertEquals(expected, actual, file);
    }

    private static int indexOf(List<String> header, String name) {
        for (int i = 0; i < header.size(); i++) {
            if (header.get(i).equalsIgnoreCase(name)) {
                return i;
            }
        }
        throw new IllegalArgumentException(name + " not in " + header);
    }

    private static int fieldIndex(Record row, String name) {
        for (int i = 0; i < row.size(); i++) {
            if (row.field(i).getName().equalsIgnoreCase(name)) {
                return i;
            }
        }
        throw new IllegalArgumentException(name + " not in " + row);
    }
}
