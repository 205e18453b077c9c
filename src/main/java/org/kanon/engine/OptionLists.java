package org.kanon.engine;

import java.util.ArrayList;
import java.util.List;
import org.kanon.InvalidInputException;

/** Parsing of the comma-separated option values (names of columns, weights), with errors naming the option. */
public final class OptionLists {
    private OptionLists() {
    }

    public static List<String> names(String option, String text) {
        List<String> names = new ArrayList<>();
        if (text == null) {
            return names;
        }
        for (String part : text.split(",")) {
            String t = part.trim();
            if (t.isEmpty()) {
                throw new InvalidInputException(option + ": empty name in '" + text + "'");
            }
            names.add(t);
        }
        return names;
    }
}
