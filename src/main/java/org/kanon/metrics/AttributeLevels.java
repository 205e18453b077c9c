package org.kanon.metrics;

import java.util.Arrays;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * How the cells of one quasi-identifier of a release are spread over the levels of its hierarchy (kanon numbering:
 * 0 = raw value .. height = root), and the per-attribute figures of the TKDE local-recoding paper that follow from
 * that spread alone. {@code cellsWithoutLevel} counts cells whose text is no label of the hierarchy (Mondrian's
 * ranges such as {@code [25-34]}): such a cell has no level, so every level-based figure of the attribute is then
 * undefined (empty), while it still counts as modified.
 */
public record AttributeLevels(String name, int height, long[] cellsAtLevel, long cellsWithoutLevel) {

    public AttributeLevels {
        if (cellsAtLevel.length != height + 1) {
            throw new IllegalArgumentException(name + ": " + cellsAtLevel.length + " level count(s) for height " + height);
        }
        cellsAtLevel = cellsAtLevel.clone();
    }

    @Override
    public long[] cellsAtLevel() {
        return cellsAtLevel.clone();
    }

    public long cells(int level) {
        return cellsAtLevel[level];
    }

    public long cells() {
        long sum = cellsWithoutLevel;
        for (long c : cellsAtLevel) {
            sum += c;
        }
        return sum;
    }

    /** Every cell has a level, so the level-based figures are defined. */
    public boolean levelled() {
        return cellsWithoutLevel == 0;
    }

    /** Cells not at level 0 (a cell without a level is modified too). */
    public long modifiedCells() {
        return cells() - cellsAtLevel[0];
    }

    /** Definitions 6-7: the sum over the attribute's cells of WHD(raw, level of the cell). */
    public OptionalDouble distortion(HierarchyWeights weights) {
        if (!levelled()) {
            return OptionalDouble.empty();
        }
        double[] whd = weights.cumulative(height);
        double sum = 0;
        for (int l = 0; l <= height; l++) {
            sum += cellsAtLevel[l] * whd[l];
        }
        return OptionalDouble.of(sum);
    }

    /** The (alpha,k) paper's distortion: a cell h levels up costs h. */
    public OptionalLong levelDistortion() {
        if (!levelled()) {
            return OptionalLong.empty();
        }
        long sum = 0;
        for (int l = 0; l <= height; l++) {
            sum += cellsAtLevel[l] * l;
        }
        return OptionalLong.of(sum);
    }

    /** Definition 12: 1 - the largest share of the cells drawn from one level; 0 for an attribute without cells. */
    public OptionalDouble inconsistency() {
        if (!levelled()) {
            return OptionalDouble.empty();
        }
        long total = cells();
        if (total == 0) {
            return OptionalDouble.of(0);
        }
        long largest = 0;
        for (long c : cellsAtLevel) {
            largest = Math.max(largest, c);
        }
        return OptionalDouble.of(1 - (double) largest / total);
    }

    /**
     * Definition 13: 1 - the share of the cells in the base domain, the most specific level any cell is drawn from
     * (not necessarily level 0); 0 for an attribute without cells.
     */
    public OptionalDouble generalizationPortion() {
        if (!levelled()) {
            return OptionalDouble.empty();
        }
        long total = cells();
        for (long c : cellsAtLevel) {
            if (c > 0) {
                return OptionalDouble.of(1 - (double) c / total);
            }
        }
        return OptionalDouble.of(0);
    }

    /** This spread with {@code rows} more cells at the root: rows suppressed by removal count as {@code *}. */
    public AttributeLevels withRowsAtRoot(long rows) {
        long[] counts = cellsAtLevel.clone();
        counts[height] += rows;
        return new AttributeLevels(name, height, counts, cellsWithoutLevel);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AttributeLevels a && name.equals(a.name) && height == a.height
                && Arrays.equals(cellsAtLevel, a.cellsAtLevel) && cellsWithoutLevel == a.cellsWithoutLevel;
    }

    @Override
    public int hashCode() {
        return name.hashCode() * 31 + Arrays.hashCode(cellsAtLevel);
    }

    @Override
    public String toString() {
        return name + " cells at levels 0.." + height + " " + Arrays.toString(cellsAtLevel)
                + (cellsWithoutLevel == 0 ? "" : ", " + cellsWithoutLevel + " without level");
    }
}
