package org.kanon.cli;

import java.time.Duration;
import java.util.Locale;
import me.tongfei.progressbar.ProgressBarRenderer;
import me.tongfei.progressbar.ProgressState;

/**
 * How a step reads on one line: with a known total, a bar, the share done and the time left ({@code rows imported
 * 45% [=========>          ] 21,978/48,842 0:03 ~0:04 left}); without, the count ({@code nodes checked 1,234 0:05});
 * a step that counts nothing (a long statement) only its name and time ({@code loading the source 0:05}), never "0/?".
 */
final class StepLine implements ProgressBarRenderer {
    private static final int BAR = 20;

    @Override
    public String render(ProgressState state, int maxLength) {
        String name = state.getTaskName();
        long done = state.getCurrent();
        long total = state.getMax();
        Duration elapsed = state.getElapsedAfterStart();
        String line;
        if (state.isIndefinite() || total < 0) {
            line = done == 0 ? name + " " + clock(elapsed) : String.format(Locale.ROOT, "%s %,d %s", name, done, clock(elapsed));
        } else {
            double share = total == 0 ? 1 : Math.min(1, (double) done / total);
            line = String.format(Locale.ROOT, "%s %3d%% [%s] %,d/%,d %s%s", name, (int) (share * 100), bar(share), done, total,
                    clock(elapsed), left(share, elapsed));
        }
        return line.length() <= maxLength ? line : line.substring(0, Math.max(0, maxLength));
    }

    private static String bar(double share) {
        int full = (int) (share * BAR);
        StringBuilder b = new StringBuilder(BAR);
        for (int i = 0; i < BAR; i++) {
            b.append(i < full ? '=' : i == full ? '>' : ' ');
        }
        return b.toString();
    }

    /** The time left at the rate so far; nothing until there is a rate to go by. */
    private static String left(double share, Duration elapsed) {
        if (share <= 0 || share >= 1 || elapsed.toMillis() < 1000) {
            return "";
        }
        return " ~" + clock(Duration.ofMillis((long) (elapsed.toMillis() * (1 - share) / share))) + " left";
    }

    static String clock(Duration d) {
        long s = d.getSeconds();
        return s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }
}
