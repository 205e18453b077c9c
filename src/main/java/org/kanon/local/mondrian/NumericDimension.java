package org.kanon.local.mondrian;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;
import org.kanon.InvalidInputException;
import org.kanon.local.GroupedTable;

/**
 * A numeric quasi-identifier as an ordered range. Values are ranked in numeric order (not the text order of the
 * table's labels: 9 < 10); a partition's width is (max - min) / (table max - table min); the cut is at the median of
 * the partition's rows; the released cell is {@code [lo-hi]}, or the value itself when the partition holds one value.
 * Any hierarchy bound to the column is not used: a range is finer than any interval a hierarchy could offer.
 */
final class NumericDimension implements SplitDimension {
    private final int[] rankOfGroup;
    private final long[] rows;
    private final BigDecimal[] valueOfRank;
    private final String[] textOfRank;
    private final double tableWidth;

    NumericDimension(GroupedTable table, int q) {
        TreeMap<BigDecimal, String> values = new TreeMap<>();
        BigDecimal[] valueOfGroup = new BigDecimal[table.groupCount()];
        for (int g = 0; g < table.groupCount(); g++) {
            Object raw = table.group(g).raw().get(q);
            if (!(raw instanceof Number n)) {
                throw new InvalidInputException("--qi: " + table.qis().get(q).name() + " is numeric but holds "
                        + (raw == null ? "NULL" : "the non-number '" + raw + "'") + "; Mondrian orders its values and cannot place it");
            }
            valueOfGroup[g] = new BigDecimal(n.toString());
            // the value as the column prints it (its level-0 label), so a range's ends read like the source's values
            values.putIfAbsent(valueOfGroup[g], table.label(q, g, 0));
        }
        this.valueOfRank = values.keySet().toArray(new BigDecimal[0]);
        this.textOfRank = values.values().toArray(new String[0]);
        this.rankOfGroup = new int[table.groupCount()];
        this.rows = new long[table.groupCount()];
        for (int g = 0; g < table.groupCount(); g++) {
            rankOfGroup[g] = Arrays.binarySearch(valueOfRank, valueOfGroup[g]);
            rows[g] = table.group(g).count();
        }
        this.tableWidth = valueOfRank.length == 0 ? 0 : valueOfRank[valueOfRank.length - 1].subtract(valueOfRank[0]).doubleValue();
    }

    @Override
    public double normalizedWidth(int[] groups) {
        if (tableWidth == 0) {
            return 0;
        }
        int lo = Integer.MAX_VALUE;
        int hi = Integer.MIN_VALUE;
        for (int g : groups) {
            lo = Math.min(lo, rankOfGroup[g]);
            hi = Math.max(hi, rankOfGroup[g]);
        }
        return valueOfRank[hi].subtract(valueOfRank[lo]).doubleValue() / tableWidth;
    }

    /**
     * Rows with a value at most the median against the rest. The median is the lower one of the partition's rows
     * (the value of row ceil(n/2) in value order); when it is the partition's largest value (many equal values at
     * the top) the cut moves down to the largest value below it, so both sides hold rows whenever two values do.
     */
    @Override
    public List<int[]> cut(int[] groups) {
        int[] sorted = byRank(groups);
        int first = rankOfGroup[sorted[0]];
        int last = rankOfGroup[sorted[sorted.length - 1]];
        if (first == last) {
            return List.of();
        }
        long total = 0;
        for (int g : sorted) {
            total += rows[g];
        }
        long half = (total + 1) / 2;
        long seen = 0;
        int split = 0;
        while (true) {
            seen += rows[sorted[split]];
            if (seen >= half) {
                break;
            }
            split++;
        }
        int median = rankOfGroup[sorted[split]];
        int cutRank = median < last ? median : previousRank(sorted, last);
        int leftSize = 0;
        while (rankOfGroup[sorted[leftSize]] <= cutRank) {
            leftSize++;
        }
        return List.of(Arrays.copyOfRange(sorted, 0, leftSize), Arrays.copyOfRange(sorted, leftSize, sorted.length));
    }

    private int previousRank(int[] sorted, int last) {
        int i = sorted.length - 1;
        while (rankOfGroup[sorted[i]] == last) {
            i--;
        }
        return rankOfGroup[sorted[i]];
    }

    /** The groups in value order (ties in group order), sorting packed (rank, group) keys. */
    private int[] byRank(int[] groups) {
        long[] keys = new long[groups.length];
        for (int i = 0; i < groups.length; i++) {
            keys[i] = ((long) rankOfGroup[groups[i]] << 32) | groups[i];
        }
        Arrays.sort(keys);
        int[] sorted = new int[groups.length];
        for (int i = 0; i < keys.length; i++) {
            sorted[i] = (int) keys[i];
        }
        return sorted;
    }

    @Override
    public String cell(int[] groups) {
        int lo = Integer.MAX_VALUE;
        int hi = Integer.MIN_VALUE;
        for (int g : groups) {
            lo = Math.min(lo, rankOfGroup[g]);
            hi = Math.max(hi, rankOfGroup[g]);
        }
        return lo == hi ? textOfRank[lo] : "[" + textOfRank[lo] + "-" + textOfRank[hi] + "]";
    }
}
