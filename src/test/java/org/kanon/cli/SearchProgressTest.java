package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class SearchProgressTest {
    @Test
    @DisplayName("redirected output: a plain line per interval of a long search, none before the first interval")
    void linesWhenRedirected() {
        StringWriter err = new StringWriter();
        var lines = new SearchProgress.Lines(new PrintWriter(err), 0);
        lines.accept(7);
        assertTrue(err.toString().matches("kanon: still searching: 7 frequency sets computed in \\d+ s\\R"), err.toString());

        StringWriter quiet = new StringWriter();
        var slow = new SearchProgress.Lines(new PrintWriter(quiet), SearchProgress.LINE_EVERY_SECONDS * 1_000_000_000L);
        slow.accept(1);
        slow.accept(2);
        assertEquals("", quiet.toString(), "a short search stays silent");
    }
}
