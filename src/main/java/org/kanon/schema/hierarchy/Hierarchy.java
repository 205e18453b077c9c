package org.kanon.schema.hierarchy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The value generalization hierarchy of one attribute (Incognito, Section 2, Figure 2): every raw value with its
 * ancestors at levels 1..h. It is the in-memory form of a dimension table, so it is immutable and always a tree;
 * {@link #of} refuses anything else before a table gets written.
 *
 * <p>A row is {@code [raw value, level 1, ..., level h]}. A {@code null} raw value is the row for SQL NULL; every
 * label above level 0 is a non-blank string.
 */
public final class Hierarchy {
    /** The longest label (raw values included), in characters: see {@link HierarchyValidation}. */
    public static final int MAX_LABEL_LENGTH = 500;

    private final String attribute;
    private final String origin;
    private final List<List<String>> rows;
    private final List<String> rowLocations;
    private final Map<String, List<String>> rowByRawValue;
    private final Set<String> leafValues;
    private final int[] distinctValuesPerLevel;

    private Hierarchy(String attribute, String origin, List<List<String>> rows, List<String> rowLocations) {
        this.attribute = attribute;
        this.origin = origin;
        this.rows = rows;
        this.rowLocations = rowLocations;
        this.rowByRawValue = new HashMap<>();
        Set<String> leaves = new LinkedHashSet<>();
        for (List<String> row : rows) {
            rowByRawValue.put(row.get(0), row);
            if (row.get(0) != null) {
                leaves.add(row.get(0));
            }
        }
        this.leafValues = Collections.unmodifiableSet(leaves);
        this.distinctValuesPerLevel = countDistinctPerLevel(rows);
    }

    /**
     * Builds and validates a hierarchy.
     *
     * @param origin where the rows come from, for messages and for people: "file z.csv", "interval 5,10,20"
     * @throws org.kanon.InvalidInputException when the rows are empty, ragged, list a raw value twice, give a value two
     *     parents, contain a blank label or one longer than {@link #MAX_LABEL_LENGTH}
     */
    public static Hierarchy of(String attribute, List<List<String>> rows, String origin) {
        return of(attribute, rows, origin, List.of());
    }

    /**
     * Like {@link #of(String, List, String)}, with {@code rowLocations.get(i)} naming row i (for example
     * {@code z.csv:7}) in messages instead of the origin; a message about one field appends {@code :column}.
     * An empty list means "no locations".
     */
    public static Hierarchy of(String attribute, List<List<String>> rows, String origin, List<String> rowLocations) {
        if (attribute == null || origin == null || rows == null || rowLocations == null) {
            throw new IllegalArgumentException("attribute, rows, origin and rowLocations are required");
        }
        if (!rowLocations.isEmpty() && rowLocations.size() != rows.size()) {
            throw new IllegalArgumentException(rowLocations.size() + " row locations for " + rows.size() + " rows");
        }
        new HierarchyValidation(attribute, origin, rowLocations).check(rows);
        List<List<String>> frozen = new ArrayList<>(rows.size());
        for (List<String> row : rows) {
            // List.copyOf refuses the null that marks the NULL row, hence the unmodifiable copy
            frozen.add(Collections.unmodifiableList(new ArrayList<>(row)));
        }
        return new Hierarchy(attribute, origin, Collections.unmodifiableList(frozen), List.copyOf(rowLocations));
    }

    public String attribute() {
        return attribute;
    }

    /** The number of levels above the raw value: the highest level {@link #generalize} accepts. */
    public int height() {
        return rows.get(0).size() - 1;
    }

    public List<List<String>> rows() {
        return rows;
    }

    public String origin() {
        return origin;
    }

    /**
     * Where a field of {@link #rows()} comes from, for messages: {@code z.csv:7:1} for row 6's raw value (lines and
     * columns count from 1), or the origin when the hierarchy has no row locations (a built one).
     */
    public String fieldLocation(int row, int level) {
        return rowLocations.isEmpty() ? origin : rowLocations.get(row) + ":" + (level + 1);
    }

    /** Whether one row generalizes SQL NULL. */
    public boolean mapsNull() {
        return rowByRawValue.containsKey(null);
    }

    /** The number of rows, the NULL row included: {@code leafValues().size() + (mapsNull() ? 1 : 0)}. */
    public int leafCount() {
        return rows.size();
    }

    /** The non-null raw values, in row order. */
    public Set<String> leafValues() {
        return leafValues;
    }

    /**
     * The ancestor of a raw value at a level; {@code null} stands for SQL NULL when {@link #mapsNull()}.
     *
     * @throws IllegalArgumentException for a value the hierarchy does not list (at any level, 0 included, so a
     *     missing value shows up early) or a level outside 0..height
     */
    public String generalize(String value, int level) {
        checkLevel(level);
        List<String> row = rowByRawValue.get(value);
        if (row == null) {
            throw new IllegalArgumentException("hierarchy for '" + attribute + "' (" + origin + ") has no row for "
                    + HierarchyValidation.quoted(value));
        }
        return row.get(level);
    }

    /** How many different labels the level has; at level 0 that is {@link #leafCount()}, NULL counted as a value. */
    public int distinctValues(int level) {
        checkLevel(level);
        return distinctValuesPerLevel[level];
    }

    @Override
    public String toString() {
        return "hierarchy for '" + attribute + "' (" + origin + "), height " + height() + ", " + leafCount() + " values";
    }

    private void checkLevel(int level) {
        if (level < 0 || level > height()) {
            throw new IllegalArgumentException("level " + level + " outside 0.." + height() + " of the hierarchy for '"
                    + attribute + "'");
        }
    }

    private static int[] countDistinctPerLevel(List<List<String>> rows) {
        int levels = rows.get(0).size();
        int[] counts = new int[levels];
        for (int level = 0; level < levels; level++) {
            Set<String> labels = new HashSet<>();
            for (List<String> row : rows) {
                labels.add(row.get(level));
            }
            counts[level] = labels.size();
        }
        return counts;
    }
}
