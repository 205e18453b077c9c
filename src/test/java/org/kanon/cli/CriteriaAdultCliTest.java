package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.DisplayName;
import org.kanon.db.Database;
import org.kanon.ingest.CsvImporter;
import org.kanon.ingest.ImportOptions;
import org.kanon.testing.AdultCriteriaOracle;
import org.kanon.testing.AdultCriteriaOracle.Group;
import org.kanon.testing.AdultFixture;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.TestDatabases;

/**
 * Issue 34's check: on Adult (8 QIs, occupation sensitive, no suppression) {@code anonymize --list} lists exactly the
 * nodes of the brute-force check ({@link AdultCriteriaOracle}: every node of the lattice from the raw rows) for each
 * criterion alone and together with 5-anonymity, on every database of the run; and the sql executor, on a lattice of
 * 2 or 3 of those QIs, lists the brute force's nodes whose other QIs are at the top of their hierarchies.
 */
class CriteriaAdultCliTest {
    private static final Set<TestDatabases.Kind> POPULATED = EnumSet.noneOf(TestDatabases.Kind.class);

    /** A requirement's options, and the oracle's test of one class under it (k given apart). */
    private record Case(String name, List<String> options, Predicate<Group> test) {
    }

    private static List<Case> cases(AdultCriteriaOracle o) {
        int occupation = AdultCriteriaOracle.sensitive("occupation");
        int relationship = AdultCriteriaOracle.sensitive("relationship");
        String population = AdultCriteriaOracle.POPULATION;
        return List.of(
                new Case("entropy l=3", List.of("--l", "3", "--diversity", "entropy", "--sensitive", "occupation"),
                        g -> AdultCriteriaOracle.entropy(g, occupation, 3)),
                new Case("recursive (3,3)", List.of("--l", "3", "--diversity", "recursive", "--c", "3", "--sensitive", "occupation"),
                        g -> AdultCriteriaOracle.recursive(g, occupation, 3, 3)),
                new Case("t=0.25 equal", List.of("--t", "0.25", "--sensitive", "occupation"),
                        g -> o.equalCloseness(g, occupation, 0.25)),
                new Case("t=0.2 hierarchical", List.of("--t", "0.2", "--closeness", "hierarchical", "--sensitive", "occupation"),
                        g -> o.hierarchicalCloseness(g, 0.2)),
                new Case("t=0.1 ordered", List.of("--t", "0.1", "--closeness", "ordered", "--sensitive", "hours-per-week"),
                        g -> o.orderedCloseness(g, 0.1)),
                new Case("10-map", List.of("--k-map", "10", "--population", population),
                        g -> AdultCriteriaOracle.kMap(g, 10)),
                new Case("(0.4,0.8)-presence", List.of("--presence", "0.4,0.8", "--population", population),
                        g -> AdultCriteriaOracle.presence(g, 40, 80)),
                new Case("entropy l=2 of two columns", List.of("--l", "2", "--diversity", "entropy", "--sensitive", "occupation,relationship"),
                        g -> AdultCriteriaOracle.entropy(g, occupation, 2) && AdultCriteriaOracle.entropy(g, relationship, 2)));
    }

    /** The brute-force answers, the same on every database: made once per test JVM. */
    private static List<Set<List<Integer>>> expected;

    private static synchronized List<Set<List<Integer>>> expected(AdultCriteriaOracle oracle, List<Case> cases) {
        if (expected == null) {
            List<Predicate<Group>> tests = new ArrayList<>();
            for (Case c : cases) {
                for (int k : KS) {
                    tests.add(g -> AdultCriteriaOracle.atLeastK(g, k) && c.test().test(g));
                }
            }
            expected = oracle.passing(tests);
        }
        return expected;
    }

    private static final int[] KS = {1, 5};

    @DatabaseTest
    @DisplayName("Adult, 8 QIs: anonymize --list = the brute-force check for every criterion, alone and with k = 5")
    void listEqualsBruteForce(TestDatabases.Kind kind, AdultFixture adult) throws Exception {
        AdultCriteriaOracle oracle = AdultCriteriaOracle.get();
        populate(kind, adult, oracle);
        CliRun cli = new CliRun(adult.settings());
        List<Case> cases = cases(oracle);
        List<Set<List<Integer>>> answers = expected(oracle, cases);
        List<String> mismatches = new ArrayList<>();
        int i = 0;
        for (Case c : cases) {
            for (int k : KS) {
                List<String> args = new ArrayList<>(List.of("anonymize", "--table", AdultFixture.TABLE, "--qi",
                        String.join(",", AdultCriteriaOracle.QIS), "--k", Integer.toString(k)));
                args.addAll(c.options());
                args.addAll(List.of("--list", "--format", "json"));
                CliRun.Result r = cli.run(args.toArray(String[]::new));
                assertEquals(ExitCodes.OK, r.exitCode(), c.name() + " k=" + k + "\n" + r);
                Set<List<Integer>> listed = listed(CliRun.jsonObject(r));
                Set<List<Integer>> wanted = answers.get(i++);
                if (!listed.equals(wanted)) {
                    mismatches.add(c.name() + " k=" + k + ": listed " + listed.size() + ", brute force " + wanted.size());
                }
                assertTrue(!wanted.isEmpty() && wanted.size() < 4320, c.name() + " k=" + k + ": a case that tells nodes apart, "
                        + wanted.size() + " of 4320 pass");
                System.out.printf("%s, %s, k=%d: %d anonymous nodes%n", kind, c.name(), k, wanted.size());
            }
        }
        assertTrue(mismatches.isEmpty(), String.join("\n", mismatches));
    }

    @DatabaseTest
    @DisplayName("Adult, 3 QIs (2 on Derby): the sql executor (the criteria's SQL, node by node) lists the brute force's nodes, for every criterion with k = 5")
    void sqlExecutorEqualsBruteForce(TestDatabases.Kind kind, AdultFixture adult) throws Exception {
        AdultCriteriaOracle oracle = AdultCriteriaOracle.get();
        populate(kind, adult, oracle);
        CliRun cli = new CliRun(adult.settings());
        List<Case> cases = cases(oracle);
        List<Set<List<Integer>>> answers = expected(oracle, cases);
        // Derby's statements each read the table again (no hash aggregate over joins to the dimensions): a smaller lattice
        List<String> qis = kind == TestDatabases.Kind.DERBY ? List.of("race", "sex") : List.of("age", "race", "sex");
        List<String> mismatches = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            Case c = cases.get(i);
            List<String> args = new ArrayList<>(List.of("anonymize", "--table", AdultFixture.TABLE, "--qi", String.join(",", qis), "--k", "5",
                    "--executor", "sql"));
            args.addAll(c.options());
            args.addAll(List.of("--list", "--format", "json"));
            CliRun.Result r = cli.run(args.toArray(String[]::new));
            assertEquals(ExitCodes.OK, r.exitCode(), c.name() + "\n" + r);
            Set<List<Integer>> listed = listed(CliRun.jsonObject(r));
            Set<List<Integer>> wanted = restricted(oracle, answers.get(i * KS.length + 1), qis);
            if (!listed.equals(wanted)) {
                mismatches.add(c.name() + ": sql " + listed + ", brute force " + wanted);
            }
        }
        assertTrue(mismatches.isEmpty(), String.join("\n", mismatches));
    }

    /**
     * The brute force's nodes over the 8 QIs whose other QIs are at the top of their hierarchies, as nodes over
     * {@code qis}: a top level of one label ("*") gives the classes of the node without that QI.
     */
    private static Set<List<Integer>> restricted(AdultCriteriaOracle oracle, Set<List<Integer>> nodes, List<String> qis) {
        Set<List<Integer>> result = new HashSet<>();
        for (List<Integer> node : nodes) {
            boolean othersAtTop = true;
            for (int q = 0; q < AdultCriteriaOracle.QIS.size(); q++) {
                String name = AdultCriteriaOracle.QIS.get(q);
                if (!qis.contains(name)) {
                    assertEquals(1, oracle.labelsAtTop(name), name + "'s top level");
                    othersAtTop &= node.get(q) == oracle.height(name);
                }
            }
            if (othersAtTop) {
                List<Integer> levels = new ArrayList<>();
                for (String name : qis) {
                    levels.add(node.get(AdultCriteriaOracle.QIS.indexOf(name)));
                }
                result.add(levels);
            }
        }
        return result;
    }

    private static Set<List<Integer>> listed(Map<String, Object> json) {
        Set<List<Integer>> nodes = new HashSet<>();
        for (Object node : (List<?>) json.get("nodes")) {
            List<Integer> levels = new ArrayList<>();
            for (Object level : (List<?>) ((Map<?, ?>) node).get("levels")) {
                levels.add(((Number) level).intValue());
            }
            nodes.add(levels);
        }
        return nodes;
    }

    /** The population table of the shared Adult database, imported once per kind (a table of its own: Adult is untouched). */
    private static void populate(TestDatabases.Kind kind, AdultFixture adult, AdultCriteriaOracle oracle) throws Exception {
        synchronized (POPULATED) {
            if (POPULATED.contains(kind)) {
                return;
            }
            Path csv = Files.createTempFile("adult-population", ".csv");
            try {
                Files.write(csv, oracle.populationCsv());
                try (Database db = Database.open(adult.settings())) {
                    new CsvImporter(db).importCsv(csv, AdultCriteriaOracle.POPULATION, new ImportOptions(null, false));
                }
            } finally {
                Files.deleteIfExists(csv);
            }
            POPULATED.add(kind);
        }
    }
}
