package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.db.ConnectionSettings;
import org.kanon.report.HeadlessChromium;
import org.kanon.report.Screenshots;
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

    @Test
    @DisplayName("the reports of a KACA1 release (TKDE Table 1a) and of a permutation release render cleanly, charts drawn")
    void kacaAndPermutationReportsRender() throws Exception {
        HeadlessChromium chromium = HeadlessChromium.require();
        ConnectionSettings settings = TestDatabases.fresh(TestDatabases.Kind.DERBY);
        try {
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
        } finally {
            TestDatabases.dispose(settings);
        }
    }
}
