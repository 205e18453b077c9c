package org.kanon.cli;

import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import org.kanon.progress.Progress;
import org.kanon.progress.Step;

/**
 * Progress as a bar per step on stderr (me.tongfei's progressbar: its own thread redraws the line four times a second,
 * so a step's advance costs one counter update). A step shows only once it has run {@link #QUIET}: a fast step leaves
 * no line, a slow one leaves its final count. Made only by {@link ProgressChoice}, which knows stderr is a terminal.
 */
final class ProgressBars implements Progress {
    /** How long a step runs before its bar appears, unless {@value #QUIET_PROPERTY} (milliseconds) says otherwise. */
    static final Duration QUIET = Duration.ofSeconds(1);
    static final String QUIET_PROPERTY = "kanon.progress.quiet";
    private static final int REDRAW_MILLIS = 250;

    private final PrintWriter err;
    private final int width;
    private final Duration quiet;

    ProgressBars(PrintWriter err, int width, Duration quiet) {
        this.err = err;
        this.width = width;
        this.quiet = quiet;
    }

    /** Bars as wide as the terminal (asked once, as the library asks it), after {@link #QUIET} or the property's time. */
    static ProgressBars on(PrintWriter err) {
        return new ProgressBars(err, terminalWidth(), quiet(System.getProperty(QUIET_PROPERTY)));
    }

    /** The property's milliseconds (0: every step shows, e.g. to watch a short run); {@link #QUIET} when unset or not a number. */
    static Duration quiet(String millis) {
        try {
            long ms = millis == null ? -1 : Long.parseLong(millis.strip());
            return ms >= 0 ? Duration.ofMillis(ms) : QUIET;
        } catch (NumberFormatException e) {
            return QUIET; // a tuning knob: a typo keeps the default rather than stop the command
        }
    }

    @Override
    public Step start(String unit, long total) {
        StderrLine line = new StderrLine(err, width, quiet);
        ProgressBar bar = new ProgressBarBuilder()
                .setTaskName(unit)
                .setInitialMax(total < 0 ? -1 : total)
                .setUpdateIntervalMillis(REDRAW_MILLIS)
                .continuousUpdate() // the elapsed time moves on while a long statement runs
                .setRenderer(new StepLine())
                .setConsumer(line)
                .build();
        return new BarStep(bar, line);
    }

    /** The library's own measure (JLine), less its right margin; 80 columns when it cannot tell. */
    private static int terminalWidth() {
        try {
            int w = new ConsoleProgressBarConsumer(new PrintStream(OutputStream.nullOutputStream())).getMaxRenderedLength();
            return w > 20 ? w : 79;
        } catch (RuntimeException | LinkageError e) {
            return 79;
        }
    }

    /** One step's bar; closing it twice closes it once. */
    private static final class BarStep implements Step {
        private final ProgressBar bar;
        private final StderrLine line;
        private final AtomicBoolean closed = new AtomicBoolean();

        BarStep(ProgressBar bar, StderrLine line) {
            this.bar = bar;
            this.line = line;
        }

        @Override
        public void advance(long units) {
            bar.stepBy(units);
        }

        @Override
        public void stepTo(long done) {
            bar.stepTo(done);
        }

        @Override
        public void total(long total) {
            bar.maxHint(total < 0 ? -1 : total);
        }

        @Override
        public void close() {
            if (closed.compareAndSet(false, true)) {
                bar.close();
                // the library skips closing its consumer when the step ends before its first redraw: the line ends here
                line.close();
            }
        }
    }
}
