package org.kanon.frequency;

import java.util.List;

/** One value group of a frequency set and its count. */
public record FrequencyRow(List<Object> values, long count) {
    public FrequencyRow {
        values = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(values));
    }
}
