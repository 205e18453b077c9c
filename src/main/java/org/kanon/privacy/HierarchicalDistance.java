package org.kanon.privacy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.kanon.InvalidInputException;
import org.kanon.schema.hierarchy.Hierarchy;

/**
 * Hierarchical ground distance over the sensitive column's bound hierarchy of height H (ICDE 2007, section 4.3):
 * a leaf's extra is {@code p_i - q_i}, an inner node's the sum of its children's; every inner node N at level j
 * costs {@code j/H * min(pos(N), neg(N))}, the sums of its children's positive extras and of the absolute negative
 * ones; the EMD is the sum of the costs. Nodes are told apart by their path to the top, so two inner nodes with the
 * same label under different parents stay two.
 */
final class HierarchicalDistance implements EarthMoversDistance {
    private final int height;
    /** parent[j][n]: the node at level j+1 above node n of level j (level 0: the domain's value codes). */
    private final int[][] parent;
    private final int[] nodes;
    private final double[] q;

    private HierarchicalDistance(int height, int[][] parent, int[] nodes, double[] q) {
        this.height = height;
        this.parent = parent;
        this.nodes = nodes;
        this.q = q;
    }

    static HierarchicalDistance of(Domain.SensitiveValues values) {
        Hierarchy h = values.hierarchy().orElseThrow(() -> new InvalidInputException("--closeness hierarchical: "
                + values.column() + " has no hierarchy bound; bind one (kanon hierarchy import or build) or use --closeness equal"));
        int height = h.height();
        if (height < 1) {
            throw new InvalidInputException("--closeness hierarchical: the hierarchy of " + values.column() + " has no level above its values");
        }
        Map<String, List<String>> rowOf = new HashMap<>();
        for (List<String> row : h.rows()) {
            rowOf.put(row.get(0), row);
        }
        List<Object> leaves = values.values();
        int[][] parent = new int[height][];
        int[] nodes = new int[height + 1];
        nodes[0] = leaves.size();
        List<List<String>> rows = new ArrayList<>();
        for (Object v : leaves) {
            List<String> row = rowOf.get(v == null ? null : v.toString());
            if (row == null) {
                throw new InvalidInputException("--closeness hierarchical: a value of " + values.column()
                        + " is missing from its hierarchy (values are matched as text)");
            }
            rows.add(row);
        }
        List<Map<List<String>, Integer>> ids = new ArrayList<>();
        for (int j = 0; j <= height; j++) {
            ids.add(new HashMap<>());
        }
        for (int j = 0; j < height; j++) {
            parent[j] = new int[leaves.size()]; // no level has more nodes than there are leaves
        }
        for (int i = 0; i < rows.size(); i++) {
            List<String> row = rows.get(i);
            int below = i;
            for (int j = 1; j <= height; j++) {
                List<String> path = row.subList(j, height + 1);
                Integer id = ids.get(j).get(path);
                if (id == null) {
                    id = ids.get(j).size();
                    ids.get(j).put(List.copyOf(path), id);
                }
                parent[j - 1][below] = id;
                below = id;
            }
        }
        for (int j = 1; j <= height; j++) {
            nodes[j] = ids.get(j).size();
        }
        if (nodes[height] != 1) {
            throw new InvalidInputException("--closeness hierarchical: the hierarchy of " + values.column()
                    + " must end in one top value (it has " + nodes[height] + ")");
        }
        return new HierarchicalDistance(height, parent, nodes, EarthMoversDistance.shares(values.tableCounts()));
    }

    @Override
    public double distance(long[] counts, long size) {
        double[] extra = new double[nodes[0]];
        for (int i = 0; i < extra.length; i++) {
            extra[i] = (double) counts[i] / size - q[i];
        }
        double cost = 0;
        for (int j = 1; j <= height; j++) {
            double[] pos = new double[nodes[j]];
            double[] neg = new double[nodes[j]];
            int[] up = parent[j - 1];
            for (int n = 0; n < extra.length; n++) {
                if (extra[n] > 0) {
                    pos[up[n]] += extra[n];
                } else {
                    neg[up[n]] -= extra[n];
                }
            }
            double[] next = new double[nodes[j]];
            for (int n = 0; n < next.length; n++) {
                cost += (double) j / height * Math.min(pos[n], neg[n]);
                next[n] = pos[n] - neg[n];
            }
            extra = next;
        }
        return cost;
    }
}
