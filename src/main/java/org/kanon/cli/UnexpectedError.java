package org.kanon.cli;

import java.io.PrintWriter;
import org.kanon.db.ErrorLine;

/**
 * How an error kanon did not expect is reported: one line ({@link ErrorLine}: the exception's class, its SQLState
 * and where in kanon it happened, but never its message, which may quote a data value). The stack trace, messages
 * and all, only when the user asks for it with {@value #DEBUG_VARIABLE}.
 */
final class UnexpectedError {
    static final String DEBUG_VARIABLE = "KANON_DEBUG";

    private UnexpectedError() {
    }

    /** Reports {@code e} on {@code err}; the exit code is always {@link ExitCodes#BUG}. */
    static int report(Throwable e, PrintWriter err, boolean debug) {
        return report(e, "", err, debug);
    }

    /** As {@link #report(Throwable, PrintWriter, boolean)}, {@code where} (e.g. "in thread x: ") after "kanon: ". */
    static int report(Throwable e, String where, PrintWriter err, boolean debug) {
        err.println("kanon: " + where + ErrorLine.of(e) + (debug ? "" : " (" + DEBUG_VARIABLE + "=1 prints the stack trace)"));
        if (debug) {
            e.printStackTrace(err);
        }
        err.flush();
        return ExitCodes.BUG;
    }
}
