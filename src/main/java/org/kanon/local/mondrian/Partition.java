package org.kanon.local.mondrian;

import java.util.Arrays;
import java.util.List;

/**
 * A final partition of Mondrian: its groups (indices into the {@link org.kanon.local.GroupedTable}, each with all its
 * rows), how many rows they hold, and the released QI cells every one of those rows takes (in QI order).
 */
public record Partition(int[] groups, long rows, List<String> cells) {
    public Partition {
        groups = groups.clone();
        // a cell may be NULL (a NULL value of a QI without hierarchy), which List.copyOf refuses
        cells = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(cells));
    }

    @Override
    public int[] groups() {
        return groups.clone();
    }

    @Override
    public String toString() {
        return cells + " x " + rows + " (groups " + Arrays.toString(groups) + ")";
    }
}
