package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.DisplayName;
import java.util.List;
import java.util.Set;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.privacy.AlphaKAnonymity;
import org.kanon.privacy.SensitiveAttribute;
import org.kanon.privacy.Share;
import org.kanon.release.ReleaseRegister;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;
import org.kanon.testing.ReleaseVerifier;

/** The (alpha,k) paper's Tables 1-3 through `kanon check` and `kanon anonymize`, and the model's bad input. */
class AlphaKCliTest {
    private static final String QI = "job,birth,postcode";

    private static CliRun setUp(ConnectionSettings settings) {
        CliRun cli = new CliRun(settings);
        for (String t : new String[] {"1", "2", "3"}) {
            assertEquals(0, cli.run("import", PaperTables.PAPERS.resolve("alphak-table" + t + ".csv").toString(), "--table", "t" + t).exitCode());
        }
        assertEquals(0, cli.run("hierarchy", "import", "--table", "t1", "--dir", PaperTables.PAPERS.toString(),
                "--prefix", "alphak-table1_").exitCode());
        return cli;
    }

    @DatabaseTest
    @DisplayName("Table 2 is 2-anonymous but not (0.5,2)-anonymous for HIV; Table 3 is; eIncognito releases Table 1 under (0.5,2)")
    void paperTables(ConnectionSettings settings) {
        CliRun cli = setUp(settings);
        assertEquals(ExitCodes.OK, cli.run("check", "--table", "t2", "--qi", QI, "--k", "2").exitCode());
        CliRun.Result t2 = cli.run("check", "--table", "t2", "--qi", QI, "--k", "2", "--alpha", "0.5", "--sensitive", "illness", "--value", "HIV");
        assertEquals(ExitCodes.NOT_MET, t2.exitCode(), t2.toString());
        assertTrue(t2.out().contains("classes failing (0.5,2)-anonymity: 1, holding 2 rows"), t2.out());
        CliRun.Result t3 = cli.run("check", "--table", "t3", "--qi", QI, "--k", "2", "--alpha", "0.5", "--sensitive", "illness", "--value", "HIV");
        assertEquals(ExitCodes.OK, t3.exitCode(), t3.toString());
        assertEquals(ExitCodes.OK, cli.run("check", "--table", "t3", "--qi", QI, "--k", "2", "--alpha", "0.5", "--sensitive", "illness").exitCode(),
                "general model: no illness holds more than half of a class of Table 3");
        assertEquals(ExitCodes.OK, cli.run("check", "--table", "t3", "--qi", QI, "--k", "2", "--l", "2", "--sensitive", "illness").exitCode());

        Long nodes = null;
        for (String executor : new String[] {"memory", "sql"}) {
            for (String algorithm : new String[] {"incognito", "incognito-superroots", "incognito-cube", "bottomup"}) {
                String name = "r_" + algorithm.replace('-', '_') + (executor.equals("sql") ? "_sql" : "");
                CliRun.Result r = cli.run("anonymize", "--table", "t1", "--qi", QI, "--k", "2", "--alpha", "0.5", "--sensitive", "illness",
                        "--value", "HIV", "--algorithm", algorithm, "--executor", executor, "--list", "--name", name);
                assertEquals(ExitCodes.OK, r.exitCode(), executor + " " + algorithm + "\n" + r);
                assertTrue(r.out().contains("released r_"), r.out());
                if (nodes == null) {
                    nodes = anonymousNodes(r.out());
                }
                assertEquals(nodes, anonymousNodes(r.out()), executor + " " + algorithm + ": the same anonymous nodes\n" + r.out());
                CliRun.Result show = cli.run("release", "show", name);
                assertTrue(show.out().contains("privacy model:     (0.5,2)-anonymity"), show.out());
                verifyIndependently(settings, name);
            }
        }
        // the sql executor under l-diversity too (the value itself, not an indicator, is the sensitive column)
        CliRun.Result l = cli.run("anonymize", "--table", "t1", "--qi", QI, "--k", "2", "--l", "2", "--sensitive", "illness",
                "--executor", "sql", "--list");
        CliRun.Result lMemory = cli.run("anonymize", "--table", "t1", "--qi", QI, "--k", "2", "--l", "2", "--sensitive", "illness",
                "--executor", "memory", "--list");
        assertEquals(anonymousNodes(lMemory.out()), anonymousNodes(l.out()), l + "\n" + lMemory);
        // <Job1, Birth1, Postcode0>: two levels per row of the 6 rows; every cell at the root costs 6 x (1+1+4)
        CliRun.Result metrics = cli.run("metrics", "--release", "r_incognito");
        assertEquals(ExitCodes.OK, metrics.exitCode(), metrics.toString());
        assertTrue(metrics.out().contains("distortion:         12 (ratio 0.3333 of 36"), metrics.out());
        assertTrue(metrics.out().contains("largest share of the sensitive class in a class: 0.5000"), metrics.out());
        assertTrue(metrics.out().contains("6 in 2 classes, smallest 2"), metrics.out());
        // Top-Down: a local-recoding release whose figures, measured again from the released table by
        // `kanon metrics`, equal those the algorithm reported
        CliRun.Result td = cli.run("anonymize", "--table", "t1", "--qi", QI, "--k", "2", "--alpha", "0.5", "--sensitive", "illness",
                "--value", "HIV", "--algorithm", "topdown", "--name", "td");
        assertEquals(ExitCodes.OK, td.exitCode(), td.toString());
        var reported = java.util.regex.Pattern.compile("(\\d+) classes, smallest (\\d+), distortion (\\d+)").matcher(td.out());
        assertTrue(reported.find(), td.out());
        CliRun.Result tdMetrics = cli.run("metrics", "--release", "td");
        assertTrue(tdMetrics.out().contains("in " + reported.group(1) + " classes, smallest " + reported.group(2)), tdMetrics.out());
        assertTrue(tdMetrics.out().contains("distortion:         " + reported.group(3) + " "), tdMetrics.out());
        assertTrue(tdMetrics.out().contains("local recoding"), tdMetrics.out());
        verifyIndependently(settings, "td");
        // the same search under plain 2-anonymity finds more nodes: (alpha,k) is stricter
        CliRun.Result plain = cli.run("anonymize", "--table", "t1", "--qi", QI, "--k", "2", "--list");
        CliRun.Result alpha = cli.run("anonymize", "--table", "t1", "--qi", QI, "--k", "2", "--alpha", "0.5", "--sensitive", "illness", "--value", "HIV", "--list");
        assertTrue(anonymousNodes(plain.out()) > anonymousNodes(alpha.out()), plain.out() + "\n" + alpha.out());
    }

    @DatabaseTest
    @DisplayName("Lemma 1, l above |T|/max c(v), alpha outside (0,1], S also a QI, unknown value, --value without --alpha: exit 2")
    void badModels(ConnectionSettings settings) {
        CliRun cli = setUp(settings);
        String[][] cases = {
                {"--alpha", "0.2", "--sensitive", "illness", "--value", "HIV"},   // HIV is 2 of 6 rows
                {"--l", "4", "--sensitive", "illness"},                            // 2 of 6 rows share a value: l <= 3
                {"--l", "4", "--diversity", "distinct", "--sensitive", "illness"}, // 3 distinct illnesses
                {"--alpha", "1.5", "--sensitive", "illness"},
                {"--alpha", "0", "--sensitive", "illness"},
                {"--alpha", "0.5", "--sensitive", "postcode"},
                {"--alpha", "0.5", "--sensitive", "illness", "--value", "AIDS"},
                {"--value", "HIV"},
                {"--alpha", "0.5"},
        };
        String[] expected = {"Lemma 1", "no release can be 4-diverse", "only 3 distinct value(s)", "must be in (0, 1]",
                "must be in (0, 1]", "is also a quasi-identifier", "--value #1 matches no row", "--value needs --alpha",
                "--alpha needs --sensitive"};
        for (int i = 0; i < cases.length; i++) {
            for (String command : new String[] {"check", "anonymize"}) {
                String[] args = new String[7 + cases[i].length];
                System.arraycopy(new String[] {command, "--table", "t1", "--qi", QI, "--k", "2"}, 0, args, 0, 7);
                System.arraycopy(cases[i], 0, args, 7, cases[i].length);
                CliRun.Result r = cli.run(args);
                assertEquals(ExitCodes.USAGE, r.exitCode(), String.join(" ", args) + "\n" + r);
                assertTrue(r.err().contains(expected[i]), String.join(" ", args) + "\n" + r.err());
                assertFalse(r.err().contains("HIV") || r.err().contains("AIDS"), "no sensitive value in messages: " + r.err());
            }
        }
        CliRun.Result suppression = cli.run("anonymize", "--table", "t1", "--qi", QI, "--k", "2", "--alpha", "0.5",
                "--sensitive", "illness", "--suppression", "1");
        assertEquals(ExitCodes.USAGE, suppression.exitCode(), suppression.toString());
        assertTrue(suppression.err().contains("not monotone"), suppression.err());
        assertFalse(cli.run("release", "list").out().contains("r_"), "nothing registered");
    }

    /** Rows, non-QI columns, ancestors of every QI cell and the model on every class, by the test's own code. */
    private static void verifyIndependently(ConnectionSettings settings, String release) {
        try (Database db = Database.open(settings)) {
            SourceTable t1 = new TableResolver(db).resolve("t1");
            ReleaseVerifier.verify(db, t1, new ReleaseRegister(db).require(release), List.of("job", "birth", "postcode"),
                    new AlphaKAnonymity(2, Share.parse("--alpha", "0.5"), new SensitiveAttribute("illness", List.of("HIV"))), Set.of());
        }
    }

    private static long anonymousNodes(String out) {
        var m = java.util.regex.Pattern.compile("(\\d+) anonymous node\\(s\\)").matcher(out);
        assertTrue(m.find(), out);
        return Long.parseLong(m.group(1));
    }
}
