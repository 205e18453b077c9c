package org.kanon.approximation.forest;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Algorithm DECOMPOSE-COMPONENT (section 4.2): splits every tree of the forest with more than
 * {@code max(2k - 1, 3k - 5)} vertices into parts of at least k, never using an edge twice, so the weight of the
 * parts is at most the forest's. A Steiner vertex (a copy of a vertex that keeps some of its edges, the paper's
 * v' and u') connects a part without counting toward its size.
 *
 * <p>The paper leaves Steiner vertices in parts that may be split again, and a tree whose Steiner centre has only
 * branches of fewer than k vertices may admit no split at all (three branches of 2 at k = 3). So a case is taken as
 * printed when the part that gets the Steiner vertex is final (at most the limit); otherwise the split is refined:
 * in case B every child subtree of v with at least k vertices is cut off first; in cases C and D, and in B after
 * that, the branches around the candidate (all smaller than k) are carved into final parts by subset sums, each
 * joined by its own Steiner copy. Steiner vertices thus only ever sit in final parts. A tree no carving could divide
 * would be kept whole and counted in {@link #oversized()}; the tests draw thousands of trees and assert it never
 * happens.
 */
final class Decomposition {
    private final int k;
    private final int limit;
    private final int rows;
    private int vertices;
    private boolean[] real;
    private int[][] adj;
    private double[][] weights;
    private int[] degree;
    private final List<int[]> parts = new ArrayList<>();
    private int oversized;
    private long splits;
    private final long[] caseCounts = new long[5];

    // scratch of one piece, indexed by vertex
    private int[] parentOf;
    private int[] sub;
    private int[] mark;
    private int stamp;

    Decomposition(Forest forest, int k) {
        this.k = k;
        this.limit = Math.max(2 * k - 1, 3 * k - 5);
        this.rows = forest.out.length;
        int capacity = 2 * rows + 2;
        this.real = new boolean[capacity];
        this.adj = new int[capacity][];
        this.weights = new double[capacity][];
        this.degree = new int[capacity];
        this.parentOf = new int[capacity];
        this.sub = new int[capacity];
        this.mark = new int[capacity];
        Arrays.fill(real, 0, rows, true);
        for (int x = 0; x < capacity; x++) {
            adj[x] = new int[0];
            weights[x] = new double[0];
        }
        this.vertices = rows;
        for (int r = 0; r < rows; r++) {
            if (forest.out[r] >= 0) {
                addEdge(r, forest.out[r], forest.weight[r]);
            }
        }
    }

    /** The parts (rows) of every tree of the forest. */
    List<int[]> run(Forest forest) {
        Deque<Integer> pending = new ArrayDeque<>();
        for (int r = 0; r < rows; r++) {
            if (forest.out[r] < 0) {
                pending.push(r);
            }
        }
        while (!pending.isEmpty()) {
            process(pending.pop(), pending);
        }
        return parts;
    }

    int limit() {
        return limit;
    }

    int oversized() {
        return oversized;
    }

    long splits() {
        return splits;
    }

    /** How often each case A, B, C, D as printed, and a refined split, ended a walk. */
    long[] caseCounts() {
        return caseCounts.clone();
    }

    private void process(int start, Deque<Integer> pending) {
        int[] order = root(start);
        int s = sub[start];
        if (s <= limit) {
            emit(order);
            return;
        }
        int u = -1;
        for (int x : order) {
            if (real[x]) {
                u = x;
                break;
            }
        }
        int v;
        int phi;
        while (true) {
            v = -1;
            phi = -1;
            for (int i = 0; i < degree[u]; i++) {
                int y = adj[u][i];
                int side = side(u, y, s);
                if (side > phi) {
                    phi = side;
                    v = y;
                }
            }
            if (s - phi >= k - 1) {
                break;
            }
            u = v;
        }
        splits++;
        if (phi >= k && s - phi >= k) {                        // A: the largest subtree and the rest
            caseCounts[0]++;
            removeEdge(u, v);
            pending.push(u);
            pending.push(v);
        } else if (s - phi == k - 1) {                          // B: v's children (joined by a Steiner v') and the rest with v
            if (phi - 1 <= limit) {
                caseCounts[1]++;
                int from = u;
                pending.push(steinerCopy(v, y -> y != from));
                pending.push(u);
            } else {
                caseCounts[4]++;
                refineB(u, v, s, pending);
            }
        } else if (phi == k - 1 && s - k <= limit) {            // C: v's subtree with u, and the rest joined by a Steiner u'
            caseCounts[2]++;
            int keep = v;
            pending.push(steinerCopy(u, y -> y != keep));
            pending.push(u);
        } else if (phi <= k - 2 && caseD(u, s, pending)) {      // D: subtrees of u added to a first part until it has k - 1
            caseCounts[3]++;
        } else {
            caseCounts[4]++;
            carve(u, pending);
        }
    }

    /** The paper's case D, unless the part given the Steiner u' would still need splitting (then false, nothing done). */
    private boolean caseD(int u, int s, Deque<Integer> pending) {
        int d = degree[u];
        int[] branches = Arrays.copyOf(adj[u], d);
        boolean[] first = new boolean[d];
        int size = 0;
        for (int i = 0; i < d && size < k - 1; i++) {
            first[i] = true;
            size += side(u, branches[i], s);
        }
        int second = s - 1 - size;
        // u joins the part of size k - 1 if there is one, else the first; the other part gets the Steiner u'
        boolean uJoinsFirst = second != k - 1;
        int steinerSide = uJoinsFirst ? second : size;
        if (steinerSide > limit) {
            return false;
        }
        Set<Integer> moving = new HashSet<>();
        for (int i = 0; i < d; i++) {
            if (uJoinsFirst != first[i]) {
                moving.add(branches[i]);
            }
        }
        pending.push(steinerCopy(u, moving::contains));
        pending.push(u);
        return true;
    }

    /**
     * Case B when the part of v's children would still need splitting: a Steiner vertex must not be left in a
     * tree that is split again (a Steiner centre whose branches all hold fewer than k vertices may admit no split:
     * three branches of 2 at k = 3), so every child subtree of v holding at least k vertices is cut off on its own
     * (the rest keeps u's side, k - 1 vertices, and v), and what remains around v is carved.
     */
    private void refineB(int u, int v, int s, Deque<Integer> pending) {
        int[] neighbours = Arrays.copyOf(adj[v], degree[v]);
        boolean cut = false;
        for (int y : neighbours) {
            if (y != u && side(v, y, s) >= k) {
                removeEdge(v, y);
                pending.push(y);
                cut = true;
            }
        }
        if (cut) {
            pending.push(v);
        } else {
            carve(v, pending);
        }
    }

    /**
     * Around a vertex x whose branches all hold fewer than k vertices: while more than the size limit remains,
     * branches adding up to between k and the limit (and leaving at least k) are handed to a Steiner copy of x and
     * become a final part; x and the branches left form the last one. Steiner vertices so end up only in final
     * parts, never in a tree that is split again.
     */
    private void carve(int x, Deque<Integer> pending) {
        root(x);
        int remaining = sub[x];
        while (remaining > limit) {
            int d = degree[x];
            int[] neighbours = Arrays.copyOf(adj[x], d);
            int[] sizes = new int[d];
            for (int i = 0; i < d; i++) {
                sizes[i] = sub[neighbours[i]];
            }
            int[] chosen = subsetWithSumBetween(sizes, k, Math.min(limit, remaining - k));
            if (chosen == null) {
                splits--;
                oversized++;
                emit(root(x));
                return;
            }
            Set<Integer> moving = new HashSet<>();
            int carved = 0;
            for (int i : chosen) {
                moving.add(neighbours[i]);
                carved += sizes[i];
            }
            emitPiece(steinerCopy(x, moving::contains));
            remaining -= carved;
        }
        pending.push(x);
    }

    /** Emits the real vertices of the piece holding x, leaving the sizes of the current rooting alone. */
    private void emitPiece(int x) {
        stamp++;
        int[] stack = new int[16];
        int top = 0;
        stack[top++] = x;
        mark[x] = stamp;
        List<Integer> found = new ArrayList<>();
        while (top > 0) {
            int y = stack[--top];
            if (real[y]) {
                found.add(y);
            }
            for (int j = 0; j < degree[y]; j++) {
                int z = adj[y][j];
                if (mark[z] != stamp) {
                    mark[z] = stamp;
                    if (top == stack.length) {
                        stack = Arrays.copyOf(stack, top * 2);
                    }
                    stack[top++] = z;
                }
            }
        }
        parts.add(found.stream().mapToInt(Integer::intValue).sorted().toArray());
    }

    /** Indexes of items whose sizes add up to a value in [low, high], or null when no subset does. */
    static int[] subsetWithSumBetween(int[] sizes, int low, int high) {
        if (low > high) {
            return null;
        }
        int d = sizes.length;
        // reach[i][t]: some subset of the first i items sums to t (sums capped at high)
        boolean[][] reach = new boolean[d + 1][high + 1];
        reach[0][0] = true;
        for (int i = 0; i < d; i++) {
            for (int t = 0; t <= high; t++) {
                if (reach[i][t]) {
                    reach[i + 1][t] = true;
                    if (t + sizes[i] <= high) {
                        reach[i + 1][t + sizes[i]] = true;
                    }
                }
            }
        }
        for (int t = low; t <= high; t++) {
            if (reach[d][t]) {
                List<Integer> chosen = new ArrayList<>();
                int rest = t;
                for (int i = d; i > 0; i--) {
                    if (!reach[i - 1][rest]) {
                        chosen.add(i - 1);
                        rest -= sizes[i - 1];
                    }
                }
                return chosen.stream().mapToInt(Integer::intValue).toArray();
            }
        }
        return null;
    }

    /** Real vertices on y's side of the edge x-y, from the sizes of the rooting done by {@link #root}. */
    private int side(int x, int y, int s) {
        return parentOf[x] == y ? s - sub[x] : sub[y];
    }

    /** BFS from start over its piece: parentOf and sub (real vertices below, itself included); returns the order. */
    private int[] root(int start) {
        stamp++;
        int[] order = new int[16];
        int count = 0;
        order[count++] = start;
        parentOf[start] = -1;
        mark[start] = stamp;
        for (int i = 0; i < count; i++) {
            int x = order[i];
            for (int j = 0; j < degree[x]; j++) {
                int y = adj[x][j];
                if (mark[y] != stamp) {
                    mark[y] = stamp;
                    parentOf[y] = x;
                    if (count == order.length) {
                        order = Arrays.copyOf(order, count * 2);
                    }
                    order[count++] = y;
                }
            }
        }
        order = Arrays.copyOf(order, count);
        for (int i = count - 1; i >= 0; i--) {
            int x = order[i];
            sub[x] = real[x] ? 1 : 0;
        }
        for (int i = count - 1; i > 0; i--) {
            int x = order[i];
            sub[parentOf[x]] += sub[x];
        }
        return order;
    }

    private void emit(int[] order) {
        int n = 0;
        for (int x : order) {
            if (real[x]) {
                n++;
            }
        }
        int[] part = new int[n];
        int i = 0;
        for (int x : order) {
            if (real[x]) {
                part[i++] = x;
            }
        }
        Arrays.sort(part);
        parts.add(part);
    }

    /** A new Steiner vertex taking over x's edges to the neighbours {@code moves} accepts. */
    private int steinerCopy(int x, java.util.function.IntPredicate moves) {
        int copy = vertices++;
        if (copy >= real.length) {
            int capacity = real.length * 2;
            real = Arrays.copyOf(real, capacity);
            adj = Arrays.copyOf(adj, capacity);
            weights = Arrays.copyOf(weights, capacity);
            degree = Arrays.copyOf(degree, capacity);
            parentOf = Arrays.copyOf(parentOf, capacity);
            sub = Arrays.copyOf(sub, capacity);
            mark = Arrays.copyOf(mark, capacity);
        }
        adj[copy] = new int[0];
        weights[copy] = new double[0];
        int[] neighbours = Arrays.copyOf(adj[x], degree[x]);
        double[] w = Arrays.copyOf(weights[x], degree[x]);
        for (int i = 0; i < neighbours.length; i++) {
            if (moves.test(neighbours[i])) {
                removeEdge(x, neighbours[i]);
                addEdge(copy, neighbours[i], w[i]);
            }
        }
        return copy;
    }

    private void addEdge(int a, int b, double w) {
        append(a, b, w);
        append(b, a, w);
    }

    private void append(int a, int b, double w) {
        if (degree[a] == adj[a].length) {
            adj[a] = Arrays.copyOf(adj[a], Math.max(2, degree[a] * 2));
            weights[a] = Arrays.copyOf(weights[a], adj[a].length);
        }
        adj[a][degree[a]] = b;
        weights[a][degree[a]] = w;
        degree[a]++;
    }

    private void removeEdge(int a, int b) {
        drop(a, b);
        drop(b, a);
    }

    private void drop(int a, int b) {
        for (int i = 0; i < degree[a]; i++) {
            if (adj[a][i] == b) {
                int last = --degree[a];
                adj[a][i] = adj[a][last];
                weights[a][i] = weights[a][last];
                return;
            }
        }
        throw new IllegalStateException("no edge " + a + "-" + b);
    }

    /** The weight of every edge still in the graph: the parts' trees, at most the forest's weight. */
    double weight() {
        double w = 0;
        for (int x = 0; x < vertices; x++) {
            for (int i = 0; i < degree[x]; i++) {
                w += weights[x][i];
            }
        }
        return w / 2;
    }
}
