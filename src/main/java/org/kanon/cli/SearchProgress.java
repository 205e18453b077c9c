package org.kanon.cli;

import java.util.function.LongConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * A progress display for long searches: a bar on stderr when kanon runs on a terminal, nothing at all when its
 * output is redirected (a script's log must not fill with carriage returns).
 */
final class SearchProgress implements AutoCloseable {
    private final ProgressBar bar;

    private SearchProgress(ProgressBar bar) {
        this.bar = bar;
    }

    static SearchProgress onTerminal() {
        if (System.console() == null) {
            return new SearchProgress(null);
        }
        return new SearchProgress(new ProgressBarBuilder()
                .setTaskName("frequency sets")
                .setInitialMax(-1) // Incognito's work is not known in advance: a counter, not a percentage
                .setStyle(ProgressBarStyle.ASCII)
                .setUpdateIntervalMillis(250)
                .continuousUpdate()
                .build());
    }

    /** Null when nothing is shown, so the executor is not even told to report. */
    LongConsumer listener() {
        return bar == null ? null : bar::stepTo;
    }

    @Override
    public void close() {
        if (bar != null) {
            bar.close();
        }
    }
}
