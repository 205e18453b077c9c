package org.kanon.cli;

/** kanon's exit codes; picocli's own 1 ("software error") is remapped to {@link #BUG} because 1 means "not met" here. */
public final class ExitCodes {
    public static final int OK = 0;
    /** The privacy requirement is not met (a verdict, not an error). */
    public static final int NOT_MET = 1;
    /** Bad input or usage: one line on stderr, nothing written. */
    public static final int USAGE = 2;
    /** A defect in kanon: stack trace on stderr. */
    public static final int BUG = 3;

    private ExitCodes() {
    }
}
