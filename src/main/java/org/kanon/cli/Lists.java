package org.kanon.cli;

import java.util.List;
import org.kanon.engine.OptionLists;
import org.kanon.lattice.LevelVector;

/** Parsing of the comma-separated option values. */
final class Lists {
    private Lists() {
    }

    static List<String> names(String option, String text) {
        return OptionLists.names(option, text);
    }

    static LevelVector levels(String text, int size) {
        return OptionLists.levels(text, size);
    }
}
