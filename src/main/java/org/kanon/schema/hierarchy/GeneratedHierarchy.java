package org.kanon.schema.hierarchy;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.function.Function;

/** The part every builder shares: one row per distinct value, its labels from a function, validation by {@link Hierarchy#of}. */
final class GeneratedHierarchy {

    private GeneratedHierarchy() {
    }

    /** @param labelsAbove a value's labels for levels 1..h, the same h for every value */
    static Hierarchy of(String attribute, Collection<String> values, String origin,
                        Function<String, List<String>> labelsAbove) {
        List<List<String>> rows = new ArrayList<>();
        for (String value : distinct(values)) {
            List<String> row = new ArrayList<>();
            row.add(value);
            row.addAll(labelsAbove.apply(value));
            rows.add(row);
        }
        return Hierarchy.of(attribute, rows, origin);
    }

    static Collection<String> distinct(Collection<String> values) {
        Collection<String> distinct = new LinkedHashSet<>();
        for (String value : values) {
            if (value == null) {
                // the contract is non-null values; NULL gets its row from the database side, not from a builder
                throw new IllegalArgumentException("builders take the non-null values of a column");
            }
            distinct.add(value);
        }
        return distinct;
    }
}
