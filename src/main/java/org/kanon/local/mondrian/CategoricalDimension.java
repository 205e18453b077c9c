package org.kanon.local.mondrian;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.kanon.local.GroupedTable;

/**
 * A categorical quasi-identifier through its hierarchy. A partition stands at the lowest common ancestor of its values
 * (its node); it is cut into that node's children, and its cell is the node's label (the value itself when it holds
 * one value).
 *
 * <p>Normalized width = hierarchy leaves under the node / all leaves, not the number of distinct values the partition
 * holds: the released label stands for every leaf beneath it whether the table holds it or not, so the leaf count is
 * the imprecision the release actually has, just as a numeric range's width is that of the released range; it is also
 * what LeFevre et al. use for a categorical attribute (the size of the generalization's domain).
 */
final class CategoricalDimension implements SplitDimension {
    private static final Comparator<String> TEXT_ORDER = Comparator.nullsFirst(Comparator.naturalOrder());

    private final HierarchyTree tree;

    CategoricalDimension(GroupedTable table, int q) {
        this.tree = new HierarchyTree(table, q);
    }

    /** The level of the partition's node: the lowest level at which all its groups share one node. */
    int lcaLevel(int[] groups) {
        int level = tree.height();
        if (!shareNode(groups, level)) {
            throw new IllegalStateException("a partition spans several top labels of a hierarchy");
        }
        while (level > 0 && shareNode(groups, level - 1)) {
            level--;
        }
        return level;
    }

    private boolean shareNode(int[] groups, int level) {
        int node = tree.node(groups[0], level);
        for (int g : groups) {
            if (tree.node(g, level) != node) {
                return false;
            }
        }
        return true;
    }

    @Override
    public double normalizedWidth(int[] groups) {
        int node = tree.node(groups[0], lcaLevel(groups));
        return (double) tree.leaves(node) / tree.totalLeaves();
    }

    /** One part per child of the partition's node that holds rows, in the children's label order. */
    @Override
    public List<int[]> cut(int[] groups) {
        int level = lcaLevel(groups);
        if (level == 0) {
            return List.of();
        }
        Map<Integer, List<Integer>> byChild = new LinkedHashMap<>();
        for (int g : groups) {
            byChild.computeIfAbsent(tree.node(g, level - 1), x -> new ArrayList<>()).add(g);
        }
        List<Integer> children = new ArrayList<>(byChild.keySet());
        children.sort(Comparator.comparing(tree::label, TEXT_ORDER).thenComparing(Comparator.naturalOrder()));
        List<int[]> parts = new ArrayList<>();
        for (int child : children) {
            parts.add(byChild.get(child).stream().mapToInt(Integer::intValue).toArray());
        }
        return parts;
    }

    @Override
    public String cell(int[] groups) {
        return tree.label(tree.node(groups[0], lcaLevel(groups)));
    }

    /** The node a group's value has at the top of the hierarchy: rows under different tops can never share a class. */
    int topNode(int g) {
        return tree.node(g, tree.height());
    }
}
