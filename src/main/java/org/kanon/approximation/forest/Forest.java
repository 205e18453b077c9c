package org.kanon.approximation.forest;

import java.util.Arrays;
import org.kanon.approximation.instance.Instance;
import org.kanon.progress.Step;

/**
 * Algorithm FOREST (section 4.1): a directed forest in which every vertex has at most one out-edge, to one of its
 * k - 1 nearest neighbours, and every tree has at least k vertices; its weight is at most OPT (Lemma 3).
 *
 * <p>Rows of one group are at distance 0, so every row of a group first points to the group's first row: a run of
 * the algorithm's step in which a vertex takes a neighbour at distance 0. Groups therefore never split, and the rest
 * works on groups. While some tree has fewer than k vertices, its root (the one vertex without an out-edge) gets an
 * edge to the nearest vertex outside the tree: since the tree holds at most k - 2 other vertices, that vertex is
 * never farther than the root's (k - 1)-st nearest neighbour, so it is one of the paper's admissible choices (the
 * best one).
 */
final class Forest {
    /** out[row]: the row it points to, or -1 for a root. */
    final int[] out;
    /** weight[row]: the distance along its out-edge. */
    final double[] weight;
    private final long nearestSearches;
    private final long nodesVisited;

    private Forest(int[] out, double[] weight, long nearestSearches, long nodesVisited) {
        this.out = out;
        this.weight = weight;
        this.nearestSearches = nearestSearches;
        this.nodesVisited = nodesVisited;
    }

    static Forest build(Instance instance, int k) {
        return build(instance, k, Step.NONE);
    }

    /** As above, advancing {@code grown} per group whose tree has reached k rows. */
    static Forest build(Instance instance, int k, Step grown) {
        int n = instance.size();
        int groups = instance.groupCount();
        int[] out = new int[n];
        double[] weight = new double[n];
        Arrays.fill(out, -1);
        // union-find over groups; size in rows, root row of each tree
        int[] parent = new int[groups];
        long[] size = new long[groups];
        int[] rootRow = new int[groups];
        for (int g = 0; g < groups; g++) {
            parent[g] = g;
            int first = instance.firstRow(g);
            size[g] = instance.firstRow(g + 1) - first;
            rootRow[g] = first;
            for (int r = first + 1; r < instance.firstRow(g + 1); r++) {
                out[r] = first;
            }
        }
        NearestGroups nearest = new NearestGroups(instance);
        long[] rowsOfGroup = new long[groups];
        for (int g = 0; g < groups; g++) {
            rowsOfGroup[g] = instance.firstRow(g + 1) - instance.firstRow(g);
        }
        long searches = 0;
        for (int g = 0; g < groups; g++) {
            int tree = find(parent, g);
            while (size[tree] < k) {
                int u = rootRow[tree];
                int fromTree = tree;
                int target = choose(instance, nearest, instance.group(u), k, fromTree, parent, size, rowsOfGroup);
                searches++;
                if (target < 0) {
                    throw new IllegalStateException("the table has fewer rows than k = " + k);
                }
                int v = instance.firstRow(target);
                out[u] = v;
                weight[u] = instance.distance(u, v);
                int other = find(parent, target);
                // the merged tree's root is the root of v's tree: u now has an out-edge
                int keepRoot = rootRow[other];
                parent[tree] = other;
                size[other] += size[tree];
                rootRow[other] = keepRoot;
                tree = other;
            }
            grown.advance();
        }
        return new Forest(out, weight, searches, nearest.nodesVisited());
    }

    /**
     * The out-edge's head for the root of a tree: among the groups outside the tree within the distance of the root's
     * (k - 1)-st nearest row (the paper's admissible choices, ties at that distance included), one in the smallest
     * tree, nearest first: joining small trees first keeps trees near k rows, so fewer rows are left for
     * DECOMPOSE-COMPONENT to part by the tree's shape rather than by the rows' values.
     */
    private static int choose(Instance instance, NearestGroups nearest, int group, int k, int fromTree, int[] parent, long[] size,
                              long[] rowsOfGroup) {
        double radius = nearest.radius(group, k - 1, rowsOfGroup);
        int[] best = {-1};
        double[] bestDistance = {0};
        nearest.within(group, radius, h -> find(parent, h) != fromTree, h -> {
            double d = instance.groupDistance(group, h);
            if (best[0] < 0) {
                best[0] = h;
                bestDistance[0] = d;
                return;
            }
            long sh = size[find(parent, h)];
            long sb = size[find(parent, best[0])];
            if (sh < sb || (sh == sb && (d < bestDistance[0] || (d == bestDistance[0] && h < best[0])))) {
                best[0] = h;
                bestDistance[0] = d;
            }
        });
        return best[0] >= 0 ? best[0] : nearest.nearest(group, h -> find(parent, h) != fromTree);
    }

    private static int find(int[] parent, int x) {
        while (parent[x] != x) {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        return x;
    }

    /** The forest's weight: a lower bound of OPT (Lemma 3). */
    double weight() {
        double w = 0;
        for (double x : weight) {
            w += x;
        }
        return w;
    }

    long nearestSearches() {
        return nearestSearches;
    }

    long nodesVisited() {
        return nodesVisited;
    }
}
