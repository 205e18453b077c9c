package org.kanon.cli;

/** kanon's exit codes; picocli's own 1 ("software error") is remapped to {@link #BUG} because 1 means "not met" here. */
public final class ExitCodes {
    public static final int OK = 0;
    /** The privacy requirement is not met (a verdict, not an error). */
    public static final int NOT_MET = 1;
    /** Bad input or usage: one line on stderr, nothing written. */
    public static final int USAGE = 2;
    /**
     * A defect in kanon, or the JVM out of memory: one line on stderr without any data value (see
     * {@link UnexpectedError}); the stack trace only with KANON_DEBUG=1.
     */
    public static final int BUG = 3;

    private ExitCodes() {
    }
}
