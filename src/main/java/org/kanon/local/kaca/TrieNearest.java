package org.kanon.local.kaca;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.kanon.local.GroupedTable;

/**
 * The nearest classes without scanning them all: the alive classes are indexed by their values, one trie per level
 * vector in use (a class at levels b sits in the trie of b, one trie level per QI, branching on its label at b_q).
 * A search walks the tries branch and bound: going down an edge of QI q costs what that attribute adds to the
 * distance whatever the rest (|C| times the small class's WHD to the meeting level, plus at least one merged row's
 * WHD from b_q to it), and a branch whose cost already exceeds the best distance found is not entered. A trie whose
 * level vector alone costs too much is skipped whole. The branch of the small class's own label is followed first,
 * so a near class is found early and the bound is tight. Every class reached is measured by the same
 * {@link ClusterDistance} as the scan, and no class nearer than the result can be in a skipped branch, so the answer
 * is the exhaustive scan's.
 */
final class TrieNearest implements NearestClusters {
    private final LiveClusters live;
    private final ClusterDistance distance;
    private final GroupedTable table;
    private final int qis;
    private final Map<List<Integer>, Trie> tries = new HashMap<>();
    private long nodesVisited;

    private static final class Node {
        /** Codes of this edge's label at levels b_q .. top of its QI (the path to the root of the hierarchy). */
        final int[] up;
        /** Children by their label at the trie's level b of the next QI. */
        final Map<Integer, Node> children = new HashMap<>();
        /** Children by their ancestor at level b + 1 + i of the next QI, so a search reaches the children that meet it at a level directly. */
        final List<Map<Integer, List<Node>>> byAncestor = new ArrayList<>();
        final List<Cluster> classes = new ArrayList<>(1);

        Node(int[] up) {
            this.up = up;
        }

        void addChild(int code, Node child) {
            children.put(code, child);
            for (int i = 1; i < child.up.length; i++) {
                if (byAncestor.size() < i) {
                    byAncestor.add(new HashMap<>());
                }
                byAncestor.get(i - 1).computeIfAbsent(child.up[i], x -> new ArrayList<>(2)).add(child);
            }
        }

        void removeChild(int code) {
            Node child = children.remove(code);
            for (int i = 1; i < child.up.length; i++) {
                Map<Integer, List<Node>> level = byAncestor.get(i - 1);
                List<Node> list = level.get(child.up[i]);
                list.remove(child);
                if (list.isEmpty()) {
                    level.remove(child.up[i]);
                }
            }
        }

        boolean isEmpty() {
            return children.isEmpty() && classes.isEmpty();
        }
    }

    private static final class Trie {
        final int[] levels;
        final Node root = new Node(new int[0]);
        int size;

        Trie(int[] levels) {
            this.levels = levels;
        }
    }

    TrieNearest(LiveClusters live, ClusterDistance distance, GroupedTable table) {
        this.live = live;
        this.distance = distance;
        this.table = table;
        this.qis = table.qiCount();
    }

    int trieCount() {
        return tries.size();
    }

    long nodesVisited() {
        return nodesVisited;
    }

    @Override
    public void added(Cluster c) {
        Trie trie = tries.computeIfAbsent(key(c.levels), x -> new Trie(c.levels.clone()));
        Node node = trie.root;
        for (int q = 0; q < qis; q++) {
            int b = c.levels[q];
            int code = table.labelCode(q, c.representative, b);
            Node child = node.children.get(code);
            if (child == null) {
                int[] up = new int[table.height(q) + 1 - b];
                for (int l = b; l <= table.height(q); l++) {
                    up[l - b] = table.labelCode(q, c.representative, l);
                }
                child = new Node(up);
                node.addChild(code, child);
            }
            node = child;
        }
        node.classes.add(c);
        trie.size++;
    }

    @Override
    public void removed(Cluster c) {
        List<Integer> key = key(c.levels);
        Trie trie = tries.get(key);
        Node[] path = new Node[qis + 1];
        path[0] = trie.root;
        for (int q = 0; q < qis; q++) {
            path[q + 1] = path[q].children.get(table.labelCode(q, c.representative, c.levels[q]));
        }
        if (!path[qis].classes.remove(c)) {
            throw new IllegalStateException(c + " is not in its trie");
        }
        for (int q = qis - 1; q >= 0 && path[q + 1].isEmpty(); q--) {
            path[q].removeChild(table.labelCode(q, c.representative, c.levels[q]));
        }
        if (--trie.size == 0) {
            tries.remove(key);
        }
    }

    @Override
    public List<Candidate> nearest(Cluster small) {
        Search s = new Search(small);
        List<Trie> order = new ArrayList<>(tries.values());
        double[] entry = new double[order.size()];
        Integer[] byEntry = new Integer[order.size()];
        for (int i = 0; i < order.size(); i++) {
            entry[i] = s.trieBound(order.get(i).levels);
            byEntry[i] = i;
        }
        Arrays.sort(byEntry, (x, y) -> Double.compare(entry[x], entry[y]));
        for (int i : byEntry) {
            if (entry[i] > s.bound) {
                break;
            }
            Trie t = order.get(i);
            s.walk(t, t.root, 0, 0.0);
        }
        nodesVisited += s.visited;
        return ExhaustiveNearest.finish(s.ties);
    }

    private static List<Integer> key(int[] levels) {
        List<Integer> key = new ArrayList<>(levels.length);
        for (int l : levels) {
            key.add(l);
        }
        return key;
    }

    /** One search: the small class, its codes, the best distance so far and the candidates within the tolerance. */
    private final class Search {
        final Cluster small;
        final int[] smallCodes;
        final long n;
        final int[] meet = new int[qis];
        final List<Candidate> ties = new ArrayList<>();
        double best = Double.POSITIVE_INFINITY;
        double bound = Double.POSITIVE_INFINITY;
        long visited;

        Search(Cluster small) {
            this.small = small;
            this.smallCodes = live.codesOf(small);
            this.n = small.size();
        }

        /** The least any class of a trie at these levels can cost: both sides lifted to the higher level per QI. */
        double trieBound(int[] b) {
            double sum = 0;
            for (int q = 0; q < qis; q++) {
                int m = Math.max(small.levels[q], b[q]);
                sum += step(q, m, b[q]);
            }
            return sum;
        }

        /** What QI q adds at meeting level m for a class at level b, with one merged row (the least possible). */
        double step(int q, int m, int b) {
            return n * (distance.cumulative(q, m) - distance.cumulative(q, small.levels[q]))
                    + (distance.cumulative(q, m) - distance.cumulative(q, b));
        }

        void walk(Trie trie, Node node, int q, double partial) {
            visited++;
            if (q == qis) {
                for (Cluster other : node.classes) {
                    if (other != small) {
                        measure(other);
                    }
                }
                return;
            }
            int b = trie.levels[q];
            int off = live.offset(q);
            int top = table.height(q);
            int start = Math.max(small.levels[q], b);
            for (int l = start; l <= top; l++) {
                double cost = partial + step(q, l, b);
                if (cost > bound) {
                    return;
                }
                if (l == b) {
                    Node own = node.children.get(smallCodes[off + b]);
                    if (own != null) {
                        walk(trie, own, q + 1, cost);
                    }
                    continue;
                }
                List<Node> meeting = node.byAncestor.isEmpty() ? null : node.byAncestor.get(l - b - 1).get(smallCodes[off + l]);
                if (meeting == null) {
                    continue;
                }
                for (Node child : meeting) {
                    // children that agree one level lower met the small class there and were walked already
                    if (l > start && child.up[l - 1 - b] == smallCodes[off + l - 1]) {
                        continue;
                    }
                    if (cost <= bound) {
                        walk(trie, child, q + 1, cost);
                    }
                }
            }
        }

        private void measure(Cluster other) {
            double d = distance.distance(small, smallCodes, live, live.positionOf(other), meet, bound);
            if (d > bound || Double.isInfinite(d)) {
                return;
            }
            if (d < best) {
                best = d;
                bound = best + TIE * Math.max(1.0, best);
            }
            ties.add(new Candidate(other, meet.clone(), d));
        }
    }
}
