package org.kanon.schema;

import java.util.ArrayList;
import java.util.List;
import org.kanon.InvalidInputException;

/**
 * A list of column names as one text, in the register (a release's quasi-identifiers) and in options ({@code --qi}):
 * comma-separated, a name that holds a comma or a double quote, or begins or ends with a blank, written in double
 * quotes with its quotes doubled ({@code "a,b",zip}), as CSV does. Every other name is written as it is, so the
 * plain lists the register held before (and every list of plain names) read back unchanged: nothing to migrate.
 */
public final class NameList {
    private NameList() {
    }

    /** The names as one text: plain where plain, quoted where a name needs it. */
    public static String join(List<String> names) {
        StringBuilder text = new StringBuilder();
        for (String name : names) {
            if (!text.isEmpty()) {
                text.append(',');
            }
            text.append(needsQuotes(name) ? '"' + name.replace("\"", "\"\"") + '"' : name);
        }
        return text.toString();
    }

    /**
     * The names of a list {@link #join} wrote, or a plain comma-separated one: a plain name trimmed, a quoted one
     * exactly as quoted (an empty name is returned empty, for the caller to refuse in its own words).
     */
    public static List<String> parse(String text) {
        List<String> names = new ArrayList<>();
        int i = 0;
        int n = text.length();
        while (true) {
            while (i < n && text.charAt(i) == ' ') {
                i++;
            }
            if (i < n && text.charAt(i) == '"') {
                StringBuilder name = new StringBuilder();
                i++;
                while (true) {
                    if (i >= n) {
                        throw new InvalidInputException("a quoted name has no closing quote in '" + text + "'");
                    }
                    char c = text.charAt(i++);
                    if (c == '"') {
                        if (i < n && text.charAt(i) == '"') {
                            name.append('"');
                            i++;
                        } else {
                            break;
                        }
                    } else {
                        name.append(c);
                    }
                }
                while (i < n && text.charAt(i) == ' ') {
                    i++;
                }
                if (i < n && text.charAt(i) != ',') {
                    throw new InvalidInputException("a quoted name is followed by more than a comma in '" + text + "'");
                }
                names.add(name.toString());
            } else {
                int comma = text.indexOf(',', i);
                names.add(text.substring(i, comma < 0 ? n : comma).trim());
                i = comma < 0 ? n : comma;
            }
            if (i >= n) {
                return names;
            }
            i++; // the comma
        }
    }

    private static boolean needsQuotes(String name) {
        return name.isEmpty() || name.indexOf(',') >= 0 || name.indexOf('"') >= 0
                || Character.isWhitespace(name.charAt(0)) || Character.isWhitespace(name.charAt(name.length() - 1));
    }
}
