package org.kanon.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The browser fixture itself, on pages written for the purpose: what it must see (charts drawn, console errors,
 * uncaught exceptions, requests that leave the file) and what it must not (anything, on a clean page). The tests that
 * need the browser are skipped when there is none; CI installs it ({@code .ci/run}).
 */
class HeadlessChromiumTest {
    /** A bar chart as kanon's reports draw them: inline SVG, inline style, no script, nothing fetched. */
    static final String BAR_CHART = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>chart</title>
            <style>body { font: 14px sans-serif; margin: 20px; background: #fff; } .bar { fill: #4269d0; }</style>
            </head><body>
            <h1>Equivalence class sizes</h1>
            <svg width="600" height="300" viewBox="0 0 600 300" role="img">
              <line x1="40" y1="270" x2="580" y2="270" stroke="#333"/>
              <rect class="bar" x="60" y="70" width="80" height="200"/>
              <rect class="bar" x="170" y="130" width="80" height="140"/>
              <rect class="bar" x="280" y="40" width="80" height="230"/>
              <rect class="bar" x="390" y="190" width="80" height="80"/>
              <rect class="bar" x="500" y="220" width="60" height="50"/>
              <text x="100" y="290" text-anchor="middle">2</text><text x="210" y="290" text-anchor="middle">3</text>
            </svg>
            <div style="height: 1500px">a tall page: the full-page screenshot is taller than the viewport</div>
            </body></html>
            """;

    @TempDir
    Path dir;

    /** The browser, or the test is skipped (the JSON test at the end needs none). */
    private static HeadlessChromium chromium() {
        return HeadlessChromium.require();
    }

    private Path page(String name, String html) throws IOException {
        return Files.writeString(dir.resolve(name), html);
    }

    @Test
    void barChartRendersCleanlyAndIsDrawn() throws Exception {
        Path png = dir.resolve("chart.png");
        String bars = "document.querySelectorAll('svg rect').length";
        String title = "document.title";
        HeadlessChromium.Rendering r = chromium().render(HeadlessChromium.Request.of(page("chart.html", BAR_CHART))
                .expressions(bars, title).screenshot(png).viewport(1200, 800));
        assertEquals(List.of(), r.problems());
        assertEquals(List.of(), r.consoleWarnings());
        assertEquals(5, r.number(bars));
        assertEquals("chart", r.value(title));
        assertTrue(r.pageHeight() > 1800, "page height " + r.pageHeight());
        Screenshots.Pixels p = Screenshots.assertDrawn(png);
        assertEquals(1200, p.width());
        assertEquals(Math.ceil(r.pageHeight()), p.height(), 1.0, "full page: " + p);
        assertEquals(0xffffff, p.background() & 0xffffff);
        // the bars' blue is in the picture
        assertTrue(hasColour(ImageIO.read(png.toFile()), 0x4269d0), "no bar colour in " + p);
        System.out.println("HeadlessChromiumTest: bar chart rendered in " + r.elapsed().toMillis() + " ms: " + p);
    }

    @Test
    void viewportScreenshotHasTheViewportsSize() throws Exception {
        Path png = dir.resolve("viewport.png");
        chromium().render(HeadlessChromium.Request.of(page("chart.html", BAR_CHART)).screenshot(png)
                .viewport(800, 600).fullPage(false));
        Screenshots.Pixels p = Screenshots.assertDrawn(png);
        assertEquals(800, p.width());
        assertEquals(600, p.height());
    }

    @Test
    void emptyWhitePageIsBlank() throws Exception {
        Path png = dir.resolve("empty.png");
        HeadlessChromium.Rendering r = chromium().render(HeadlessChromium.Request.of(
                page("empty.html", "<!DOCTYPE html><html><head><title>e</title></head><body></body></html>"))
                .expressions("document.querySelectorAll('svg rect').length").screenshot(png));
        assertEquals(List.of(), r.problems());
        assertEquals(0, r.number("document.querySelectorAll('svg rect').length"));
        Screenshots.Pixels p = Screenshots.analyse(png);
        assertTrue(p.blank(), p.toString());
        assertEquals(0.0, p.foreground());
        assertEquals(1, p.colours());
        assertThrows(AssertionError.class, () -> Screenshots.assertDrawn(png));
    }

    @Test
    void consoleErrorAndWarningAreReported() throws Exception {
        HeadlessChromium.Rendering r = chromium().render(page("console.html", """
                <!DOCTYPE html><html><body><p>hi</p>
                <script>console.error('x', 42); console.warn('careful'); console.log('not reported');</script>
                </body></html>"""));
        assertEquals(List.of("x 42"), r.consoleErrors());
        assertEquals(List.of("careful"), r.consoleWarnings());
        assertEquals(List.of(), r.exceptions());
        assertEquals(List.of("console error: x 42"), r.problems());
    }

    @Test
    void uncaughtExceptionsAreReported() throws Exception {
        HeadlessChromium.Rendering r = chromium().render(page("throws.html", """
                <!DOCTYPE html><html><body>
                <script>function draw() { throw new Error('boom'); } draw();</script>
                <script>Promise.reject(new TypeError('later'));</script>
                </body></html>"""));
        assertEquals(2, r.exceptions().size(), r.exceptions().toString());
        assertTrue(r.exceptions().get(0).contains("Error: boom"), r.exceptions().toString());
        assertTrue(r.exceptions().get(0).contains("throws.html"), r.exceptions().toString());
        assertTrue(r.exceptions().get(1).contains("TypeError: later"), r.exceptions().toString());
        assertFalse(r.problems().isEmpty());
    }

    @Test
    void requestsThatLeaveTheFileAreReported() throws Exception {
        HeadlessChromium.Rendering r = chromium().render(page("fetches.html", """
                <!DOCTYPE html><html><head><script src="https://example.org/x.js"></script></head><body>
                <img src="http://127.0.0.1:9/x.png" alt="">
                <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="">
                <img src="missing.png" alt="">
                </body></html>"""));
        assertTrue(r.foreignRequests().containsAll(List.of("https://example.org/x.js", "http://127.0.0.1:9/x.png")),
                r.foreignRequests().toString());
        assertTrue(r.foreignRequests().stream().anyMatch(u -> u.startsWith("file:") && u.endsWith("/missing.png")),
                "a file next to the report is not part of it: " + r.foreignRequests());
        assertTrue(r.foreignRequests().stream().noneMatch(u -> u.startsWith("data:") || u.endsWith("fetches.html")),
                r.foreignRequests().toString());
        assertEquals(3, r.foreignRequests().size(), r.foreignRequests().toString());
        assertTrue(r.failedRequests().stream().anyMatch(f -> f.startsWith("https://example.org/x.js: blocked")),
                r.failedRequests().toString());
        assertTrue(r.failedRequests().stream().anyMatch(f -> f.startsWith("http://127.0.0.1:9/x.png: blocked")),
                r.failedRequests().toString());
        assertTrue(r.elapsed().compareTo(Duration.ofSeconds(30)) < 0, "blocked, not awaited: " + r.elapsed());
    }

    @Test
    void aThrowingExpressionFailsTheRendering() throws Exception {
        HeadlessChromium chromium = chromium(); // outside assertThrows, which would take a skip for a failure
        Path html = page("ok.html", "<!DOCTYPE html><html><body>ok</body></html>");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> chromium.render(HeadlessChromium.Request.of(html).expressions("nosuch.thing")));
        assertTrue(e.getMessage().contains("nosuch"), e.getMessage());
    }

    @Test
    void aPageThatNeverFinishesLoadingTimesOutSayingWhatItAwaited() throws Exception {
        // a script that loops keeps the load event from ever firing
        HeadlessChromium chromium = chromium();
        Path html = page("loops.html", "<!DOCTYPE html><html><body><script>for(;;){}</script></body></html>");
        TimeoutException e = assertThrows(TimeoutException.class,
                () -> chromium.render(HeadlessChromium.Request.of(html).timeout(Duration.ofSeconds(4))));
        assertTrue(e.getMessage().contains("Page.loadEventFired"), e.getMessage());
        assertTrue(leftoverProfiles().isEmpty(), "profiles left behind: " + leftoverProfiles());
    }

    @Test
    void aMissingFileIsAnIOException() {
        HeadlessChromium chromium = chromium();
        assertThrows(IOException.class, () -> chromium.render(dir.resolve("nosuch.html")));
    }

    /** Temporary directories of renderings that did not clean up (renderings of parallel forks would count too). */
    private static List<Path> leftoverProfiles() throws IOException {
        List<Path> out = new ArrayList<>();
        try (var s = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            s.filter(p -> p.getFileName().toString().startsWith("kanon-chromium-")).forEach(out::add);
        }
        return out;
    }

    private static boolean hasColour(BufferedImage image, int rgb) {
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                if ((image.getRGB(x, y) & 0xffffff) == rgb) {
                    return true;
                }
            }
        }
        return false;
    }

    // --- the fixture's JSON: no browser needed ---

    @Test
    void jsonRoundTrips() {
        String text = "{\"id\":7,\"result\":{\"a\":[1,-2.5,1e3,true,false,null],\"s\":\"q\\\"\\\\\\n\\u00e9\\/\"},"
                + "\"big\":12345678901234567890, \"empty\":{},\"none\":[] }";
        Object parsed = HeadlessChromium.Json.parse(text);
        Map<?, ?> m = (Map<?, ?>) parsed;
        assertEquals(7L, m.get("id"));
        Map<?, ?> result = (Map<?, ?>) m.get("result");
        assertEquals(List.of(1L, -2.5, 1000.0, true, false), ((List<?>) result.get("a")).subList(0, 5));
        assertEquals(null, ((List<?>) result.get("a")).get(5));
        assertEquals("q\"\\\né/", result.get("s"));
        assertEquals(1.2345678901234567e19, m.get("big"));
        assertEquals(Map.of(), m.get("empty"));
        assertEquals(List.of(), m.get("none"));
        assertEquals(parsed, HeadlessChromium.Json.parse(HeadlessChromium.Json.write(parsed)));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("x", "a\u0001\tb");
        out.put("n", List.of(1, 2.5, 3.0));
        assertEquals("{\"x\":\"a\\u0001\\tb\",\"n\":[1,2.5,3.0]}", HeadlessChromium.Json.write(out));
        for (String bad : List.of("{", "[1,]", "{\"a\" 1}", "tru", "\"open", "1 2", "{\"a\":1,}")) {
            assertThrows(IllegalArgumentException.class, () -> HeadlessChromium.Json.parse(bad), bad);
        }
    }
}
