package org.kanon.approximation.forest;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;
import org.kanon.approximation.instance.Instance;

/**
 * The nearest group to a given one among the groups a predicate admits, without measuring every pair: the groups
 * are filed in a trie with one level per QI, branching on the group's raw value. A search walks it branch and bound:
 * what a branch adds to the distance is known at the branch (the cost of the level at which the query's value and
 * the branch's value meet, from a per-QI table), children are entered cheapest first, and a branch whose partial
 * distance already reaches the best found is not entered. The QIs whose values cost most to merge come first, so
 * branches are cut near the root. The answer is the exhaustive scan's: the nearest admitted group, ties going to
 * the first in the trie's order (cheapest branches first, then smaller value index).
 */
final class NearestGroups {
    private final Instance instance;
    private final int m;
    /** Trie depth -> QI. */
    private final int[] order;
    /** valueOf[q][group]: dense index of the group's raw value of QI q. */
    private final int[][] valueOf;
    /** costs[q][a * count + b]: what QI q adds to the distance of two rows with values a and b. */
    private final double[][] costs;
    private final int[] valueCounts;
    private final Node root = new Node();
    private long nodesVisited;

    private static final class Node {
        int[] values = new int[0];
        Node[] children = new Node[0];
        int size;
        int group = -1;

        Node child(int value) {
            for (int i = 0; i < size; i++) {
                if (values[i] == value) {
                    return children[i];
                }
            }
            if (size == values.length) {
                values = Arrays.copyOf(values, Math.max(2, size * 2));
                children = Arrays.copyOf(children, values.length);
            }
            Node n = new Node();
            values[size] = value;
            children[size] = n;
            size++;
            return n;
        }
    }

    NearestGroups(Instance instance) {
        this.instance = instance;
        this.m = instance.qiCount();
        int groups = instance.groupCount();
        this.valueOf = new int[m][groups];
        this.valueCounts = new int[m];
        this.costs = new double[m][];
        int[] representative = new int[groups];
        for (int g = 0; g < groups; g++) {
            representative[g] = instance.firstRow(g);
        }
        double[] spread = new double[m];
        for (int q = 0; q < m; q++) {
            Map<Integer, Integer> dense = new HashMap<>();
            List<Integer> rowOfValue = new ArrayList<>();
            for (int g = 0; g < groups; g++) {
                int code = instance.code(q, representative[g], 0);
                Integer v = dense.get(code);
                if (v == null) {
                    v = dense.size();
                    dense.put(code, v);
                    rowOfValue.add(representative[g]);
                }
                valueOf[q][g] = v;
            }
            int count = dense.size();
            valueCounts[q] = count;
            double[] c = new double[count * count];
            double sum = 0;
            for (int a = 0; a < count; a++) {
                for (int b = 0; b < count; b++) {
                    c[a * count + b] = instance.cost().cellCost(q, instance.agreeLevel(q, rowOfValue.get(a), rowOfValue.get(b)), instance.height(q));
                    sum += c[a * count + b];
                }
            }
            costs[q] = c;
            spread[q] = count == 0 ? 0 : sum / count;
        }
        Integer[] byCost = new Integer[m];
        for (int q = 0; q < m; q++) {
            byCost[q] = q;
        }
        Arrays.sort(byCost, (a, b) -> Double.compare(spread[b], spread[a]));
        this.order = Arrays.stream(byCost).mapToInt(Integer::intValue).toArray();
        for (int g = 0; g < groups; g++) {
            Node n = root;
            for (int d = 0; d < m; d++) {
                n = n.child(valueOf[order[d]][g]);
            }
            n.group = g;
        }
    }

    /** The admitted group nearest to {@code query}, or -1 when none is admitted. */
    int nearest(int query, IntPredicate admitted) {
        Search s = new Search(query, admitted);
        s.walk(root, 0, 0);
        return s.best;
    }

    /**
     * The distance from a row of group {@code query} to its {@code needed}-th nearest other row (rows of its own
     * group count, at distance 0); +infinity when the table has fewer other rows.
     */
    double radius(int query, long needed, long[] rowsOfGroup) {
        Radius r = new Radius(query, needed, rowsOfGroup);
        r.walk(root, 0, 0);
        return r.bound();
    }

    /** Every admitted group within {@code radius} of {@code query} (with a tolerance for rounding), to the consumer. */
    void within(int query, double radius, IntPredicate admitted, java.util.function.IntConsumer found) {
        walkWithin(root, 0, 0, query, radius + 1e-9, admitted, found);
    }

    private void walkWithin(Node node, int depth, double partial, int query, double limit, IntPredicate admitted,
                            java.util.function.IntConsumer found) {
        nodesVisited++;
        if (depth == m) {
            if (node.group >= 0 && admitted.test(node.group)) {
                found.accept(node.group);
            }
            return;
        }
        int q = order[depth];
        double[] c = costs[q];
        int base = valueOf[q][query] * valueCounts[q];
        for (int i = 0; i < node.size; i++) {
            double p = partial + c[base + node.values[i]];
            if (p <= limit) {
                walkWithin(node.children[i], depth + 1, p, query, limit, admitted, found);
            }
        }
    }

    /** Branch and bound for the distance of the needed-th nearest row: distances kept with their row counts. */
    private final class Radius {
        final int query;
        final long needed;
        final long[] rowsOfGroup;
        final java.util.TreeMap<Double, Long> nearest = new java.util.TreeMap<>();
        long held;

        Radius(int query, long needed, long[] rowsOfGroup) {
            this.query = query;
            this.needed = needed;
            this.rowsOfGroup = rowsOfGroup;
        }

        double bound() {
            return held >= needed ? nearest.lastKey() : Double.POSITIVE_INFINITY;
        }

        void add(double distance, long rows) {
            nearest.merge(distance, rows, Long::sum);
            held += rows;
            // drop the farthest distances no longer needed to reach the count
            while (true) {
                Double last = nearest.lastKey();
                long lastRows = nearest.get(last);
                if (held - lastRows >= needed) {
                    nearest.remove(last);
                    held -= lastRows;
                } else {
                    break;
                }
            }
        }

        void walk(Node node, int depth, double partial) {
            nodesVisited++;
            if (depth == m) {
                long rows = rowsOfGroup[node.group] - (node.group == query ? 1 : 0);
                if (rows > 0) {
                    add(partial, rows);
                }
                return;
            }
            int q = order[depth];
            double[] c = costs[q];
            int base = valueOf[q][query] * valueCounts[q];
            for (int i = 0; i < node.size; i++) {
                double p = partial + c[base + node.values[i]];
                if (p <= bound()) {
                    walk(node.children[i], depth + 1, p);
                }
            }
        }
    }

    /** The distance {@link #nearest} measures, the instance's group distance. */
    double distance(int a, int b) {
        return instance.groupDistance(a, b);
    }

    long nodesVisited() {
        return nodesVisited;
    }

    private final class Search {
        final int query;
        final IntPredicate admitted;
        int best = -1;
        double bestDistance = Double.POSITIVE_INFINITY;

        Search(int query, IntPredicate admitted) {
            this.query = query;
            this.admitted = admitted;
        }

        void walk(Node node, int depth, double partial) {
            nodesVisited++;
            if (depth == m) {
                if (node.group >= 0 && admitted.test(node.group) && partial < bestDistance) {
                    best = node.group;
                    bestDistance = partial;
                }
                return;
            }
            int q = order[depth];
            int count = valueCounts[q];
            double[] c = costs[q];
            int base = valueOf[q][query] * count;
            int size = node.size;
            if (size == 1) {
                double p = partial + c[base + node.values[0]];
                if (p < bestDistance) {
                    walk(node.children[0], depth + 1, p);
                }
                return;
            }
            // cheapest children first: sort child indexes by the cost their value adds
            Integer[] idx = new Integer[size];
            for (int i = 0; i < size; i++) {
                idx[i] = i;
            }
            Arrays.sort(idx, (a, b) -> {
                int cmp = Double.compare(c[base + node.values[a]], c[base + node.values[b]]);
                return cmp != 0 ? cmp : Integer.compare(node.values[a], node.values[b]);
            });
            for (int i : idx) {
                double p = partial + c[base + node.values[i]];
                if (p >= bestDistance) {
                    break;
                }
                walk(node.children[i], depth + 1, p);
            }
        }
    }
}
