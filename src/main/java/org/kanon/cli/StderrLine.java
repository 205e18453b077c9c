package org.kanon.cli;

import java.io.PrintWriter;
import java.time.Duration;
import me.tongfei.progressbar.ProgressBarConsumer;

/**
 * Draws one step's line on stderr, redrawn in place (carriage return, padded over the longer line before it). Silent
 * until the step is {@code quiet} old, so a fast step leaves nothing; a step that was shown ends its line when it closes
 * (once: closing again, or a redraw after it, writes nothing).
 */
final class StderrLine implements ProgressBarConsumer {
    private final PrintWriter err;
    private final int width;
    private final long showAfterNanos;
    private final long opened = System.nanoTime();
    private boolean shown;
    private boolean closed;
    private int lastLength;

    StderrLine(PrintWriter err, int width, Duration quiet) {
        this.err = err;
        this.width = width;
        this.showAfterNanos = quiet.toNanos();
    }

    @Override
    public int getMaxRenderedLength() {
        return width;
    }

    @Override
    public synchronized void accept(String line) {
        if (closed || !shown && System.nanoTime() - opened < showAfterNanos) {
            return;
        }
        shown = true;
        StringBuilder b = new StringBuilder(width + 1).append('\r').append(line);
        for (int i = line.length(); i < lastLength; i++) {
            b.append(' ');
        }
        lastLength = line.length();
        err.print(b);
        err.flush();
    }

    @Override
    public synchronized void close() {
        if (shown && !closed) {
            err.println();
            err.flush();
        }
        closed = true;
    }
}
