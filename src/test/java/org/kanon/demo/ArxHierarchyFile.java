package org.kanon.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A deliberately tiny reader of ARX hierarchy files ({@code value;level1;...;top}) for the dataset tests, so
 * they do not depend on the real hierarchy importer in {@code schema.hierarchy}. Reading also checks the
 * shape rules the datasets promise: same width on every line, one top value, one parent per value and level.
 */
record ArxHierarchyFile(Path file, Map<String, List<String>> paths) {

    static ArxHierarchyFile read(Path file) throws IOException {
        Map<String, List<String>> paths = new LinkedHashMap<>();
        List<Map<String, String>> parentAt = new ArrayList<>();
        int width = -1;
        int lineNo = 0;
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            lineNo++;
            if (line.isEmpty()) {
                continue;
            }
            List<String> cells = List.of(line.split(";", -1));
            String where = file.getFileName() + ":" + lineNo;
            if (width < 0) {
                width = cells.size();
                for (int i = 0; i < width; i++) {
                    parentAt.add(new HashMap<>());
                }
            }
            assertEquals(width, cells.size(), where + ": every line must have " + width + " columns");
            assertTrue(width >= 2, where + ": a hierarchy needs a value and a top");
            cells.forEach(c -> assertFalse(c.isBlank(), where + ": empty cell"));
            assertNull(paths.put(cells.get(0), cells), where + ": value '" + cells.get(0) + "' listed twice");
            // a value at level i has one parent at level i + 1, whatever line it is read from
            for (int i = 0; i < width - 1; i++) {
                String previous = parentAt.get(i).putIfAbsent(cells.get(i), cells.get(i + 1));
                if (previous != null) {
                    assertEquals(previous, cells.get(i + 1),
                            where + ": '" + cells.get(i) + "' has two parents at level " + (i + 1));
                }
            }
        }
        assertTrue(width > 0, file + " is empty");
        ArxHierarchyFile h = new ArxHierarchyFile(file, paths);
        assertEquals(1, paths.values().stream().map(p -> p.get(p.size() - 1)).distinct().count(),
                file.getFileName() + ": all lines must end in the same top value");
        return h;
    }

    /** Number of columns (levels including the leaf). */
    int height() {
        return paths.values().iterator().next().size();
    }

    String top() {
        List<String> any = paths.values().iterator().next();
        return any.get(any.size() - 1);
    }

    boolean hasLeaf(String value) {
        return paths.containsKey(value);
    }

    /** Generalization of a leaf value to a level, 0 = the value itself. */
    String generalize(String leaf, int level) {
        List<String> path = paths.get(leaf);
        assertTrue(path != null, file.getFileName() + " has no value '" + leaf + "'");
        return path.get(level);
    }

    /** Level of {@code generalized} on the path of {@code leaf}, or -1 if it is not an ancestor-or-self. */
    int levelOf(String leaf, String generalized) {
        return paths.getOrDefault(leaf, List.of()).indexOf(generalized);
    }
}
