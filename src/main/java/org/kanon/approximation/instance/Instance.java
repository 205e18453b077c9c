package org.kanon.approximation.instance;

import java.util.Arrays;
import org.kanon.local.GroupedTable;

/**
 * The rows of a table as the approximation paper sees them (Aggarwal et al., section 2): vectors over m QI
 * attributes, attribute j with l_j generalization levels above the raw value (kanon numbering: 0 = raw .. l_j =
 * root). Generalizing a cell of attribute j to level r costs {@code w_j * r / l_j}; the distance between two rows is
 * what generalizing both to their lowest common level costs per row, {@code sum_j w_j * h_ab(j) / l_j}.
 *
 * <p>Every row of every {@link GroupedTable} group is a vertex of its own (rows of one group are at distance 0), in
 * group order; {@link #group(int)} maps a vertex back to its group for the release.
 */
public final class Instance {
    private final GroupedTable table;
    private final CostModel cost;
    private final int rows;
    private final int[] groupOfRow;
    private final int[] firstRowOfGroup;
    /** codes[q][level] of every group, flattened as codes[q][group * (height + 1) + level]. */
    private final int[][] codes;
    private final int[] heights;

    private Instance(GroupedTable table, CostModel cost) {
        this.table = table;
        this.cost = cost;
        if (table.rows() > Integer.MAX_VALUE / 2) {
            throw new IllegalArgumentException(table.rows() + " rows are more than one instance can hold");
        }
        this.rows = (int) table.rows();
        this.groupOfRow = new int[rows];
        this.firstRowOfGroup = new int[table.groupCount() + 1];
        int r = 0;
        for (int g = 0; g < table.groupCount(); g++) {
            firstRowOfGroup[g] = r;
            for (long c = 0; c < table.group(g).count(); c++) {
                groupOfRow[r++] = g;
            }
        }
        firstRowOfGroup[table.groupCount()] = r;
        this.heights = table.heights();
        this.codes = new int[heights.length][];
        for (int q = 0; q < heights.length; q++) {
            int width = heights[q] + 1;
            codes[q] = new int[table.groupCount() * width];
            for (int g = 0; g < table.groupCount(); g++) {
                for (int l = 0; l < width; l++) {
                    codes[q][g * width + l] = table.labelCode(q, g, l);
                }
            }
        }
    }

    /** The rows of this table under this cost model; the model must have one weight per QI. */
    public static Instance of(GroupedTable table, CostModel cost) {
        if (cost.attributes() != table.qiCount()) {
            throw new IllegalArgumentException(cost.attributes() + " weight(s) for " + table.qiCount() + " QI(s)");
        }
        return new Instance(table, cost);
    }

    public GroupedTable table() {
        return table;
    }

    public CostModel cost() {
        return cost;
    }

    public int size() {
        return rows;
    }

    public int qiCount() {
        return heights.length;
    }

    public int height(int q) {
        return heights[q];
    }

    /** The GroupedTable group a row belongs to. */
    public int group(int row) {
        return groupOfRow[row];
    }

    /** Rows of group g are firstRow(g) .. firstRow(g + 1) - 1. */
    public int firstRow(int g) {
        return firstRowOfGroup[g];
    }

    /** Code of row's label of QI q at a level (codes comparable within q). */
    public int code(int q, int row, int level) {
        return codes[q][groupOfRow[row] * (heights[q] + 1) + level];
    }

    /** h_ab(j): the lowest level at which rows a and b agree on QI q. */
    public int agreeLevel(int q, int a, int b) {
        int ga = groupOfRow[a];
        int gb = groupOfRow[b];
        if (ga == gb) {
            return 0;
        }
        int width = heights[q] + 1;
        int[] c = codes[q];
        int l = 0;
        while (l < heights[q] && c[ga * width + l] != c[gb * width + l]) {
            l++;
        }
        return l;
    }

    /** The distance between any row of group ga and any row of group gb. */
    public double groupDistance(int ga, int gb) {
        return distance(firstRowOfGroup[ga], firstRowOfGroup[gb]);
    }

    /** Number of groups (rows with identical QI values and sensitive value). */
    public int groupCount() {
        return firstRowOfGroup.length - 1;
    }

    /** The edge weight of the paper's graph: sum over QIs of w_j * h_ab(j) / l_j. */
    public double distance(int a, int b) {
        if (groupOfRow[a] == groupOfRow[b]) {
            return 0;
        }
        double d = 0;
        for (int q = 0; q < heights.length; q++) {
            d += cost.cellCost(q, agreeLevel(q, a, b), heights[q]);
        }
        return d;
    }

    /** Per QI the lowest level at which all these rows agree: the levels their class is released at. */
    public int[] levels(int[] members) {
        int[] levels = new int[heights.length];
        if (members.length == 0) {
            return levels;
        }
        int first = members[0];
        for (int q = 0; q < heights.length; q++) {
            int level = 0;
            for (int i = 1; i < members.length && level < heights[q]; i++) {
                while (level < heights[q] && code(q, first, level) != code(q, members[i], level)) {
                    level++;
                }
            }
            levels[q] = level;
        }
        return levels;
    }

    /** What one row of a class at these levels costs. */
    public double rowCost(int[] levels) {
        double c = 0;
        for (int q = 0; q < heights.length; q++) {
            c += cost.cellCost(q, levels[q], heights[q]);
        }
        return c;
    }

    /** The cost of releasing these rows as one class: |class| * the cost of one of its rows. */
    public double classCost(int[] members) {
        return members.length * rowCost(levels(members));
    }

    /** What deleting a row costs: every QI cell suppressed (generalized to its root). */
    public double deletionCost() {
        return rowCost(heights.clone());
    }

    @Override
    public String toString() {
        return rows + " row(s) over QI heights " + Arrays.toString(heights);
    }
}
