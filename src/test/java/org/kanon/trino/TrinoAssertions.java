package org.kanon.trino;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.kanon.cli.CliRun;
import org.kanon.cli.ExitCodes;

final class TrinoAssertions {
    private TrinoAssertions() {
    }

    /** The command was refused as bad input: exit 2 and one line on stderr holding every fragment, nothing on stdout. */
    static void assertRefused(CliRun.Result r, String... fragments) {
        assertOneLine(r, ExitCodes.USAGE, fragments);
    }

    static void assertOneLine(CliRun.Result r, int exitCode, String... fragments) {
        assertEquals(exitCode, r.exitCode(), r.toString());
        String err = r.err().strip();
        assertFalse(err.isEmpty(), "a message on stderr");
        assertFalse(err.contains("\n"), "one line: " + err);
        for (String f : fragments) {
            assertTrue(err.contains(f), "'" + f + "' in: " + err);
        }
    }
}
