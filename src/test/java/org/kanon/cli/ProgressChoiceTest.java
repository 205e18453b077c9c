package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.InvalidInputException;
import org.kanon.progress.Progress;
import org.kanon.progress.Step;

/**
 * The one decision whether a command shows progress, and what a bar looks like on a captured stream: the terminal is
 * injected here, so a test can say "terminal" and see the bar.
 */
class ProgressChoiceTest {
    private static final BooleanSupplier TERMINAL = () -> true;
    private static final BooleanSupplier REDIRECTED = () -> false;
    private final PrintWriter err = new PrintWriter(new StringWriter());

    @Test
    @DisplayName("bars only on a terminal, never under --format json nor with KANON_PROGRESS=off; on forces them where unproven")
    void decidedInOnePlace() {
        assertInstanceOf(ProgressBars.class, ProgressChoice.of(false, null, TERMINAL, err));
        assertInstanceOf(ProgressBars.class, ProgressChoice.of(false, " Auto ", TERMINAL, err));
        assertSame(Progress.NONE, ProgressChoice.of(false, null, REDIRECTED, err));
        assertSame(Progress.NONE, ProgressChoice.of(true, null, TERMINAL, err));
        assertSame(Progress.NONE, ProgressChoice.of(false, "off", TERMINAL, err));
        assertInstanceOf(ProgressBars.class, ProgressChoice.of(false, "ON", REDIRECTED, err));
        assertSame(Progress.NONE, ProgressChoice.of(true, "on", TERMINAL, err));
    }

    @Test
    @DisplayName("the terminal is not even asked when json or off decide, and a mistyped KANON_PROGRESS is refused by name")
    void terminalAskedOnlyWhenItMatters() {
        AtomicInteger asked = new AtomicInteger();
        BooleanSupplier counting = () -> asked.incrementAndGet() > 0;
        ProgressChoice.of(true, null, counting, err);
        ProgressChoice.of(false, "off", counting, err);
        assertEquals(0, asked.get());
        var e = assertThrows(InvalidInputException.class, () -> ProgressChoice.of(false, "yes", TERMINAL, err));
        assertEquals("KANON_PROGRESS: expected on, off or auto, got 'yes'", e.getMessage());
    }

    @Test
    @DisplayName("stderr is a terminal only when proven: a pts or tty device; a pipe, a file, /dev/null or no link are not")
    void terminalProof(@TempDir Path dir) throws IOException {
        assertTrue(StderrTerminal.isTerminalName("/dev/pts/3"));
        assertTrue(StderrTerminal.isTerminalName("/dev/tty1"));
        assertFalse(StderrTerminal.isTerminalName("/dev/null"));
        assertFalse(StderrTerminal.isTerminalName("pipe:[40521]"));
        assertFalse(StderrTerminal.isTerminalName("/home/me/kanon.log"));
        Path log = Files.writeString(dir.resolve("kanon.log"), "");
        assertFalse(StderrTerminal.isTerminalDevice(log), "a file, not a link");
        assertFalse(StderrTerminal.isTerminalDevice(Files.createSymbolicLink(dir.resolve("fd2"), Path.of("/dev/null"))));
        assertFalse(StderrTerminal.isTerminalDevice(dir.resolve("missing")));
        // the tests run with stderr piped to the build: nothing proves a terminal
        assertFalse(StderrTerminal.proven());
    }

    @Test
    @DisplayName("on a terminal: a step's bar redrawn in place, its share and count, ended with a newline when it closes")
    void barOnACapturedStream() {
        StringWriter captured = new StringWriter();
        Progress bars = new ProgressBars(new PrintWriter(captured), 80, Duration.ZERO);
        try (Step step = bars.start("rows imported", 1200)) {
            for (int i = 0; i < 1200; i++) {
                step.advance();
            }
        }
        String shown = captured.toString();
        assertTrue(shown.startsWith("\r"), shown);
        assertTrue(shown.endsWith(System.lineSeparator()), shown);
        String last = shown.substring(shown.lastIndexOf('\r') + 1).strip();
        assertTrue(last.matches("rows imported 100% \\[=+\\] 1,200/1,200 0:0\\d"), last);
    }

    @Test
    @DisplayName("a step of unknown size shows its count, one that counts nothing only its name and time: never 0/?")
    void unknownTotals() {
        StringWriter captured = new StringWriter();
        Progress bars = new ProgressBars(new PrintWriter(captured), 80, Duration.ZERO);
        try (Step loading = bars.start("loading the memory executor", Progress.UNKNOWN)) {
            assertNotNull(loading);
        }
        try (Step checked = bars.start("nodes checked", Progress.UNKNOWN)) {
            checked.advance(3);
            checked.advance(4);
        }
        String[] lines = captured.toString().split("\n");
        assertEquals("loading the memory executor 0:00", lines[0].substring(lines[0].lastIndexOf('\r') + 1).strip());
        assertEquals("nodes checked 7 0:00", lines[1].substring(lines[1].lastIndexOf('\r') + 1).strip());
        assertFalse(captured.toString().contains("?"), captured.toString());
    }

    @Test
    @DisplayName("a step faster than the quiet period leaves nothing; closing twice closes once")
    void quietSteps() {
        StringWriter captured = new StringWriter();
        Progress bars = new ProgressBars(new PrintWriter(captured), 80, Duration.ofHours(1));
        Step step = bars.start("rows written", 10);
        step.advance(10);
        step.close();
        step.close();
        assertEquals("", captured.toString());
        assertEquals(ProgressBars.QUIET, ProgressBars.quiet(null));
        assertEquals(Duration.ZERO, ProgressBars.quiet("0"));
        assertEquals(ProgressBars.QUIET, ProgressBars.quiet("soon"));
    }
}
