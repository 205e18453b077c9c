package org.kanon.frequency;

import java.util.Locale;
import org.kanon.InvalidInputException;

/** Where frequency sets live during a search. */
public enum ExecutorKind {
    /** Tables in the database: any size, a round trip per step. */
    SQL,
    /** Dictionary-encoded arrays in the JVM, loaded by one GROUP BY: fast while the zero-level set fits memory. */
    MEMORY,
    /** MEMORY when the zero-level frequency set fits the memory budget, else SQL. */
    AUTO;

    public static ExecutorKind parse(String text) {
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException("--executor: expected sql, memory or auto, got '" + text + "'");
        }
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
