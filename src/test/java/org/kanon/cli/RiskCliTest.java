package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.jooq.tools.json.JSONParser;
import org.kanon.db.ConnectionSettings;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;

/** `kanon risk` on the Patients table (Incognito, Figure 1) and on its releases: text, json, bad input. */
class RiskCliTest {
    private static final String QI = "birthdate,sex,zipcode";

    @DatabaseTest
    @DisplayName("risk of the raw table, of a node, of a removing and of a starring release (starred rows left out); bad input exits 2")
    void riskOfTableNodeAndReleases(ConnectionSettings settings) throws Exception {
        CliRun cli = new CliRun(settings);
        assertEquals(0, cli.run("import", PaperTables.PATIENTS_CSV.toString(), "--table", "patients").exitCode());
        assertEquals(0, cli.run("hierarchy", "import", "--table", "patients", "--dir", PaperTables.PAPERS.toString(),
                "--prefix", PaperTables.PATIENTS_PREFIX).exitCode());

        CliRun.Result text = cli.run("risk", "--table", "patients", "--qi", QI);
        assertEquals(ExitCodes.OK, text.exitCode(), text.toString());
        for (String expected : new String[]{"6 rows, 3 quasi-identifiers", "classes               6 (sizes 1 to 1 rows)",
                "sample uniques        6 rows (100.00 %)", "highest 100.00 % (100.00 % of records), average 100.00 %, at risk (> 10.00 %) 100.00 % = 6 rows",
                "journalist            the prosecutor's figures, an upper bound", "marketer              100.00 %"}) {
            assertTrue(text.out().contains(expected), expected + " in\n" + text.out());
        }
        assertTrue(text.err().isEmpty(), text.err());

        // <B1,S0,Z0>: classes 1,1,2,2
        Map<?, ?> node = json(cli.run("risk", "--table", "patients", "--qi", QI, "--levels", "1,0,0", "--format", "json"));
        assertEquals(6L, node.get("rows"));
        assertEquals(4L, node.get("classes"));
        assertEquals(2L, node.get("sampleUniques"));
        assertEquals(4.0 / 6, (Double) ((Map<?, ?>) node.get("prosecutor")).get("average"), 1e-12);
        assertEquals("1,0,0", node.get("levels"));
        assertEquals(7, ((List<?>) node.get("combinations")).size());
        assertEquals(null, node.get("population"));

        // a release at <B1,S0,Z0> with k = 2 that removes the two unique rows, and one that stars them
        assertEquals(0, cli.run("release", "--table", "patients", "--qi", QI, "--levels", "1,0,0", "--k", "2", "--suppression", "2",
                "--name", "p_removed").exitCode());
        assertEquals(0, cli.run("release", "--table", "patients", "--qi", QI, "--levels", "1,0,0", "--k", "2", "--suppression", "2",
                "--suppress-mode", "star", "--name", "p_starred").exitCode());
        for (String release : new String[]{"p_removed", "p_starred"}) {
            Map<?, ?> r = json(cli.run("risk", "--release", release, "--format", "json"));
            assertEquals(4L, r.get("rows"), release + ": the two suppressed rows are not measured");
            assertEquals(2L, r.get("classes"), release);
            assertEquals(0L, r.get("sampleUniques"), release);
            assertEquals(0.5, (Double) ((Map<?, ?>) r.get("prosecutor")).get("highest"), 1e-12, release);
            assertEquals(release.equals("p_starred") ? 2L : 0L, r.get("excludedRows"), release);
            assertEquals("release " + release, r.get("subject"));
        }

        // with a population: the estimates appear, every model named
        Map<?, ?> sampled = json(cli.run("risk", "--table", "patients", "--qi", QI, "--levels", "1,0,0", "--population", "600",
                "--format", "json"));
        Map<?, ?> population = (Map<?, ?>) sampled.get("population");
        assertEquals(0.01, (Double) population.get("samplingFraction"), 1e-12);
        assertTrue(population.containsKey("zayatz") && population.containsKey("pitman") && population.containsKey("snb")
                && population.containsKey("dankar"), population.toString());
        assertEquals(sampled.get("prosecutor"), sampled.get("journalist"), "the journalist's figures are the prosecutor's upper bound");

        String[][] bad = {
                {"risk", "--table", "patients"},
                {"risk", "--release", "p_removed", "--qi", "sex"},
                {"risk", "--table", "patients", "--qi", "sex,nope"},
                {"risk", "--table", "patients", "--qi", QI, "--levels", "1,0,9"},
                {"risk", "--table", "patients", "--qi", QI, "--threshold", "0"},
                {"risk", "--table", "patients", "--qi", QI, "--threshold", "abc"},
                {"risk", "--table", "patients", "--qi", QI, "--population", "5"},
                {"risk", "--table", "patients", "--qi", QI, "--population", "60", "--sampling-fraction", "0.1"},
                {"risk", "--table", "patients", "--qi", QI, "--sampling-fraction", "1.5"},
                {"risk", "--release", "nope"},
                {"risk", "--table", "patients", "--qi", QI, "--combinations", "-1"},
        };
        String[] messages = {"--qi is required", "--qi: not with --release", "NOPE", "--levels", "--threshold", "--threshold",
                "--population: 5 people is fewer than the 6 rows", "--population and --sampling-fraction", "--sampling-fraction",
                "release 'nope' not found", "--combinations: must be 0 (none) or more, got -1"};
        for (int i = 0; i < bad.length; i++) {
            CliRun.Result r = cli.run(bad[i]);
            assertEquals(ExitCodes.USAGE, r.exitCode(), String.join(" ", bad[i]) + "\n" + r);
            assertTrue(r.err().toUpperCase().contains(messages[i].toUpperCase()), String.join(" ", bad[i]) + "\n" + r.err());
            assertEquals(1, r.err().lines().count(), "one line: " + r.err());
            assertFalse(r.out().contains("risk of"), r.out());
        }

        // the starring view follows its source: once the two rows it starred are deleted from the source, it stars none,
        // and its risk says so (the register's count of suppressed rows is the release's, not the view's today)
        try (Connection c = DriverManager.getConnection(settings.url(), settings.user(), settings.password());
             Statement s = c.createStatement()) {
            assertEquals(2, s.executeUpdate("DELETE FROM patients WHERE zipcode = 53715")); // plain names: every database folds them
        }
        Map<?, ?> after = json(cli.run("risk", "--release", "p_starred", "--format", "json"));
        assertEquals(4L, after.get("rows"));
        assertEquals(0L, after.get("excludedRows"), "no row starred any more");
        assertEquals(2L, after.get("classes"));
        Map<?, ?> sqlOnly = json(cli.run("risk", "--release", "p_starred", "--format", "json", "--combinations", "0"));
        assertEquals(after.get("classSizes"), sqlOnly.get("classSizes"), "the same classes with and without the combinations");
    }

    @DatabaseTest
    @DisplayName("risk of an empty table: exit 2 with one line, no figures (not 'separation 100 %')")
    void riskOfAnEmptyTable(ConnectionSettings settings) throws Exception {
        CliRun cli = new CliRun(settings);
        assertEquals(0, cli.run("import", PaperTables.PATIENTS_CSV.toString(), "--table", "patients").exitCode());
        try (Connection c = DriverManager.getConnection(settings.url(), settings.user(), settings.password());
             Statement s = c.createStatement()) {
            assertEquals(6, s.executeUpdate("DELETE FROM patients"));
        }
        for (String format : new String[]{"text", "json"}) {
            CliRun.Result r = cli.run("risk", "--table", "patients", "--qi", QI, "--format", format);
            CliRun.assertRefused(r, "kanon: table ", " has no rows: there is no re-identification risk to measure");
            assertEquals("", r.out(), format);
        }
    }

    static Map<?, ?> json(CliRun.Result r) throws Exception {
        assertEquals(ExitCodes.OK, r.exitCode(), r.toString());
        String o = r.out().trim();
        assertEquals(1, o.lines().count(), "one JSON line: " + o);
        return (Map<?, ?>) new JSONParser().parse(o);
    }
}
