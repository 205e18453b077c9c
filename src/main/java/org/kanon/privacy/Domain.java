package org.kanon.privacy;

import java.util.List;
import java.util.Optional;
import org.kanon.schema.hierarchy.Hierarchy;

/**
 * What the criteria of a requirement are bound to: each sensitive column's values in the table (the codes of
 * {@link ClassDetail#histogram}), their rows in the whole table (t-closeness's reference distribution) and, where a
 * criterion asks for it, the column's bound hierarchy.
 */
public record Domain(List<SensitiveValues> columns) {
    public Domain {
        columns = List.copyOf(columns);
    }

    /** One sensitive column: its distinct values (as read, NULL possible) and each value's rows in the whole table. */
    public record SensitiveValues(String column, List<Object> values, long[] tableCounts, Optional<Hierarchy> hierarchy) {
    }

    /** The index of {@code column} among the domain's sensitive columns (its histogram in a {@link ClassDetail}). */
    public int index(String column) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).column().equals(column)) {
                return i;
            }
        }
        throw new IllegalArgumentException("no sensitive column " + column + " in the domain");
    }
}
