package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.db.ConnectionSettings;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;
import org.kanon.testing.TestDatabases;

/**
 * Progress never appears when stderr is not a terminal (issue 23): every command with long steps, run with its
 * output captured (in-process, and as a process of its own with stderr a pipe), leaves stderr empty. Every step would
 * show at once here ({@value ProgressBars#QUIET_PROPERTY} = 0), so an empty stderr is the terminal decision's doing,
 * not the steps' speed; the process with {@code KANON_PROGRESS=on} shows that the same run does draw its bars.
 */
class ProgressRedirectedCliTest {
    private static final String PATIENTS_QI = "birthdate,sex,zipcode";

    @BeforeAll
    static void everyStepShowsAtOnce() {
        assumeFalse("on".equalsIgnoreCase(String.valueOf(System.getenv(ProgressChoice.VARIABLE)).strip()),
                "KANON_PROGRESS=on in the test's environment forces bars");
        System.setProperty(ProgressBars.QUIET_PROPERTY, "0");
    }

    @AfterAll
    static void quietAgain() {
        System.clearProperty(ProgressBars.QUIET_PROPERTY);
    }

    @DatabaseTest(only = TestDatabases.Kind.DERBY)
    @DisplayName("import, hierarchy binding, anonymize (incognito, kaca1, mondrian, forest, permutation), release, verify, export, risk, report, run: stderr stays empty")
    void noProgressOnCapturedStderr(ConnectionSettings settings, @TempDir Path dir) {
        CliRun cli = new CliRun(settings);
        quiet(cli.run("import", PaperTables.PATIENTS_CSV.toString(), "--table", "patients"));
        quiet(cli.run("hierarchy", "import", "--table", "patients", "--dir", PaperTables.PAPERS.toString(), "--prefix",
                PaperTables.PATIENTS_PREFIX));
        quiet(cli.run("import", PaperTables.PAPERS.resolve("permutation-table1.csv").toString(), "--table", "t1"));
        quiet(cli.run("anonymize", "--table", "patients", "--qi", PATIENTS_QI, "--k", "2", "--algorithm", "incognito",
                "--select", "dm", "--name", "p_incognito"));
        quiet(cli.run("anonymize", "--table", "patients", "--qi", PATIENTS_QI, "--k", "2", "--algorithm", "bruteforce"));
        quiet(cli.run("anonymize", "--table", "patients", "--qi", PATIENTS_QI, "--k", "2", "--algorithm", "kaca1", "--name", "p_kaca"));
        quiet(cli.run("anonymize", "--table", "patients", "--qi", PATIENTS_QI, "--k", "2", "--algorithm", "mondrian", "--name", "p_mondrian"));
        quiet(cli.run("anonymize", "--table", "patients", "--qi", PATIENTS_QI, "--k", "2", "--algorithm", "topdown"));
        quiet(cli.run("anonymize", "--table", "patients", "--qi", PATIENTS_QI, "--k", "2", "--algorithm", "forest", "--name", "p_forest"));
        quiet(cli.run("anonymize", "--table", "t1", "--qi", "age,sex", "--sensitive", "disease", "--l", "4",
                "--algorithm", "permutation", "--name", "t1_perm"));
        quiet(cli.run("release", "--table", "patients", "--qi", PATIENTS_QI, "--levels", "1,1,1", "--k", "2", "--name", "p_release",
                "--materialize"));
        for (String release : List.of("p_incognito", "p_kaca", "p_mondrian", "p_forest", "t1_perm", "p_release")) {
            quiet(cli.run("verify", release));
        }
        quiet(cli.run("verify", "--table", "patients", "--qi", "sex", "--k", "2"));
        quiet(cli.run("export", "p_kaca", "--csv", dir.resolve("p_kaca.csv").toString()));
        quiet(cli.run("risk", "--table", "patients", "--qi", PATIENTS_QI));
        quiet(cli.run("risk", "--release", "p_kaca"));
        quiet(cli.run("report", "--release", "p_kaca", "--html", dir.resolve("p_kaca.html").toString()));
        quiet(cli.run("anonymize", "--table", "patients", "--qi", PATIENTS_QI, "--k", "2", "--name", "p_reported", "--report",
                dir.resolve("p_reported.html").toString()));
        quiet(cli.run("hierarchy", "build", "--table", "t1", "--column", "age", "--spec", "interval:10,20"));
    }

    @DatabaseTest(only = TestDatabases.Kind.DERBY)
    @DisplayName("a process of its own, stderr a pipe: nothing on stderr; with KANON_PROGRESS=on the same import draws its bars")
    void separateProcess(ConnectionSettings settings) throws Exception {
        // processes of their own: what decides is whether the process's own stderr (file descriptor 2) is a terminal
        List<String> everyStep = List.of("-D" + ProgressBars.QUIET_PROPERTY + "=0");
        try (KanonProcess piped = KanonProcess.start(settings, everyStep, Map.of(ProgressChoice.VARIABLE, "auto"),
                "import", PaperTables.PATIENTS_CSV.toAbsolutePath().toString(), "--table", "patients")) {
            assertEquals(0, piped.awaitExit(Duration.ofMinutes(2)), piped.toString());
            assertEquals("", piped.err(), piped.toString());
        }
        try (KanonProcess forced = KanonProcess.start(settings, everyStep, Map.of(ProgressChoice.VARIABLE, "on"),
                "import", PaperTables.PATIENTS_CSV.toAbsolutePath().toString(), "--table", "again")) {
            assertEquals(0, forced.awaitExit(Duration.ofMinutes(2)), forced.toString());
            assertTrue(forced.err().contains("rows imported 100% [====================] 6/6"), forced.toString());
            assertTrue(forced.err().contains("rows checked 6"), forced.toString());
        }
    }

    @DatabaseTest(only = TestDatabases.Kind.DERBY)
    @DisplayName("--format json draws no bars even when KANON_PROGRESS=on forces them")
    void jsonStaysCleanWhenForced(ConnectionSettings settings) {
        // in this JVM: the rule is json's, not the terminal's; the bars, were they drawn, would go to the captured stderr
        // (every step shows at once here, as in the process above)
        CliRun.Result forced = CliRun.execute(new Kanon().withEnvironment(Map.of(ProgressChoice.VARIABLE, "on"))
                .withWorkingDirectory(CliRun.noConfigDirectory()), "--db", settings.url(), "import",
                PaperTables.PATIENTS_CSV.toAbsolutePath().toString(), "--table", "patients");
        assertTrue(forced.err().contains("rows imported 100% [====================] 6/6"), "forced bars are drawn here: " + forced);
        CliRun.Result json = CliRun.execute(new Kanon().withEnvironment(Map.of(ProgressChoice.VARIABLE, "on"))
                .withWorkingDirectory(CliRun.noConfigDirectory()), "--db", settings.url(), "import",
                PaperTables.PATIENTS_CSV.toAbsolutePath().toString(), "--table", "third", "--format", "json");
        assertEquals(0, json.exitCode(), json.toString());
        assertEquals("", json.err(), "--format json stays clean even when forced: " + json);
    }

    /** Exit 0 and not a character on stderr: no bar, no carriage return, no line. */
    private static void quiet(CliRun.Result r) {
        assertEquals(0, r.exitCode(), r.toString());
        assertEquals("", r.err(), r.toString());
    }
}
