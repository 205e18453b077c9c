package org.kanon.schema.hierarchy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Checks the tree property on the rows themselves, independently of the validation inside {@link Hierarchy#of}. */
final class TreeAssertions {

    private TreeAssertions() {
    }

    static void assertEveryLabelHasOneParent(Hierarchy hierarchy) {
        for (int level = 0; level < hierarchy.height(); level++) {
            Map<String, String> parentOf = new HashMap<>();
            for (List<String> row : hierarchy.rows()) {
                String earlier = parentOf.putIfAbsent(row.get(level), row.get(level + 1));
                if (earlier != null) {
                    assertEquals(earlier, row.get(level + 1), "parent of '" + row.get(level) + "' at level " + level);
                }
            }
        }
    }
}
