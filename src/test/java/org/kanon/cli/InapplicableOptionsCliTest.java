package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.release.ReleaseRecord;
import org.kanon.release.ReleaseRegister;
import org.kanon.testing.PaperTables;
import org.kanon.testing.TestDatabases;
import picocli.CommandLine.Model.OptionSpec;

/**
 * {@code kanon anonymize} refuses an option set for an algorithm that does not read it (exit 2, one line naming the
 * option and the algorithms it applies to, nothing released), for every option of {@link AlgorithmOptions}'s table
 * and every algorithm it does not list; and lets each option pass with every algorithm it lists.
 */
class InapplicableOptionsCliTest {
    private static final String QI = "gender,age,postcode";
    /** A value of each option that takes one; flags take none. */
    private static final Map<String, String> VALUES = Map.ofEntries(Map.entry("--executor", "sql"), Map.entry("--memory-budget", "1g"),
            Map.entry("--max-lattice", "5"), Map.entry("--select", "dm"), Map.entry("--weights", "1,1,1"), Map.entry("--beta", "3"),
            Map.entry("--priority", "gender"), Map.entry("--max-inconsistency", "5%"), Map.entry("--seed", "9"),
            Map.entry("--block-size", "5"), Map.entry("--identifying", "no"), Map.entry("--suppress-mode", "star"));

    private static ConnectionSettings settings;
    private static CliRun cli;

    @BeforeAll
    static void setUp() {
        settings = TestDatabases.fresh(TestDatabases.Kind.DERBY);
        cli = new CliRun(settings);
        assertEquals(0, cli.run("import", PaperTables.PAPERS.resolve("kaca-table1a.csv").toString(), "--table", "t1a").exitCode());
        assertEquals(0, cli.run("hierarchy", "import", "--table", "t1a", "--dir", PaperTables.PAPERS.toString(),
                "--prefix", "kaca-table1a_").exitCode());
    }

    private static List<String> anonymize(String algorithm, String table, String... more) {
        List<String> args = new ArrayList<>(List.of("anonymize", "--table", table, "--qi", QI, "--k", "2", "--algorithm", algorithm,
                "--name", "never"));
        args.addAll(List.of(more));
        return args;
    }

    private static String[] withOption(List<String> args, String option) {
        List<String> all = new ArrayList<>(args);
        all.add(option);
        OptionSpec spec = Kanon.commandLine(new Kanon()).getSubcommands().get("anonymize").getCommandSpec().findOption(option);
        if (spec.arity().max() > 0) {
            assertTrue(VALUES.containsKey(option), "a sample value for " + option);
            all.add(VALUES.get(option));
        }
        return all.toArray(String[]::new);
    }

    private static void assertNothingReleased() {
        CliRun.Result list = cli.run("release", "list", "--format", "json");
        assertEquals(0, list.exitCode(), list.toString());
        assertFalse(list.out().contains("never"), list.out());
        try (Database db = Database.open(settings)) {
            assertEquals(List.of(), new ReleaseRegister(db).list().stream().map(ReleaseRecord::name).filter(n -> !n.equals("m_plain")).toList(),
                    "no release registered");
        }
    }

    @Test
    void theIssuesTwoCommandLinesAreRefused() {
        CliRun.Result mondrian = cli.run(anonymize("mondrian", "t1a", "--executor", "sql", "--select", "dm", "--materialize",
                "--suppress-mode", "star", "--list", "--memory-budget", "1g").toArray(String[]::new));
        CliRun.assertRefused(mondrian, "--executor does not apply to --algorithm mondrian", "it applies to incognito, eincognito");
        CliRun.Result incognito = cli.run(anonymize("incognito", "t1a", "--beta", "3", "--block-size", "5", "--no-preprocess",
                "--as-printed", "--seed", "9", "--priority", "sex", "--max-inconsistency", "5%").toArray(String[]::new));
        CliRun.assertRefused(incognito, "does not apply to --algorithm incognito");
        assertNothingReleased();
    }

    @Test
    void optionsNothingReadsAreRefused() {
        // --k with a two-table release (its groups are bounded by l), --diversity without --l, --weights with a
        // full-domain search selecting by another criterion than weighted-height: each was silently ignored before
        CliRun.assertRefused(cli.run("anonymize", "--table", "t1a", "--qi", "gender,age", "--k", "2", "--algorithm", "permutation",
                "--l", "2", "--sensitive", "problem", "--name", "never"), "--k does not apply to --algorithm permutation", "drop --k");
        CliRun.assertRefused(cli.run(anonymize("incognito", "t1a", "--diversity", "distinct").toArray(String[]::new)),
                "--diversity needs --l L");
        CliRun.assertRefused(cli.run(anonymize("incognito", "t1a", "--select", "dm", "--weights", "1,1,1").toArray(String[]::new)),
                "--weights: a full-domain search reads them only with --select weighted-height, not dm");
        CliRun.assertRefused(cli.run(anonymize("incognito", "t1a", "--weights", "1,1,1").toArray(String[]::new)),
                "--weights: a full-domain search reads them only with --select weighted-height, not height");
        // the same options where they are read still run
        assertEquals(0, cli.run("anonymize", "--table", "t1a", "--qi", "gender,age", "--algorithm", "permutation",
                "--l", "2", "--sensitive", "problem").exitCode());
        assertEquals(0, cli.run("anonymize", "--table", "t1a", "--qi", QI, "--k", "2", "--select", "weighted-height",
                "--weights", "1,1,1").exitCode());
        assertNothingReleased();
    }

    @Test
    void everyOptionWithAnAlgorithmItDoesNotApplyToIsRefused() {
        int refused = 0;
        for (Map.Entry<String, List<String>> e : AlgorithmOptions.APPLIES_TO.entrySet()) {
            for (String algorithm : Algorithms.names()) {
                if (e.getValue().contains(algorithm)) {
                    continue;
                }
                CliRun.Result r = cli.run(withOption(anonymize(algorithm, "t1a"), e.getKey()));
                CliRun.assertRefused(r, e.getKey() + " does not apply to --algorithm " + algorithm + "; it applies to "
                        + String.join(", ", e.getValue()));
                refused++;
            }
        }
        assertTrue(refused > 100, "combinations tried: " + refused);
        assertNothingReleased();
    }

    @Test
    void everyOptionGetsPastTheCheckWithTheAlgorithmsItAppliesTo() {
        for (Map.Entry<String, List<String>> e : AlgorithmOptions.APPLIES_TO.entrySet()) {
            assertFalse(e.getValue().isEmpty(), e.getKey());
            for (String algorithm : e.getValue()) {
                assertTrue(Algorithms.names().contains(algorithm), algorithm);
                // a table that does not exist: the run stops at it (or earlier at its own checks), never at the option
                CliRun.Result r = cli.run(withOption(anonymize(algorithm, "no_such_table"), e.getKey()));
                assertFalse(r.err().contains("does not apply"), e.getKey() + " with " + algorithm + ": " + r);
            }
        }
    }

    @Test
    void theTableIsTrueToWhatTheRunsRead() {
        // the options each family's run reads (AnonymizeCommand.run passes them on): none may be refused for it
        assertTrue(AlgorithmOptions.applies("--seed", "kaca1") && AlgorithmOptions.applies("--seed", "anatomy"));
        assertTrue(AlgorithmOptions.applies("--weights", "forest") && AlgorithmOptions.applies("--weights", "kaca2")
                && AlgorithmOptions.applies("--weights", "incognito"));
        assertTrue(AlgorithmOptions.applies("--as-printed", "exact"), "exact's clustering is split too unless --as-printed");
        assertTrue(AlgorithmOptions.applies("--identifying", "mondrian") && AlgorithmOptions.applies("--identifying", "top-down"));
        assertFalse(AlgorithmOptions.applies("--identifying", "permutation"));
        // options every algorithm takes are not in the table
        for (String common : List.of("--table", "--qi", "--k", "--name", "--replace", "--format", "--stats", "--alpha", "--l",
                "--sensitive", "--suppression")) {
            assertFalse(AlgorithmOptions.APPLIES_TO.containsKey(common), common);
        }
    }

    @Test
    void aSpecWithAnInapplicableOptionFailsItsRun() {
        // refused when written...
        CliRun.assertRefused(cli.run("spec", "create", "m_exec", "--table", "t1a", "--qi", QI, "--k", "2", "--algorithm", "mondrian",
                "--options", "--executor sql", "--release", "never"), "spec 'm_exec': --executor does not apply to --algorithm mondrian");
        CliRun.assertRefused(cli.run("spec", "create", "m_dm", "--table", "t1a", "--qi", QI, "--k", "2", "--algorithm", "mondrian",
                "--select", "dm", "--release", "never"), "spec 'm_dm': --select does not apply to --algorithm mondrian");
        // ...and, written by hand in the catalog, when it runs: the run fails with the same line, nothing released
        try (Database db = Database.open(settings)) {
            TestDatabases.sql(db).execute("INSERT INTO kanon.specs (spec_name, source_table, quasi_identifiers, k, algorithm, options, release_name) "
                    + "VALUES ('m_exec', 't1a', '" + QI + "', 2, 'mondrian', '--executor sql', 'never')");
        }
        CliRun.Result run = cli.run("run", "m_exec");
        CliRun.assertRefused(run, "--executor does not apply to --algorithm mondrian");
        assertNothingReleased();
        // a spec of a local recoding with the spec's default select criterion and a table target runs
        CliRun.Result plain = cli.run("spec", "create", "m_plain", "--table", "t1a", "--qi", QI, "--k", "2", "--algorithm", "mondrian",
                "--materialize", "--release", "m_plain");
        assertEquals(0, plain.exitCode(), plain.toString());
        CliRun.Result ok = cli.run("run", "m_plain");
        assertEquals(0, ok.exitCode(), ok.toString());
        cli.run("release", "drop", "m_plain");
    }
}
