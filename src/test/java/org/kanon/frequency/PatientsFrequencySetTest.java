package org.kanon.frequency;

import static org.junit.jupiter.api.Assertions.*;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.kanon.db.Database;
import org.kanon.lattice.LevelVector;
import org.kanon.privacy.CheckResult;
import org.kanon.privacy.KAnonymity;
import org.kanon.privacy.SuppressionLimit;
import org.kanon.schema.SourceTable;
import org.kanon.schema.hierarchy.HierarchyCatalog;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;

/** Incognito, Figure 1 and Example 3.1: frequency sets of the Patients table over <Sex, Zipcode>, k = 2. */
class PatientsFrequencySetTest {

    private static Map<String, Long> frequencySet(Database db, StarSchema schema, int sex, int zip) {
        Map<String, Long> counts = new HashMap<>();
        for (FrequencyRow r : new FrequencySets(db.dsl()).fetch(schema, new LevelVector(sex, zip))) {
            counts.put(r.values().get(0) + "|" + r.values().get(1), r.count());
        }
        return counts;
    }

    private static boolean twoAnonymous(Database db, StarSchema schema, int sex, int zip) {
        CheckResult r = new PrivacyCheck(db.dsl()).check(schema, new LevelVector(sex, zip), new KAnonymity(2), SuppressionLimit.NONE);
        return r.satisfied();
    }

    @DatabaseTest
    @DisplayName("Incognito Ex. 3.1: Patients is not 2-anonymous at <S0, Z0>, is at <S1, Z0> and <S0, Z2>, is not at <S0, Z1>")
    void exampleThreeOneVerdicts(Database db) {
        SourceTable patients = PaperTables.patients(db);
        StarSchema schema = StarSchema.of(patients, List.of("sex", "zipcode"), new HierarchyCatalog(db));
        assertFalse(twoAnonymous(db, schema, 0, 0));
        assertTrue(twoAnonymous(db, schema, 1, 0));
        assertFalse(twoAnonymous(db, schema, 0, 1));
        assertTrue(twoAnonymous(db, schema, 0, 2));
        // generalization property: every generalization of <S1, Z0> is 2-anonymous too
        assertTrue(twoAnonymous(db, schema, 1, 1));
        assertTrue(twoAnonymous(db, schema, 1, 2));
    }

    @DatabaseTest
    @DisplayName("Incognito Fig. 1: the frequency sets of Patients at <S0, Z0>, <S1, Z0> and <S0, Z2>")
    void frequencySetsOfTheRunningExample(Database db) {
        SourceTable patients = PaperTables.patients(db);
        StarSchema schema = StarSchema.of(patients, List.of("sex", "zipcode"), new HierarchyCatalog(db));
        assertEquals(Map.of("Male|53715", 1L, "Female|53715", 1L, "Male|53703", 2L, "Female|53706", 2L),
                frequencySet(db, schema, 0, 0));
        assertEquals(Map.of("Person|53715", 2L, "Person|53703", 2L, "Person|53706", 2L), frequencySet(db, schema, 1, 0));
        assertEquals(Map.of("Male|537**", 3L, "Female|537**", 3L), frequencySet(db, schema, 0, 2));
        assertEquals(Map.of("Male|5371*", 1L, "Female|5371*", 1L, "Male|5370*", 2L, "Female|5370*", 2L),
                frequencySet(db, schema, 0, 1));
    }

    @DatabaseTest
    @DisplayName("Incognito Fig. 1: over <Birthdate, Sex, Zipcode> the table is not 2-anonymous at the bottom, is at the top")
    void threeAttributeBottomAndTop(Database db) {
        SourceTable patients = PaperTables.patients(db);
        StarSchema schema = StarSchema.of(patients, List.of("birthdate", "sex", "zipcode"), new HierarchyCatalog(db));
        var check = new PrivacyCheck(db.dsl());
        CheckResult bottom = check.check(schema, new LevelVector(0, 0, 0), new KAnonymity(2), SuppressionLimit.NONE);
        assertEquals(6, bottom.rows());
        assertEquals(6, bottom.classes(), "every patient is unique on <B0, S0, Z0>");
        assertEquals(6, bottom.rowsBelowK());
        assertFalse(bottom.satisfied());
        CheckResult top = check.check(schema, new LevelVector(1, 1, 2), new KAnonymity(2), SuppressionLimit.NONE);
        assertEquals(1, top.classes());
        assertEquals(6, top.smallestClass());
        assertTrue(top.satisfied());
        // a suppression threshold of 6 rows makes even the bottom pass; 5 does not
        assertTrue(check.check(schema, new LevelVector(0, 0, 0), new KAnonymity(2), SuppressionLimit.parse("6")).satisfied());
        assertFalse(check.check(schema, new LevelVector(0, 0, 0), new KAnonymity(2), SuppressionLimit.parse("5")).satisfied());
    }
}
