package org.kanon.engine;

import java.util.ArrayList;
import java.util.List;
import org.kanon.InvalidInputException;
import org.kanon.lattice.LevelVector;
import org.kanon.schema.NameList;

/**
 * Parsing of the comma-separated option values (names of columns, levels), with errors naming the option. A name
 * holding a comma is given in double quotes ({@code --qi '"a,b",zip'}; see {@link NameList}).
 */
public final class OptionLists {
    private OptionLists() {
    }

    public static List<String> names(String option, String text) {
        List<String> names = new ArrayList<>();
        if (text == null) {
            return names;
        }
        List<String> parsed;
        try {
            parsed = NameList.parse(text);
        } catch (InvalidInputException e) {
            throw new InvalidInputException(option + ": " + e.getMessage());
        }
        for (String t : parsed) {
            if (t.isEmpty()) {
                throw new InvalidInputException(option + ": empty name in '" + text + "'");
            }
            names.add(t);
        }
        return names;
    }

    /** "1,0,2" -> the levels of a node; null: every QI at level 0. */
    public static LevelVector levels(String text, int size) {
        if (text == null) {
            return LevelVector.zero(size);
        }
        String[] parts = text.split(",");
        int[] levels = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                levels[i] = Integer.parseInt(parts[i].trim());
            } catch (NumberFormatException e) {
                throw new InvalidInputException("--levels: '" + parts[i].trim() + "' (position " + (i + 1) + ") is not a whole number");
            }
            if (levels[i] < 0) {
                throw new InvalidInputException("--levels: level " + levels[i] + " (position " + (i + 1) + ") is negative");
            }
        }
        return new LevelVector(levels);
    }
}
