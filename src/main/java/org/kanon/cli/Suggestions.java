package org.kanon.cli;

import java.util.Collection;
import org.kanon.engine.NameSuggestions;
import picocli.CommandLine;

/** "did you mean ...?" for a mistyped command, option or name: the known names closest to what was typed. */
final class Suggestions {
    private Suggestions() {
    }

    /** Picocli's own suggestions for an unknown command or option, as the tail of its one-line message; else empty. */
    static String of(CommandLine.ParameterException e) {
        if (e instanceof CommandLine.UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
            // picocli's candidates share letters with the typo; keep those a few typos away (not "release" for "anonymise")
            return closest(u.getUnmatched().get(0), u.getSuggestions());
        }
        return "";
    }

    /** The names of {@code known} within a few typos of {@code given}, nearest first; as "; did you mean a or b?" or empty. */
    static String closest(String given, Collection<String> known) {
        return NameSuggestions.closest(given, known);
    }
}
