package org.kanon.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether this process's stderr is a terminal. Java 17 cannot say: {@code System.console()} speaks of stdin and
 * stdout. On Linux the link /proc/self/fd/2 names what stderr is; only a terminal device (/dev/pts/N, /dev/ttyX) counts
 * as proof. Anything else, or no /proc (macOS, Windows), proves nothing, and unproven means "not a terminal": a bar
 * drawn into a log file or a pipe is worse than no bar.
 */
final class StderrTerminal {
    private static final Path STDERR = Path.of("/proc/self/fd/2");

    private StderrTerminal() {
    }

    /** True only when stderr is proven to be a terminal. */
    static boolean proven() {
        return isTerminalDevice(STDERR);
    }

    /** Whether {@code link} (a /proc file-descriptor link) resolves to a terminal device. */
    static boolean isTerminalDevice(Path link) {
        try {
            return isTerminalName(Files.readSymbolicLink(link).toString());
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false; // no /proc, or not a link: nothing proven
        }
    }

    /** /dev/pts/N (a pseudo-terminal: ssh, a terminal window) or /dev/ttyX (a console, the controlling terminal). */
    static boolean isTerminalName(String device) {
        return device.startsWith("/dev/pts/") || device.startsWith("/dev/tty");
    }
}
