package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.DisplayName;
import org.kanon.db.ConnectionSettings;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;

/** `kanon metrics` on the TKDE paper's Table 1b, released through the CLI: text, json, weights and bad input. */
class MetricsCliTest {
    private static final String QI = "gender,age,postcode";

    @DatabaseTest
    @DisplayName("Table 1b: json has every figure (distortion 7.5 uniform, 6.72 height, DM 20, CAVG 1.5); text aligned; bad input exits 2")
    void metricsOfTable1b(ConnectionSettings settings) {
        CliRun cli = new CliRun(settings);
        assertEquals(0, cli.run("import", PaperTables.PAPERS.resolve("kaca-table1a.csv").toString(), "--table", "t1a").exitCode());
        assertEquals(0, cli.run("hierarchy", "import", "--table", "t1a", "--dir", PaperTables.PAPERS.toString(),
                "--prefix", "kaca-table1a_").exitCode());
        CliRun.Result release = cli.run("release", "--table", "t1a", "--qi", QI, "--levels", "1,0,1", "--k", "2", "--name", "t1b",
                "--identifying", "No");
        assertEquals(ExitCodes.OK, release.exitCode(), release.toString());

        CliRun.Result json = cli.run("metrics", "--release", "t1b", "--format", "json");
        assertEquals(ExitCodes.OK, json.exitCode(), json.toString());
        String o = json.out().trim();
        assertTrue(o.startsWith("{") && o.endsWith("}") && o.lines().count() == 1, o);
        for (String expected : new String[] {"\"release\":\"t1b\"", "\"recoding\":\"global\"", "\"k\":2", "\"rows\":6", "\"classes\":2",
                "\"distortion\":{\"uniform\":7.5,\"height\":6.72", "\"beta\":1.0", "\"levelDistortion\":12", "\"discernibility\":20",
                "\"cavg\":1.5", "\"inconsistency\":0.0", "\"modificationRate\":0.6666666666666666", "\"largestSensitiveShare\":null",
                "{\"name\":\"GENDER\",\"height\":1,\"cellsAtLevel\":[0,6],\"cellsWithoutLevel\":0,\"distortion\":{\"uniform\":6.0,\"height\":6.0},"
                        + "\"inconsistency\":0.0,\"generalizationPortion\":0.0,\"modifiedCells\":6}"}) {
            assertTrue(o.toUpperCase().contains(expected.toUpperCase()), expected + " in\n" + o);
        }

        CliRun.Result height = cli.run("metrics", "--release", "t1b", "--format", "json", "--weights", "height", "--beta", "2");
        assertEquals(ExitCodes.OK, height.exitCode(), height.toString());
        assertTrue(height.out().contains("\"beta\":2.0"), height.out());
        assertFalse(height.out().contains("\"uniform\""), "only the weights asked for: " + height.out());

        CliRun.Result text = cli.run("metrics", "--release", "t1b");
        assertEquals(ExitCodes.OK, text.exitCode(), text.toString());
        for (String expected : new String[] {"rows:               6 in 2 classes, smallest 2",
                "distortion:         12 (ratio 0.3333 of 36 with every cell at the root)",
                "WHD uniform:        7.5000", "WHD height:         6.7200 (beta 1)", "DM:                 20",
                "CAVG:               1.5000", "inconsistency:      0.0000", "modification rate:  0.6667",
                "  WHD uniform:      1.5000", "  gen. portion:     0.0000", "  modified cells:   6 of 6"}) {
            assertTrue(text.out().contains(expected), expected + " in\n" + text.out());
        }
        assertFalse(text.out().contains("largest share"), "no sensitive attribute: " + text.out());

        String[][] bad = {
                {"metrics", "--release", "nope"},
                {"metrics", "--release", "t1b", "--beta", "0.5"},
                {"metrics", "--release", "t1b", "--format", "xml"},
                {"metrics", "--release", "t1b", "--weights", "steep"},
                {"metrics", "--release", "t1b", "--weights", "uniform", "--beta", "2"},
                {"metrics", "--release", "t1b", "--beta", "x"},
        };
        String[] messages = {"release 'nope' not found", "--beta", "--format", "--weights", "--beta", "--beta"};
        for (int i = 0; i < bad.length; i++) {
            CliRun.Result r = cli.run(bad[i]);
            assertEquals(ExitCodes.USAGE, r.exitCode(), String.join(" ", bad[i]) + "\n" + r);
            assertTrue(r.err().contains(messages[i]), String.join(" ", bad[i]) + "\n" + r.err());
            assertTrue(r.out().isEmpty(), r.out());
        }
    }
}
