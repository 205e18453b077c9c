package org.kanon.cli;

import java.io.PrintWriter;
import java.util.function.LongConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.kanon.engine.ProgressDisplay;

/**
 * A progress display for long searches: a bar on stderr when kanon runs on a terminal; when its output is
 * redirected, a plain line every {@value #LINE_EVERY_SECONDS} s of a search that long (a script's log must not fill
 * with carriage returns, but a search of hours must not be silent either).
 */
final class SearchProgress implements ProgressDisplay {
    static final long LINE_EVERY_SECONDS = 30;

    private final ProgressBar bar;
    private final LongConsumer lines;

    private SearchProgress(ProgressBar bar, LongConsumer lines) {
        this.bar = bar;
        this.lines = lines;
    }

    static SearchProgress on(PrintWriter err) {
        if (System.console() == null) {
            return new SearchProgress(null, new Lines(err, LINE_EVERY_SECONDS * 1_000_000_000L));
        }
        return new SearchProgress(new ProgressBarBuilder()
                .setTaskName("frequency sets")
                .setInitialMax(-1) // Incognito's work is not known in advance: a counter, not a percentage
                .setStyle(ProgressBarStyle.ASCII)
                .setUpdateIntervalMillis(250)
                .continuousUpdate()
                .build(), null);
    }

    @Override
    public LongConsumer listener() {
        return bar == null ? lines : bar::stepTo;
    }

    @Override
    public void close() {
        if (bar != null) {
            bar.close();
        }
    }

    /** One line per interval at most, told on the next frequency set computed after it. */
    static final class Lines implements LongConsumer {
        private final PrintWriter err;
        private final long intervalNanos;
        private final long started = System.nanoTime();
        private long next;

        Lines(PrintWriter err, long intervalNanos) {
            this.err = err;
            this.intervalNanos = intervalNanos;
            this.next = started + intervalNanos;
        }

        @Override
        public synchronized void accept(long sets) {
            long now = System.nanoTime();
            if (now >= next) {
                next = now + intervalNanos;
                err.println("kanon: still searching: " + sets + " frequency sets computed in " + (now - started) / 1_000_000_000L + " s");
                err.flush();
            }
        }
    }
}
