package org.kanon.local;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.DisplayName;
import org.kanon.db.Database;
import org.kanon.local.mondrian.Mondrian;
import org.kanon.local.mondrian.MondrianResult;
import org.kanon.local.mondrian.Partition;
import org.kanon.privacy.Criterion;
import org.kanon.privacy.EarthMoversDistance;
import org.kanon.privacy.EntropyLDiversity;
import org.kanon.privacy.Ratio;
import org.kanon.privacy.RecursiveCLDiversity;
import org.kanon.privacy.Requirement;
import org.kanon.privacy.Share;
import org.kanon.privacy.TCloseness;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.testing.AdultCriteriaOracle;
import org.kanon.testing.AdultCriteriaOracle.Group;
import org.kanon.testing.AdultFixture;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.TestDatabases;

/**
 * Mondrian and Top-Down under the criteria of one sensitive column, on Adult (5 QIs, k = 5): every class they form
 * passes the brute-force oracle's own definition of the criterion ({@link AdultCriteriaOracle}, from the raw file's
 * values), and the algorithms still specialize (many classes), so their split checks and Top-Down's shortfall steer
 * by the criteria rather than stopping at the whole table. The algorithms run in memory once the groups are read, so
 * one database suffices; the releases and their re-check SQL are tested on every database with Table 3 (CriteriaCliTest).
 */
class LocalCriteriaAdultTest {
    private static final List<String> QIS = List.of("age", "sex", "race", "education", "marital-status");
    private static final int K = 5;

    private record Case(String name, Criterion criterion, String column, Predicate<Group> test) {
    }

    private static List<Case> cases(AdultCriteriaOracle o) {
        int occupation = AdultCriteriaOracle.sensitive("occupation");
        return List.of(
                new Case("entropy l=3", new EntropyLDiversity(3, "occupation"), "occupation", g -> AdultCriteriaOracle.entropy(g, occupation, 3)),
                new Case("recursive (3,3)", new RecursiveCLDiversity(new Ratio(3, 1), 3, "occupation"), "occupation",
                        g -> AdultCriteriaOracle.recursive(g, occupation, 3, 3)),
                new Case("t=0.15 equal", new TCloseness(Share.parse("--t", "0.15"), EarthMoversDistance.Ground.EQUAL, "occupation"), "occupation",
                        g -> o.equalCloseness(g, occupation, 0.15)),
                new Case("t=0.1 hierarchical", new TCloseness(Share.parse("--t", "0.1"), EarthMoversDistance.Ground.HIERARCHICAL, "occupation"),
                        "occupation", g -> o.hierarchicalCloseness(g, 0.1)),
                new Case("t=0.1 ordered", new TCloseness(Share.parse("--t", "0.1"), EarthMoversDistance.Ground.ORDERED, "hours-per-week"),
                        "hours-per-week", g -> o.orderedCloseness(g, 0.1)));
    }

    @DatabaseTest(only = TestDatabases.Kind.DERBY)
    @DisplayName("Adult: every class of Mondrian and of Top-Down passes the oracle's definition of each criterion")
    void everyClassPassesTheOracle(AdultFixture adult) throws Exception {
        AdultCriteriaOracle oracle = AdultCriteriaOracle.get();
        List<String> failures = new ArrayList<>();
        try (Database db = Database.open(adult.settings())) {
            SourceTable source = new TableResolver(db).resolve(AdultFixture.TABLE);
            for (Case c : cases(oracle)) {
                Requirement requirement = new Requirement(K, List.of(c.criterion()));
                MondrianResult m = new Mondrian().anonymize(db, source, source.columns(QIS), requirement);
                GroupedTable mt = m.recoded().table();
                List<Map<String, Long>> mondrian = new ArrayList<>();
                for (Partition p : m.recoded().partitions()) {
                    Map<String, Long> values = new HashMap<>();
                    for (int g : p.groups()) {
                        values.merge(mt.sensitiveText(mt.sensitiveCode(g)), mt.group(g).count(), Long::sum);
                    }
                    mondrian.add(values);
                }
                judge(oracle, c, "mondrian", mondrian, failures);
                TopDownResult t = new TopDown().anonymize(db, source, source.columns(QIS), requirement);
                GroupedTable tt = t.recoding().table();
                List<Map<String, Long>> topDown = new ArrayList<>();
                for (LocalClass lc : t.recoding().classes()) {
                    Map<String, Long> values = new HashMap<>();
                    for (int e = 0; e < lc.entries(); e++) {
                        values.merge(tt.sensitiveText(tt.sensitiveCode(lc.group(e))), lc.count(e), Long::sum);
                    }
                    topDown.add(values);
                }
                judge(oracle, c, "top-down", topDown, failures);
            }
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    private static void judge(AdultCriteriaOracle oracle, Case c, String algorithm, List<Map<String, Long>> classes, List<String> failures) {
        long rows = 0;
        int failing = 0;
        for (Map<String, Long> values : classes) {
            Group g = oracle.group(c.column(), values);
            rows += g.size();
            if (!(AdultCriteriaOracle.atLeastK(g, K) && c.test().test(g))) {
                failing++;
            }
        }
        System.out.printf("%s, %s: %d classes%n", algorithm, c.name(), classes.size());
        if (failing > 0) {
            failures.add(algorithm + ", " + c.name() + ": " + failing + " of " + classes.size() + " classes fail the oracle");
        }
        if (rows != 45_222) {
            failures.add(algorithm + ", " + c.name() + ": the classes hold " + rows + " rows, not Adult's 45,222");
        }
        if (classes.size() < 10) {
            failures.add(algorithm + ", " + c.name() + ": only " + classes.size() + " classes; the algorithm hardly specialized");
        }
    }
}
