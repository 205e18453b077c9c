package org.kanon.local.kaca;

import java.util.ArrayList;
import java.util.List;
import org.kanon.local.GroupedTable;

/**
 * The nearest classes without scanning them all: the alive classes are indexed by their values in one trie, a trie
 * level per QI, branching on the class's label of that QI (at the class's own level, so the branch also fixes the
 * level). Every node also files its children under each of their ancestors (level, label), which is the
 * "widening outward" of a search: at QI q the children that meet the small class exactly at level l are those filed
 * under the small class's own ancestor at l that did not already agree one level lower.
 *
 * <p>A search walks the trie branch and bound, levels in ascending order: taking a child of QI q that meets the small
 * class at level l costs what that attribute adds to the distance whatever the other QIs (|C| times the small
 * class's WHD up to l plus at least one merged row's WHD from the child's level up to l); a branch whose cost
 * already exceeds the best distance found is not entered, and since costs grow with l, neither is any higher level.
 * The small class's own branch comes first, so a near class is found early and the bound is tight. Every class
 * reached is measured by the same {@link ClusterDistance} as the scan, and no class nearer than the result can be in
 * a branch not entered, so the answer is the exhaustive scan's.
 */
final class TrieNearest implements NearestClusters {
    private final LiveClusters live;
    private final ClusterDistance distance;
    private final GroupedTable table;
    private final int qis;
    private final Node root = new Node(0, new int[0]);
    /** Trie depth -> QI: the QIs whose first generalization step costs most come first, so a branch that differs on them is cut near the root. */
    private final int[] order;
    private long nodesVisited;

    private static final class Node {
        /** The level of this edge's label; {@code up} holds its codes from that level to the top of the hierarchy. */
        final int level;
        final int[] up;
        /** Children by their own label code (codes are distinct across the levels of one QI). */
        final IntMap<Node> children = new IntMap<>();
        /** Children filed under each of their ancestors: key (level, code). */
        final IntMap<List<Node>> byAncestor = new IntMap<>();
        final List<Cluster> classes = new ArrayList<>(1);

        Node(int level, int[] up) {
            this.level = level;
            this.up = up;
        }

        void addChild(int code, Node child) {
            children.put(code, child);
            for (int i = 0; i < child.up.length; i++) {
                int key = ancestor(child.level + i, child.up[i]);
                List<Node> list = byAncestor.get(key);
                if (list == null) {
                    list = new ArrayList<>(2);
                    byAncestor.put(key, list);
                }
                list.add(child);
            }
        }

        void removeChild(int code) {
            Node child = children.get(code);
            children.remove(code);
            for (int i = 0; i < child.up.length; i++) {
                int key = ancestor(child.level + i, child.up[i]);
                List<Node> list = byAncestor.get(key);
                list.remove(child);
                if (list.isEmpty()) {
                    byAncestor.remove(key);
                }
            }
        }

        boolean isEmpty() {
            return children.isEmpty() && classes.isEmpty();
        }
    }

    /** Label codes stay below 2^24 (checked when the trie is made), levels below 2^7. */
    static int ancestor(int level, int code) {
        return (level << 24) | code;
    }

    TrieNearest(LiveClusters live, ClusterDistance distance, GroupedTable table) {
        this.live = live;
        this.distance = distance;
        this.table = table;
        this.qis = table.qiCount();
        if (!fits(table)) {
            throw new IllegalArgumentException("too many labels or levels for the class index");
        }
        this.order = java.util.stream.IntStream.range(0, qis).boxed()
                .sorted(java.util.Comparator.comparingDouble((Integer q) -> table.height(q) == 0 ? Double.MAX_VALUE : distance.cumulative(q, 1))
                        .reversed().thenComparingInt(q -> q))
                .mapToInt(Integer::intValue).toArray();
    }

    /** Whether every (level, label) of the table fits the trie's int keys. */
    static boolean fits(GroupedTable table) {
        for (int q = 0; q < table.qiCount(); q++) {
            if (table.labelCount(q) >= 1 << 24 || table.height(q) >= 1 << 6) {
                return false;
            }
        }
        return true;
    }

    long nodesVisited() {
        return nodesVisited;
    }

    @Override
    public void added(Cluster c) {
        Node node = root;
        for (int depth = 0; depth < qis; depth++) {
            int q = order[depth];
            int b = c.levels[q];
            int code = table.labelCode(q, c.representative, b);
            Node child = node.children.get(code);
            if (child == null) {
                int[] up = new int[table.height(q) + 1 - b];
                for (int l = b; l <= table.height(q); l++) {
                    up[l - b] = table.labelCode(q, c.representative, l);
                }
                child = new Node(b, up);
                node.addChild(code, child);
            }
            node = child;
        }
        node.classes.add(c);
    }

    @Override
    public void removed(Cluster c) {
        Node[] path = new Node[qis + 1];
        path[0] = root;
        for (int depth = 0; depth < qis; depth++) {
            int q = order[depth];
            path[depth + 1] = path[depth].children.get(table.labelCode(q, c.representative, c.levels[q]));
        }
        if (!path[qis].classes.remove(c)) {
            throw new IllegalStateException(c + " is not in the trie");
        }
        for (int depth = qis - 1; depth >= 0 && path[depth + 1].isEmpty(); depth--) {
            int q = order[depth];
            path[depth].removeChild(table.labelCode(q, c.representative, c.levels[q]));
        }
    }

    @Override
    public List<Candidate> nearest(Cluster small) {
        Search s = new Search(small);
        s.walk(root, 0, 0.0);
        nodesVisited += s.visited;
        return ExhaustiveNearest.finish(s.ties.candidates());
    }

    /** One search: the small class, its codes, the best distance so far and the candidates within the tolerance. */
    private final class Search {
        final Cluster small;
        final int[] smallCodes;
        final long n;
        final int[] meet = new int[qis];
        final TieCollector ties = new TieCollector();
        long visited;

        Search(Cluster small) {
            this.small = small;
            this.smallCodes = live.codesOf(small);
            this.n = small.size();
        }

        void walk(Node node, int depth, double partial) {
            visited++;
            if (depth == qis) {
                for (Cluster other : node.classes) {
                    if (other != small) {
                        measure(other);
                    }
                }
                return;
            }
            int q = order[depth];
            int a = small.levels[q];
            int off = live.offset(q);
            int top = table.height(q);
            double fromA = distance.cumulative(q, a);
            for (int l = a; l <= top; l++) {
                double cl = distance.cumulative(q, l);
                double least = partial + n * (cl - fromA);
                if (least > ties.bound()) {
                    return;
                }
                List<Node> meeting = node.byAncestor.get(ancestor(l, smallCodes[off + l]));
                if (meeting == null) {
                    continue;
                }
                // walk the small class's own label first: it costs least
                if (l == a) {
                    Node own = node.children.get(smallCodes[off + a]);
                    if (own != null) {
                        walk(own, depth + 1, least);
                    }
                }
                for (Node child : meeting) {
                    int b = child.level;
                    if (l == a && b == a) {
                        continue;
                    }
                    // a child that agrees one level lower (at or above both levels) met the small class there
                    if (l > Math.max(a, b) && child.up[l - 1 - b] == smallCodes[off + l - 1]) {
                        continue;
                    }
                    double cost = least + (cl - distance.cumulative(q, b));
                    if (cost <= ties.bound()) {
                        walk(child, depth + 1, cost);
                    }
                }
            }
        }

        private void measure(Cluster other) {
            ties.offer(other, distance.distance(small, smallCodes, live, live.positionOf(other), meet, ties.bound()), meet);
        }
    }
}
