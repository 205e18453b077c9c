package org.kanon.release;

import java.util.Locale;
import org.kanon.InvalidInputException;

/** What happens to rows of classes smaller than k. */
public enum SuppressMode {
    /** The rows are left out of the release. */
    REMOVE,
    /** The rows stay, with every quasi-identifier set to {@code *}. */
    STAR;

    public static SuppressMode parse(String text) {
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException("--suppress-mode: expected remove or star, got '" + text + "'");
        }
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
