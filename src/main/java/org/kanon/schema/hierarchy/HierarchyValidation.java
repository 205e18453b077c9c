package org.kanon.schema.hierarchy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.kanon.InvalidInputException;

/**
 * Refuses rows that are not a hierarchy tree, naming the first offending row: in one pass in row order, so the
 * user fixes a file from the top. Full-domain generalization (Incognito, Section 2) needs every raw value at the
 * same height and every label with exactly one parent; otherwise a level would not be a function of the level
 * below and the rollup of frequency sets would be wrong.
 */
final class HierarchyValidation {
    private final String attribute;
    private final String origin;
    private final List<String> rowLocations;

    HierarchyValidation(String attribute, String origin, List<String> rowLocations) {
        this.attribute = attribute;
        this.origin = origin;
        this.rowLocations = rowLocations;
    }

    void check(List<List<String>> rows) {
        if (rows.isEmpty()) {
            throw new InvalidInputException("hierarchy for '" + attribute + "' (" + origin + ") is empty");
        }
        int width = rows.get(0).size();
        if (width < 2) {
            throw error(where(0), "value " + quoted(rows.get(0).isEmpty() ? null : rows.get(0).get(0))
                    + " has no level above it; each row needs the raw value and at least one level");
        }
        Map<String, Integer> rowOfRawValue = new HashMap<>();
        List<Map<String, Integer>> rowOfLabel = new ArrayList<>();
        for (int level = 0; level < width; level++) {
            rowOfLabel.add(new HashMap<>());
        }
        for (int r = 0; r < rows.size(); r++) {
            List<String> row = rows.get(r);
            if (row == null) {
                throw new IllegalArgumentException("row " + r + " of the hierarchy for '" + attribute + "' is null");
            }
            checkLengths(row, r);
            checkWidth(row, r, width);
            checkLabels(row, r);
            checkRawValueIsNew(row.get(0), r, rowOfRawValue);
            checkSingleParents(rows, r, rowOfLabel);
        }
    }

    private void checkWidth(List<String> row, int r, int width) {
        if (row.size() != width) {
            throw error(where(r), "value " + quoted(row.isEmpty() ? null : row.get(0)) + " has " + levels(row.size() - 1)
                    + ", but " + (rowLocations.isEmpty() ? "the first row" : rowLocations.get(0)) + " has "
                    + (width - 1));
        }
    }

    /**
     * First, so that no later message quotes an oversized label: it would bury the line, and it may be personal data.
     * The limit keeps a raw value within what both databases can index (the key column V) and every label within
     * their VARCHAR limits.
     */
    private void checkLengths(List<String> row, int r) {
        for (int level = 0; level < row.size(); level++) {
            String label = row.get(level);
            int length = label == null ? 0 : label.codePointCount(0, label.length());
            if (length > Hierarchy.MAX_LABEL_LENGTH) {
                throw error(whereField(r, level), String.format(Locale.ROOT, "a label of %,d characters at level %d; at most %,d are allowed",
                        length, level, Hierarchy.MAX_LABEL_LENGTH));
            }
        }
    }

    private void checkLabels(List<String> row, int r) {
        for (int level = 1; level < row.size(); level++) {
            String label = row.get(level);
            if (label == null || label.isBlank()) {
                throw error(whereField(r, level), "value " + quoted(row.get(0)) + " has a blank label at level " + level);
            }
        }
    }

    private void checkRawValueIsNew(String rawValue, int r, Map<String, Integer> rowOfRawValue) {
        Integer first = rowOfRawValue.putIfAbsent(rawValue, r);
        if (first != null) {
            throw error(whereField(r, 0), "value " + quoted(rawValue) + " is listed twice" + firstAt(first));
        }
    }

    /** Compares the row with the first row that had the same label, level by level; raw values are unique already. */
    private void checkSingleParents(List<List<String>> rows, int r, List<Map<String, Integer>> rowOfLabel) {
        List<String> row = rows.get(r);
        for (int level = 1; level < row.size() - 1; level++) {
            Integer first = rowOfLabel.get(level).putIfAbsent(row.get(level), r);
            if (first != null) {
                String firstParent = rows.get(first).get(level + 1);
                String parent = row.get(level + 1);
                if (!firstParent.equals(parent)) {
                    throw error(whereField(r, level + 1), "value " + quoted(row.get(level)) + " at level " + level
                            + " has two parents at level " + (level + 1) + ": " + quoted(firstParent) + firstAt(first)
                            + " and " + quoted(parent));
                }
            }
        }
    }

    private String where(int r) {
        return rowLocations.isEmpty() ? origin : rowLocations.get(r);
    }

    /** Row locations are lines, so a field adds its 1-based column: {@code z.csv:7:3}. */
    private String whereField(int r, int level) {
        return rowLocations.isEmpty() ? origin : rowLocations.get(r) + ":" + (level + 1);
    }

    private String firstAt(int firstRow) {
        return rowLocations.isEmpty() ? "" : " (" + rowLocations.get(firstRow) + ")";
    }

    private InvalidInputException error(String where, String problem) {
        return new InvalidInputException("hierarchy for '" + attribute + "' (" + where + "): " + problem);
    }

    private static String levels(int count) {
        return count + (count == 1 ? " level" : " levels");
    }

    static String quoted(String value) {
        return value == null ? "NULL" : "'" + value + "'";
    }
}
