package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.db.ConnectionSettings;
import org.kanon.demo.SyntheticCensus;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;

/**
 * `kanon metrics` of two-table releases and `kanon evaluate-queries`, end to end through the CLI: permutation and
 * Anatomy releases of the paper's Table 1 and of a generated Table-5 census, generalized releases of the Incognito
 * paper's Patients table; bad input refused with one line, exit 2.
 */
class EvaluateQueriesCliTest {
    private static final Pattern AVERAGE = Pattern.compile("\"averageRelativeError\":([0-9.Ee-]+|null)");

    @TempDir
    Path tmp;

    private static double number(String json, String key) {
        Matcher m = Pattern.compile("\"" + key + "\":([0-9.Ee-]+)").matcher(json);
        assertTrue(m.find(), key + " in " + json);
        return Double.parseDouble(m.group(1));
    }

    private static CliRun.Result ok(CliRun cli, String... args) {
        CliRun.Result r = cli.run(args);
        assertEquals(ExitCodes.OK, r.exitCode(), r.toString());
        return r;
    }

    private static String[] evaluate(String release, String original, String... extra) {
        List<String> args = new ArrayList<>(List.of("evaluate-queries", "--release", release, "--original", original, "--format", "json"));
        args.addAll(List.of(extra));
        return args.toArray(String[]::new);
    }

    @DatabaseTest
    @DisplayName("Table 1, l = 4: metrics of PA and Anatomy (Thm 1: 1/4 largest, 0.225 mean; Anatomy RCE 7 >= 6.8); PA = Anatomy on one-range queries")
    void table1(ConnectionSettings settings) {
        CliRun cli = new CliRun(settings);
        ok(cli, "import", PaperTables.PAPERS.resolve("permutation-table1.csv").toString(), "--table", "t1");
        for (String algorithm : List.of("permutation", "anatomy")) {
            ok(cli, "anonymize", "--table", "t1", "--qi", "age,sex", "--sensitive", "disease", "--l", "4", "--algorithm", algorithm,
                    "--seed", "3", "--name", algorithm.substring(0, 2));
        }
        CliRun.Result text = ok(cli, "metrics", "--release", "pe");
        for (String expected : new String[] {"release:            pe (permutation: ", "rows:               9 in 2 groups, smallest 4, largest 5",
                "adversary (Thm 1):  largest 0.2500, mean 0.2250", "NCP:                ", "RCE lower bound:    "}) {
            assertTrue(text.out().contains(expected), expected + " in\n" + text.out());
        }
        String pa = ok(cli, "metrics", "--release", "pe", "--format", "json").out().trim();
        String an = ok(cli, "metrics", "--release", "an", "--format", "json").out().trim();
        assertTrue(pa.startsWith("{\"release\":\"pe\",\"recoding\":\"permuted\"") && pa.lines().count() == 1, pa);
        assertTrue(number(pa, "rce") >= number(pa, "rceLowerBound"), pa);
        assertEquals(number(pa, "ncp"), number(an, "ncp"), 1e-9, "one seed, one partition");
        assertEquals(7.0, number(an, "rce"), 1e-9, "Anatomy: every row 1 - 1/|G| (groups of 5 and 4)");
        assertEquals(6.8, number(an, "rceLowerBound"), 1e-9);
        // Theorem 2 is a lower bound: the text says so and how far above it the release is (7 - 6.8)
        String anText = ok(cli, "metrics", "--release", "an").out();
        assertTrue(anText.contains("RCE lower bound:    6.8000 (Thm 2: RCE >= the sum of 1 + l d^2 - 2 d over rows, l = 4; this RCE is 0.2000 above it)"), anText);
        assertEquals(0.25, number(an, "presenceProbabilityLargest"), 1e-12);

        // with one range the permutation's marginal is Anatomy's tuple share: the same estimates, the same error
        String paOne = ok(cli, evaluate("pe", "t1", "--dimensionality", "2", "--selectivity", "0.5", "--queries", "40")).out();
        String anOne = ok(cli, evaluate("an", "t1", "--dimensionality", "2", "--selectivity", "0.5", "--queries", "40")).out();
        assertEquals(number(paOne, "averageRelativeError"), number(anOne, "averageRelativeError"), 1e-12, paOne + "\n" + anOne);
        assertTrue(paOne.contains("\"estimator\":\"permutation\"") && anOne.contains("\"estimator\":\"anatomy\""), paOne + anOne);
        assertEquals(40, number(paOne, "queries"));

        CliRun.Result two = ok(cli, "evaluate-queries", "--release", "pe", "--original", "t1", "--selectivity", "0.5", "--queries", "30");
        for (String expected : new String[] {"workload:           30 COUNT(*) queries, w = 3 (2 QI range(s) of ", "average rel. error: ",
                "median rel. error:  ", "estimated by permutation"}) {
            assertTrue(two.out().contains(expected), expected + " in\n" + two.out());
        }
    }

    @DatabaseTest
    @DisplayName("Patients: a release at level 0 answers every query exactly; generalized ones by uniformity; --sensitive needed for k-anonymity")
    void generalizedReleases(ConnectionSettings settings) {
        CliRun cli = new CliRun(settings);
        ok(cli, "import", PaperTables.PATIENTS_CSV.toString(), "--table", "patients");
        ok(cli, "hierarchy", "import", "--table", "patients", "--dir", PaperTables.PAPERS.toString(), "--prefix", PaperTables.PATIENTS_PREFIX);
        ok(cli, "release", "--table", "patients", "--qi", "sex,zipcode", "--levels", "0,0", "--k", "1", "--name", "p00");
        ok(cli, "release", "--table", "patients", "--qi", "sex,zipcode", "--levels", "1,1", "--k", "2", "--name", "p11");
        String exact = ok(cli, evaluate("p00", "patients", "--sensitive", "disease", "--selectivity", "0.6", "--queries", "25")).out();
        assertEquals(0.0, number(exact, "averageRelativeError"), 0, exact);
        assertTrue(exact.contains("\"estimator\":\"generalization\""), exact);
        String generalized = ok(cli, evaluate("p11", "patients", "--sensitive", "disease", "--selectivity", "0.6", "--queries", "25")).out();
        assertTrue(number(generalized, "averageRelativeError") > 0, generalized);

        CliRun.Result noSensitive = cli.run(evaluate("p11", "patients"));
        assertEquals(ExitCodes.USAGE, noSensitive.exitCode(), noSensitive.toString());
        assertTrue(noSensitive.err().startsWith("kanon: --sensitive: release p11 has no sensitive attribute"), noSensitive.err());
    }

    @DatabaseTest
    @DisplayName("a generated Table-5 census (3,000 rows), l = 5: both releases' metrics within Theorem 1 and 2; PA and Anatomy evaluated")
    void generatedCensus(ConnectionSettings settings) throws Exception {
        Path csv = tmp.resolve("census5.csv");
        SyntheticCensus.load(SyntheticCensus.TABLE5).writeCsv(csv, 3000, 11L);
        CliRun cli = new CliRun(settings);
        ok(cli, "import", csv.toString(), "--table", "census5");
        for (String algorithm : List.of("permutation", "anatomy")) {
            ok(cli, "anonymize", "--table", "census5", "--qi", "age,gender,education,marital", "--sensitive", "occupation", "--l", "5",
                    "--algorithm", algorithm, "--seed", "5", "--name", "c5" + algorithm.charAt(0));
            String m = ok(cli, "metrics", "--release", "c5" + algorithm.charAt(0), "--format", "json").out();
            assertTrue(number(m, "adversaryProbabilityLargest") <= 0.2 + 1e-12, m);
            assertTrue(number(m, "rce") >= number(m, "rceLowerBound"), m);
            assertEquals(3000, number(m, "rows"));
        }
        String pa = ok(cli, evaluate("c5p", "census5", "--queries", "200", "--seed", "9")).out();
        String an = ok(cli, evaluate("c5a", "census5", "--queries", "200", "--seed", "9")).out();
        assertEquals(4.0, number(pa, "dimensionality"));
        for (String o : List.of(pa, an)) {
            Matcher m = AVERAGE.matcher(o);
            assertTrue(m.find() && Double.parseDouble(m.group(1)) >= 0, o);
        }
    }

    @DatabaseTest
    @DisplayName("bad input: unknown release, --original missing, w > d + 1, w < 2, s outside (0, 1], --weights on a two-table release")
    void badInput(ConnectionSettings settings) {
        CliRun cli = new CliRun(settings);
        ok(cli, "import", PaperTables.PAPERS.resolve("permutation-table1.csv").toString(), "--table", "t1");
        ok(cli, "anonymize", "--table", "t1", "--qi", "age,sex", "--sensitive", "disease", "--l", "4", "--algorithm", "permutation",
                "--name", "pa");
        String[][] bad = {
                {"evaluate-queries", "--release", "nope", "--original", "t1"}, {"release 'nope' not found"},
                {"evaluate-queries", "--release", "pa"}, {"--original is required"},
                {"evaluate-queries", "--release", "pa", "--original", "t1", "--dimensionality", "4"}, {"--dimensionality: at most 3"},
                {"evaluate-queries", "--release", "pa", "--original", "t1", "--dimensionality", "1"}, {"--dimensionality: must be at least 2"},
                {"evaluate-queries", "--release", "pa", "--original", "t1", "--selectivity", "0"}, {"--selectivity: must be in (0, 1]"},
                {"evaluate-queries", "--release", "pa", "--original", "t1", "--selectivity", "1.5"}, {"--selectivity: must be in (0, 1]"},
                {"evaluate-queries", "--release", "pa", "--original", "t1", "--queries", "0"}, {"--queries: must be at least 1"},
                {"evaluate-queries", "--release", "pa", "--original", "nope"}, {"table 'nope' not found"},
                {"evaluate-queries", "--release", "pa", "--original", "t1", "--format", "xml"}, {"--format: expected text or json"},
                {"evaluate-queries", "--release", "pa", "--original", "t1", "--sensitive", "sex"}, {"--sensitive: release pa protects"},
                {"metrics", "--release", "pa", "--weights", "uniform"}, {"--weights: release pa is a two-table (permuted) release"},
                {"metrics", "--release", "nope"}, {"release 'nope' not found"},
        };
        for (int i = 0; i < bad.length; i += 2) {
            CliRun.Result r = cli.run(bad[i]);
            assertEquals(ExitCodes.USAGE, r.exitCode(), String.join(" ", bad[i]) + "\n" + r);
            assertEquals(1, r.err().lines().count(), "one line: " + r.err());
            assertTrue(r.err().startsWith("kanon: ") && r.err().contains(bad[i + 1][0]), bad[i + 1][0] + " in " + r.err());
            assertEquals("", r.out(), "nothing printed on stdout: " + r.out());
        }
    }
}
