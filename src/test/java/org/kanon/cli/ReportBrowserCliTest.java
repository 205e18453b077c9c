package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.db.ConnectionSettings;
import org.kanon.report.HeadlessChromium;
import org.kanon.report.Screenshots;
import org.kanon.testing.AdultFixture;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;
import org.kanon.testing.TestDatabases;

/**
 * `kanon report` opened in a real headless Chromium (Debian's; .ci/run installs it): the report of a KACA release and
 * of a permutation release render with no console error, no exception and no request leaving the file, every chart
 * holds drawn shapes of a real size, and the screenshot is not blank.
 */
class ReportBrowserCliTest {
    /** Charts whose shapes must all be drawn: every svg.chart has rects or circles and a visible size. */
    static final String CHARTS = "document.querySelectorAll('svg.chart').length";
    static final String DRAWN = "Array.from(document.querySelectorAll('svg.chart')).every(s => s.querySelectorAll('rect,circle').length > 0"
            + " && s.getBoundingClientRect().width > 300 && s.getBoundingClientRect().height > 40)";
    static final String SHAPES = "document.querySelectorAll('svg.chart rect, svg.chart circle').length";
    static final String SECTIONS = "Array.from(document.querySelectorAll('section')).map(s => s.id).join(',')";

    @TempDir
    Path dir;

    @DatabaseTest(only = TestDatabases.Kind.DERBY)
    @DisplayName("the reports of a KACA1 release (TKDE Table 1a) and of a permutation release render cleanly, charts drawn")
    void kacaAndPermutationReportsRender(ConnectionSettings settings) throws Exception {
        HeadlessChromium chromium = HeadlessChromium.require();
        CliRun cli = new CliRun(settings).withPaperTable("kaca-table1a", "t1a", "kaca-table1a_").withPaperTable("permutation-table1", "p1", null);
        assertEquals(0, cli.run("anonymize", "--table", "t1a", "--qi", "gender,age,postcode", "--k", "2", "--algorithm", "kaca1",
                "--name", "t1a_kaca").exitCode());
        assertEquals(0, cli.run("anonymize", "--table", "p1", "--qi", "age,sex", "--sensitive", "disease", "--l", "4",
                "--algorithm", "permutation", "--seed", "7", "--name", "p1_perm").exitCode());
        for (String[] c : new String[][]{{"t1a_kaca", "risk,class-sizes,quasi-identifiers,generalization,utility,recheck"},
                {"p1_perm", "risk,class-sizes,quasi-identifiers,groups,utility,recheck"}}) {
            Path html = dir.resolve(c[0] + ".html");
            CliRun.Result r = cli.run("report", "--release", c[0], "--html", html.toString());
            assertEquals(ExitCodes.OK, r.exitCode(), r.toString());
            assertTrue(r.out().contains("report written: " + html.toAbsolutePath().normalize()), r.out());
            Path png = dir.resolve(c[0] + ".png");
            HeadlessChromium.Rendering page = chromium.render(HeadlessChromium.Request.of(html).expressions(CHARTS, DRAWN, SHAPES, SECTIONS)
                    .screenshot(png));
            assertEquals(List.of(), page.problems(), c[0] + ": console errors, exceptions or requests leaving the file");
            assertEquals(List.of(), page.consoleWarnings(), c[0]);
            assertEquals(c[1], page.value(SECTIONS), c[0] + ": the report's sections");
            assertTrue(page.number(CHARTS) >= 3, c[0] + ": risk, class sizes and one more chart");
            assertEquals(Boolean.TRUE, page.value(DRAWN), c[0] + ": every chart has shapes of a visible size");
            assertTrue(page.number(SHAPES) >= 20, c[0] + ": " + page.number(SHAPES));
            Screenshots.assertDrawn(png);
            String text = Files.readString(html);
            assertFalse(text.contains("<script"), "no script: charts are drawn on the server");
            assertFalse(text.matches("(?s).*(src|href)=\"(https?:)?//.*"), "nothing fetched from anywhere");
        }
    }

    @DatabaseTest(only = TestDatabases.Kind.DERBY)
    @DisplayName("anonymize --report (Incognito on Patients, k = 2): the lattice of 12 nodes drawn, its anonymous nodes and the selected one marked")
    void anonymizeReportDrawsTheLattice(ConnectionSettings settings) throws Exception {
        HeadlessChromium chromium = HeadlessChromium.require();
        CliRun cli = new CliRun(settings).withPaperTable("incognito-patients", "patients", PaperTables.PATIENTS_PREFIX);
        Path html = dir.resolve("patients.html");
        CliRun.Result refused = cli.run("anonymize", "--table", "patients", "--qi", "birthdate,sex,zipcode", "--k", "2", "--report",
                html.toString());
        assertEquals(ExitCodes.USAGE, refused.exitCode(), refused.toString());
        assertTrue(refused.err().contains("--report: describes the release made, so it needs --name"), refused.err());
        assertFalse(Files.exists(html), "nothing written");
        CliRun.Result noFolder = cli.run("anonymize", "--table", "patients", "--qi", "birthdate,sex,zipcode", "--k", "2", "--name", "p2",
                "--report", dir.resolve("missing").resolve("r.html").toString());
        assertEquals(ExitCodes.USAGE, noFolder.exitCode(), noFolder.toString());
        assertTrue(noFolder.err().contains("does not exist"), noFolder.err());
        assertFalse(cli.run("release", "list").out().toUpperCase().contains("P2"), "no release when the report cannot be written");

        Map<?, ?> run = RiskCliTest.json(cli.run("anonymize", "--table", "patients", "--qi", "birthdate,sex,zipcode", "--k", "2",
                "--name", "p2", "--report", html.toString(), "--format", "json"));
        long anonymous = (Long) run.get("anonymousNodes");
        HeadlessChromium.Rendering page = chromium.render(HeadlessChromium.Request.of(html).expressions(
                "document.querySelectorAll('#lattice circle').length", "document.querySelectorAll('#lattice circle.anonymous').length",
                "document.querySelectorAll('#lattice circle.selected').length", "document.querySelectorAll('#lattice line.edge').length",
                "document.querySelectorAll('#lattice circle.minimal').length", DRAWN).screenshot(dir.resolve("patients.png")));
        assertEquals(List.of(), page.problems());
        assertEquals(12.0, page.number("document.querySelectorAll('#lattice circle').length"), "2 x 2 x 3 nodes");
        assertEquals((double) anonymous, page.number("document.querySelectorAll('#lattice circle.anonymous').length"));
        assertEquals(1.0, page.number("document.querySelectorAll('#lattice circle.selected').length"));
        // edges of the lattice <B1,S1,Z2>: each node to each node one level up in one attribute
        assertEquals(20.0, page.number("document.querySelectorAll('#lattice line.edge').length"));
        assertTrue(page.number("document.querySelectorAll('#lattice circle.minimal').length") >= 1);
        assertEquals(Boolean.TRUE, page.value(DRAWN));
        Screenshots.assertDrawn(dir.resolve("patients.png"));
        // the figures are kanon risk's, and no value of the table appears in the page
        Map<?, ?> risk = RiskCliTest.json(cli.run("risk", "--release", "p2", "--format", "json"));
        double highest = (Double) ((Map<?, ?>) risk.get("prosecutor")).get("highest");
        assertEquals(String.format(java.util.Locale.ROOT, "%.1f %%", highest * 100), chromium.render(HeadlessChromium.Request.of(html)
                .expressions("document.querySelector('.card .value').textContent")).value("document.querySelector('.card .value').textContent"));
        String text = Files.readString(html);
        for (String value : List.of("53715", "53703", "53706", "1/21/76", "4/13/86", "2/28/76", "Male", "Female", "Flu", "Hepatitis")) {
            assertFalse(text.contains(value), "a value of the table in the report: " + value);
        }
        assertTrue(text.contains("not for publication"), "the report says it describes the source");
    }

    /**
     * The README's picture: a report of Adult (shared data) released by Incognito, its top as a PNG. The test writes it to
     * target/; with KANON_WRITE_DOCS=1 also to docs/report.png:
     * {@code KANON_WRITE_DOCS=1 mvn -B -ntp test -Dtest=ReportBrowserCliTest#adultReportForTheReadme}.
     */
    @DatabaseTest(only = TestDatabases.Kind.DERBY)
    @DisplayName("Adult, 4 QIs, Incognito k = 10: the report renders cleanly; its screenshot is the README's docs/report.png")
    void adultReportForTheReadme(TestDatabases.Kind kind) throws Exception {
        HeadlessChromium chromium = HeadlessChromium.require();
        // the shared Adult only once a browser is known to be there: a run without one is spared its import
        CliRun cli = new CliRun(AdultFixture.of(kind).settings());
        Path html = dir.resolve("adult.html");
        CliRun.Result r = cli.run("anonymize", "--table", "adult", "--qi", "age,sex,race,marital-status", "--k", "10", "--suppression", "1%",
                "--name", "adult_k10", "--report", html.toString());
        assertEquals(ExitCodes.OK, r.exitCode(), r.toString());
        Path png = Path.of("target", "adult-report.png");
        HeadlessChromium.Rendering page = chromium.render(HeadlessChromium.Request.of(html).viewport(1000, 800)
                .expressions(DRAWN, SECTIONS).screenshot(png));
        assertEquals(List.of(), page.problems());
        assertEquals("risk,class-sizes,quasi-identifiers,generalization,utility,lattice,recheck", page.value(SECTIONS));
        assertEquals(Boolean.TRUE, page.value(DRAWN));
        Screenshots.assertDrawn(png);
        if ("1".equals(System.getenv("KANON_WRITE_DOCS"))) {
            Files.createDirectories(Path.of("docs"));
            Files.copy(png, Path.of("docs", "report.png"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            Files.copy(html, Path.of("target", "adult-report.html"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        // the Adult database is shared by the run's tests: leave it as it was found
        CliRun.Result drop = cli.run("release", "drop", "adult_k10");
        assertEquals(ExitCodes.OK, drop.exitCode(), drop.toString());
    }
}
