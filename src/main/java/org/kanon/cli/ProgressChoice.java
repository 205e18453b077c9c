package org.kanon.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import org.kanon.InvalidInputException;
import org.kanon.progress.Progress;

/**
 * The one place that decides whether a command shows progress: bars on stderr when stderr is a terminal, and never
 * under {@code --format json} (a script reads that run) nor with {@value #VARIABLE}=off. {@value #VARIABLE}=on draws
 * them where the terminal cannot be proven (no /proc: macOS, Windows), still never under {@code --format json}.
 */
final class ProgressChoice {
    static final String VARIABLE = "KANON_PROGRESS";

    private ProgressChoice() {
    }

    /**
     * @param setting          the value of {@value #VARIABLE}: null, blank or auto (by the terminal), on, off
     * @param stderrIsTerminal asked only when the answer matters
     */
    static Progress of(boolean json, String setting, BooleanSupplier stderrIsTerminal, PrintWriter err) {
        String s = setting == null || setting.isBlank() ? "auto" : setting.strip().toLowerCase(Locale.ROOT);
        boolean shown = switch (s) {
            case "off" -> false;
            case "on" -> !json;
            case "auto" -> !json && stderrIsTerminal.getAsBoolean();
            default -> throw new InvalidInputException(VARIABLE + ": expected on, off or auto, got '" + setting + "'");
        };
        return shown ? ProgressBars.on(err) : Progress.NONE;
    }
}
