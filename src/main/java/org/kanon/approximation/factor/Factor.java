package org.kanon.approximation.factor;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.kanon.InvalidInputException;
import org.kanon.approximation.instance.Instance;

/**
 * A factor of the complete graph on some rows of an instance: its edges (pairs of instance rows) and its weight, the
 * sum of {@link Instance#distance} over the edges. Every row has degree 1 or 2 in it, so its components are paths and
 * cycles; {@link #components()} lists each with its rows in walking order.
 */
public record Factor(int[] rows, List<int[]> edges, double weight) {

    /** A path (ends have degree 1) or a cycle, rows in the order the walk visits them. */
    public record Component(int[] rows, boolean cycle) {
        public Component {
            rows = rows.clone();
        }

        @Override
        public int[] rows() {
            return rows.clone();
        }

        public int size() {
            return rows.length;
        }
    }

    public Factor {
        rows = rows.clone();
        edges = edges.stream().map(int[]::clone).toList();
    }

    @Override
    public int[] rows() {
        return rows.clone();
    }

    @Override
    public List<int[]> edges() {
        return edges.stream().map(int[]::clone).toList();
    }

    /** The degree of every row of {@link #rows()}, in that order. */
    public int[] degrees() {
        Map<Integer, Integer> index = indexOf(rows);
        int[] degree = new int[rows.length];
        for (int[] e : edges) {
            degree[index.get(e[0])]++;
            degree[index.get(e[1])]++;
        }
        return degree;
    }

    /** The paths and cycles of this factor: first the paths (walked from one end), then the cycles. */
    public List<Component> components() {
        Map<Integer, Integer> index = indexOf(rows);
        int n = rows.length;
        int[][] adjacent = new int[n][2];
        int[] degree = new int[n];
        for (int[] e : edges) {
            int a = index.get(e[0]);
            int b = index.get(e[1]);
            if (degree[a] == 2 || degree[b] == 2) {
                throw new IllegalStateException("a row has degree above 2 in the factor");
            }
            adjacent[a][degree[a]++] = b;
            adjacent[b][degree[b]++] = a;
        }
        boolean[] seen = new boolean[n];
        List<Component> out = new ArrayList<>();
        for (int start = 0; start < n; start++) {
            if (degree[start] == 0) {
                throw new IllegalStateException("row " + rows[start] + " has no edge in the factor");
            }
            if (!seen[start] && degree[start] == 1) {
                out.add(new Component(walk(start, adjacent, degree, seen), false));
            }
        }
        for (int start = 0; start < n; start++) {
            if (!seen[start]) {
                out.add(new Component(walk(start, adjacent, degree, seen), true));
            }
        }
        return out;
    }

    private int[] walk(int start, int[][] adjacent, int[] degree, boolean[] seen) {
        List<Integer> order = new ArrayList<>();
        int previous = -1;
        int current = start;
        while (current >= 0 && !seen[current]) {
            seen[current] = true;
            order.add(rows[current]);
            int next = -1;
            for (int i = 0; i < degree[current]; i++) {
                int candidate = adjacent[current][i];
                if (candidate != previous && !seen[candidate]) {
                    next = candidate;
                    break;
                }
            }
            previous = current;
            current = next;
        }
        return order.stream().mapToInt(Integer::intValue).toArray();
    }

    private static Map<Integer, Integer> indexOf(int[] rows) {
        Map<Integer, Integer> index = new HashMap<>();
        for (int i = 0; i < rows.length; i++) {
            index.put(rows[i], i);
        }
        return index;
    }

    /** Whether all these rows are of one group (identical): every factor of them weighs 0. */
    static boolean identical(Instance instance, int[] rows) {
        for (int r : rows) {
            if (instance.group(r) != instance.group(rows[0])) {
                return false;
            }
        }
        return true;
    }

    /** The local edges of the ring 0-1-..-(n-1)-0 (for n = 2 the single edge): of weight 0 on identical rows, optimal. */
    static int[][] ring(int n) {
        if (n == 2) {
            return new int[][] {{0, 1}};
        }
        int[][] edges = new int[n][];
        for (int i = 0; i + 1 < n; i++) {
            edges[i] = new int[] {i, i + 1};
        }
        edges[n - 1] = new int[] {0, n - 1};
        return edges;
    }

    /** The factor of these rows made of these local edges (indices into rows). */
    static Factor of(Instance instance, int[] rows, int[][] localEdges) {
        List<int[]> edges = new ArrayList<>(localEdges.length);
        double weight = 0;
        for (int[] e : localEdges) {
            int a = rows[e[0]];
            int b = rows[e[1]];
            edges.add(new int[] {a, b});
            weight += instance.distance(a, b);
        }
        return new Factor(rows, edges, weight);
    }

    static void refuseRowDeletion(Instance instance, String algorithm) {
        if (instance.cost().rowDeletion()) {
            throw new InvalidInputException("--algorithm " + algorithm + ": the factor algorithms of Aggarwal et al. have no row-deletion variant; "
                    + "drop row deletion or use another algorithm");
        }
    }

    /**
     * Refuses what these algorithms cannot do: row deletion (they have no variant with it), fewer rows than k, rows
     * out of range or listed twice.
     */
    static void requireInput(Instance instance, int[] rows, int k, String algorithm) {
        refuseRowDeletion(instance, algorithm);
        if (rows.length < k) {
            throw new InvalidInputException("--k: " + algorithm + " needs at least k = " + k + " rows, got " + rows.length);
        }
        boolean[] seen = new boolean[instance.size()];
        for (int r : rows) {
            if (r < 0 || r >= instance.size() || seen[r]) {
                throw new IllegalArgumentException("row " + r + " is out of range or listed twice");
            }
            seen[r] = true;
        }
    }
}
