package org.kanon.risk;

import org.kanon.metrics.ClassSizes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.kanon.db.Database;
import org.kanon.frequency.StarSchema;
import org.kanon.lattice.LevelVector;
import org.kanon.schema.SourceTable;
import org.kanon.schema.hierarchy.HierarchyCatalog;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;

/**
 * Risk figures of the Incognito paper's Patients table (Figure 1), worked out by hand from its six rows:
 * <pre>
 *   Birthdate Sex    Zipcode          at <B1,S0,Z0>: (Male,53715) (Female,53715) (Male,53703)x2 (Female,53706)x2
 *   1/21/76   Male   53715            at <B1,S1,Z0>: 53715 x2, 53703 x2, 53706 x2
 *   4/13/86   Female 53715            at <B1,S1,Z2>: one class of 6
 *   2/28/76   Male   53703
 *   1/21/76   Male   53703
 *   4/13/86   Female 53706
 *   2/28/76   Female 53706
 * </pre>
 */
class PatientsRiskTest {
    private static final double EPS = 1e-12;
    private static final List<String> QIS = List.of("birthdate", "sex", "zipcode");

    @DatabaseTest
    @DisplayName("Patients: every row unique at level 0; classes of 2 at <B1,S1,Z0>; one class of 6 at the top; exact combinations")
    void figuresByHand(Database db) {
        SourceTable patients = PaperTables.patients(db);
        StarSchema schema = StarSchema.of(patients, QIS, new HierarchyCatalog(db));
        RiskAnalyzer analyzer = new RiskAnalyzer(db);

        RiskAnalysis raw = analyzer.analyze(RiskSubject.node(schema, new LevelVector(0, 0, 0)), RiskOptions.defaults());
        assertEquals(ClassSizes.of(Map.of(1L, 6L)), raw.classSizes());
        ReidentificationRisk r = raw.risk();
        assertEquals(6, r.rows());
        assertEquals(6, r.sampleUniques());
        assertEquals(1.0, r.prosecutor().highest(), EPS);
        assertEquals(1.0, r.prosecutor().recordsAffectedByHighest(), EPS);
        assertEquals(1.0, r.prosecutor().average(), EPS);
        assertEquals(1.0, r.prosecutor().recordsAtRisk(), EPS);
        assertEquals(1.0, r.marketer(), EPS);
        assertEquals(r.prosecutor(), r.journalist(), "no population: the journalist's figures are the prosecutor's");

        // the seven combinations of three QIs, by hand (n = 6, n(n-1) = 30 pairs)
        Map<String, double[]> expected = Map.of(
                "BIRTHDATE", new double[]{3, 3.0 / 6, 1 - 6.0 / 30, 0},   // three pairs of 2
                "SEX", new double[]{2, 2.0 / 6, 1 - 12.0 / 30, 0},        // two classes of 3
                "ZIPCODE", new double[]{3, 3.0 / 6, 1 - 6.0 / 30, 0},
                "BIRTHDATE,SEX", new double[]{4, 4.0 / 6, 1 - 4.0 / 30, 2}, // 1/21/76 M x2, 4/13/86 F x2, 2/28/76 M, 2/28/76 F
                "BIRTHDATE,ZIPCODE", new double[]{6, 1, 1, 6},
                "SEX,ZIPCODE", new double[]{4, 4.0 / 6, 1 - 4.0 / 30, 2},
                "BIRTHDATE,SEX,ZIPCODE", new double[]{6, 1, 1, 6});
        assertEquals(7, raw.combinations().size());
        for (QiCombinationRisk c : raw.combinations()) {
            double[] e = expected.get(String.join(",", c.quasiIdentifiers()).toUpperCase());
            assertTrue(e != null, "unexpected combination " + c.quasiIdentifiers());
            assertEquals((long) e[0], c.classes(), c.toString());
            assertEquals(e[1], c.distinction(), EPS, c.toString());
            assertEquals(e[2], c.separation(), EPS, c.toString());
            assertEquals((long) e[3], c.uniques(), c.toString());
        }
        assertEquals(List.of("BIRTHDATE", "ZIPCODE", "SEX"), raw.combinations().subList(0, 3).stream()
                .map(c -> c.quasiIdentifiers().get(0).toUpperCase()).toList(), "single QIs, most distinguishing first, ties by name");

        RiskAnalysis b1 = analyzer.analyze(RiskSubject.node(schema, new LevelVector(1, 0, 0)), RiskOptions.defaults());
        assertEquals(ClassSizes.of(Map.of(1L, 2L, 2L, 2L)), b1.classSizes());
        assertEquals(1.0, b1.risk().prosecutor().highest(), EPS);
        assertEquals(2.0 / 6, b1.risk().prosecutor().recordsAffectedByHighest(), EPS);
        assertEquals(4.0 / 6, b1.risk().prosecutor().average(), EPS);
        assertEquals(2, b1.risk().sampleUniques());

        RiskAnalysis pairs = analyzer.analyze(RiskSubject.node(schema, new LevelVector(1, 1, 0)),
                new RiskOptions(0.5, null, null, 0));
        assertEquals(ClassSizes.of(Map.of(2L, 3L)), pairs.classSizes());
        assertEquals(0.5, pairs.risk().prosecutor().highest(), EPS);
        assertEquals(0.0, pairs.risk().prosecutor().recordsAtRisk(), EPS, "a risk of exactly the threshold is not above it");
        assertTrue(pairs.combinations().isEmpty(), "--combinations 0");

        RiskAnalysis top = analyzer.analyze(RiskSubject.node(schema, new LevelVector(1, 1, 2)), RiskOptions.defaults());
        assertEquals(ClassSizes.of(Map.of(6L, 1L)), top.classSizes());
        assertEquals(1.0 / 6, top.risk().prosecutor().highest(), EPS);
        assertEquals(1.0, top.risk().prosecutor().recordsAtRisk(), EPS, "1/6 is above 0.1");
        assertEquals(1.0 / 6, top.risk().marketer(), EPS);

        // a population of 60 (pi = 0.1): the population models run; the journalist stays the prosecutor's upper bound
        RiskAnalysis sampled = analyzer.analyze(RiskSubject.node(schema, new LevelVector(1, 0, 0)), new RiskOptions(0.1, 60L, null, 0));
        assertEquals(0.1, sampled.samplingFraction(), EPS);
        assertEquals(sampled.risk().prosecutor(), sampled.risk().journalist());
        assertEquals(4.0 / 6, sampled.risk().marketer(), EPS, "4 classes / 6 rows");
        assertTrue(sampled.population() != null, "population estimates with a population");
        assertEquals(2, sampled.population().sampleUniques());
        double zayatz = sampled.population().zayatz().fraction().orElseThrow();
        assertTrue(zayatz > 0 && zayatz <= 2.0 / 6, "at most the sample uniques are population uniques: " + zayatz);
    }
}
