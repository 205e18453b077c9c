package org.kanon.local.mondrian;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.kanon.local.GroupedTable;

/**
 * A QI's hierarchy as a tree (a forest when the top level has several labels, or when there is no hierarchy): a node
 * is a label reached by its whole path from the top, so two nodes whose labels read alike under different parents stay
 * apart. For every group it records the node holding the group's value at each level (0 = the value, height = top),
 * and for every node the number of hierarchy leaves (raw values of the dimension table) beneath it.
 */
final class HierarchyTree {
    private final int height;
    private final List<String> labels = new ArrayList<>();
    private final List<Integer> parents = new ArrayList<>();
    private final Map<Long, Integer> childByParentAndLabel = new HashMap<>();
    private final Map<String, Integer> rootByLabel = new HashMap<>();
    private final Map<String, Integer> labelIds = new HashMap<>();
    private final int[] nodeOfGroup;
    private final int[] leaves;
    private final int totalLeaves;

    HierarchyTree(GroupedTable table, int q) {
        GroupedTable.Qi qi = table.qis().get(q);
        this.height = qi.height();
        List<Integer> leafNodes = new ArrayList<>();
        for (List<String> path : qi.labelsByRaw().values()) {
            leafNodes.add(walk(path::get));
        }
        this.nodeOfGroup = new int[table.groupCount() * (height + 1)];
        for (int g = 0; g < table.groupCount(); g++) {
            int group = g;
            int node = walk(level -> table.label(q, group, level));
            for (int level = 0; level <= height; level++) {
                nodeOfGroup[g * (height + 1) + level] = node;
                node = parents.get(node);
            }
        }
        this.leaves = new int[labels.size()];
        java.util.Set<Integer> distinctLeaves = new java.util.HashSet<>(leafNodes);
        for (int g = 0; g < table.groupCount(); g++) {
            distinctLeaves.add(nodeOfGroup[g * (height + 1)]);
        }
        for (int leaf : distinctLeaves) {
            for (int node = leaf; node >= 0; node = parents.get(node)) {
                leaves[node]++;
            }
        }
        this.totalLeaves = distinctLeaves.size();
    }

    private interface LabelAt {
        String label(int level);
    }

    /** Finds or adds the nodes of one path from the top down; returns its level-0 node. */
    private int walk(LabelAt path) {
        String top = path.label(height);
        int node = rootByLabel.computeIfAbsent(top == null ? "\0null" : top, x -> add(top, -1));
        for (int level = height - 1; level >= 0; level--) {
            String label = path.label(level);
            int parent = node;
            long key = ((long) parent << 32) | labelId(label);
            node = childByParentAndLabel.computeIfAbsent(key, x -> add(label, parent));
        }
        return node;
    }

    private int labelId(String label) {
        return labelIds.computeIfAbsent(label == null ? "\0null" : label, x -> labelIds.size());
    }

    private int add(String label, int parent) {
        labels.add(label);
        parents.add(parent);
        return labels.size() - 1;
    }

    int height() {
        return height;
    }

    /** The node holding group g's value at this level. */
    int node(int g, int level) {
        return nodeOfGroup[g * (height + 1) + level];
    }

    String label(int node) {
        return labels.get(node);
    }

    int leaves(int node) {
        return leaves[node];
    }

    int totalLeaves() {
        return totalLeaves;
    }
}
