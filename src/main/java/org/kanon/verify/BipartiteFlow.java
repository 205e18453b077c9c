package org.kanon.verify;

import java.util.Arrays;

/**
 * A maximum pairing of rows between two sides whose rows come in bundles of identical ones: left node {@code l}
 * stands for {@code leftRows[l]} identical rows, right node {@code r} for {@code rightRows[r]}, and an edge lets any
 * row of {@code l} pair with any row of {@code r}. The largest number of disjoint row pairs is the maximum flow
 * S -> left -> right -> T with those capacities (a maximum-cardinality bipartite matching of the rows themselves,
 * as Hopcroft-Karp would find on the expanded graph, without expanding a class of n rows into n nodes). Dinic's
 * algorithm: a breadth-first level graph, then blocking paths found depth-first without recursion (augmenting paths
 * can run through every node of a large group).
 */
final class BipartiteFlow {
    private final int left;
    private final int nodes;
    private final int source;
    private final int sink;
    private final int[] head;
    private final int[] sourceEdge;
    private int[] next = new int[16];
    private int[] to = new int[16];
    private long[] cap = new long[16];
    private int edges;
    private final long[] leftRows;
    private final long[] rightRows;

    BipartiteFlow(long[] leftRows, long[] rightRows) {
        this.left = leftRows.length;
        this.leftRows = leftRows;
        this.rightRows = rightRows;
        this.nodes = left + rightRows.length + 2;
        this.source = nodes - 2;
        this.sink = nodes - 1;
        this.head = new int[nodes];
        Arrays.fill(head, -1);
        this.sourceEdge = new int[left];
        for (int l = 0; l < left; l++) {
            sourceEdge[l] = add(source, l, leftRows[l]);
        }
        for (int r = 0; r < rightRows.length; r++) {
            add(left + r, sink, rightRows[r]);
        }
    }

    /** Rows of left node l may pair with rows of right node r. */
    void allow(int l, int r) {
        add(l, left + r, Math.min(leftRows[l], rightRows[r]));
    }

    /** Runs the flow; returns, per left node, how many of its rows found a partner. */
    long[] solve() {
        int[] level = new int[nodes];
        int[] current = new int[nodes];
        int[] queue = new int[nodes];
        int[] path = new int[nodes];
        while (levels(level, queue)) {
            System.arraycopy(head, 0, current, 0, nodes);
            while (augment(level, current, path) > 0) {
                // keep pushing along the level graph until it is blocked
            }
        }
        long[] paired = new long[left];
        for (int l = 0; l < left; l++) {
            paired[l] = cap[sourceEdge[l] ^ 1];
        }
        return paired;
    }

    private boolean levels(int[] level, int[] queue) {
        Arrays.fill(level, -1);
        level[source] = 0;
        int first = 0;
        int last = 0;
        queue[last++] = source;
        while (first < last) {
            int v = queue[first++];
            for (int e = head[v]; e >= 0; e = next[e]) {
                if (cap[e] > 0 && level[to[e]] < 0) {
                    level[to[e]] = level[v] + 1;
                    queue[last++] = to[e];
                }
            }
        }
        return level[sink] >= 0;
    }

    /** One path from S to T in the level graph, pushed; 0 when none is left. */
    private long augment(int[] level, int[] current, int[] path) {
        int depth = 0;
        int v = source;
        while (true) {
            if (v == sink) {
                long push = Long.MAX_VALUE;
                for (int i = 0; i < depth; i++) {
                    push = Math.min(push, cap[path[i]]);
                }
                for (int i = 0; i < depth; i++) {
                    cap[path[i]] -= push;
                    cap[path[i] ^ 1] += push;
                }
                return push;
            }
            int e = current[v];
            while (e >= 0 && (cap[e] == 0 || level[to[e]] != level[v] + 1)) {
                e = next[e];
            }
            current[v] = e;
            if (e >= 0) {
                path[depth++] = e;
                v = to[e];
            } else {
                if (v == source) {
                    return 0;
                }
                level[v] = -1;                      // a dead end: no path through v in this phase
                int back = path[--depth];
                v = to[back ^ 1];
                current[v] = next[current[v]];
            }
        }
    }

    private int add(int from, int target, long capacity) {
        if (edges + 2 > to.length) {
            int size = to.length * 2;
            next = Arrays.copyOf(next, size);
            to = Arrays.copyOf(to, size);
            cap = Arrays.copyOf(cap, size);
        }
        int e = edges;
        to[e] = target;
        cap[e] = capacity;
        next[e] = head[from];
        head[from] = e;
        to[e + 1] = from;
        cap[e + 1] = 0;
        next[e + 1] = head[target];
        head[target] = e + 1;
        edges += 2;
        return e;
    }
}
