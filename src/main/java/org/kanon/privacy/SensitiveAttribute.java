package org.kanon.privacy;

import java.util.List;
import org.kanon.InvalidInputException;

/**
 * The sensitive attribute S of a model and, for simple (alpha,k)-anonymity, the value or values that together form
 * the sensitive class (compared as text, as the column's values print); with no values every value of S counts on
 * its own (general (alpha,k), l-diversity).
 */
public record SensitiveAttribute(String column, List<String> values) {
    public SensitiveAttribute {
        if (column == null || column.isBlank()) {
            throw new InvalidInputException("--sensitive: a column name is required");
        }
        values = List.copyOf(values);
    }

    /** True when the named values form one sensitive class (simple model). */
    public boolean hasSensitiveClass() {
        return !values.isEmpty();
    }

    public boolean inSensitiveClass(String value) {
        return values.contains(value);
    }
}
