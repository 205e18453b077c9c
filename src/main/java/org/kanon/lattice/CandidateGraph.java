package org.kanon.lattice;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The candidate graph (C_i, E_i) of one Incognito iteration (section 3.1, Figure 6): nodes over QI subsets of
 * size i, edges from a node to its direct generalizations, and for i > 1 the two nodes of C_{i-1} each node was
 * joined from (the paper's parent1 and parent2 columns).
 *
 * <p>Nodes are also numbered 0..size-1 (their position in {@link #nodes()}) and edges kept as arrays of those
 * numbers: the searches walk tens of thousands of nodes per iteration, and hashing nodes at every step was a
 * quarter of an in-memory search.
 */
public final class CandidateGraph {
    private static final int[] NONE = new int[0];
    private final List<Node> nodes;
    private final Map<Node, Integer> ids;
    private final Map<Node, Node[]> parents;
    /** Null when the lattice's nodes do not fit in a long (then graph generation looks nodes up by {@link #ids}). */
    private final NodeKeys keys;
    private final LongIntMap keyIds;
    private int[][] successors;
    private int[] successorCount;
    private int[][] predecessors;
    private int[] predecessorCount;
    private int edges;

    CandidateGraph(List<Node> nodes, Map<Node, Node[]> parents) {
        this(nodes, parents, null);
    }

    CandidateGraph(List<Node> nodes, Map<Node, Node[]> parents, NodeKeys keys) {
        this.nodes = List.copyOf(nodes);
        this.parents = parents;
        this.ids = new HashMap<>(nodes.size() * 2);
        for (Node n : this.nodes) {
            ids.put(n, ids.size());
        }
        this.keys = keys;
        this.keyIds = keys == null ? null : new LongIntMap(nodes.size());
        if (keys != null) {
            for (int id = 0; id < this.nodes.size(); id++) {
                keyIds.put(keys.key(this.nodes.get(id)), id);
            }
        }
        successors = new int[nodes.size()][];
        predecessors = new int[nodes.size()][];
        successorCount = new int[nodes.size()];
        predecessorCount = new int[nodes.size()];
        Arrays.fill(successors, NONE);
        Arrays.fill(predecessors, NONE);
    }

    void addEdge(Node from, Node to) {
        addEdge(ids.get(from), ids.get(to));
    }

    void addEdge(int from, int to) {
        append(successors, successorCount, from, to);
        append(predecessors, predecessorCount, to, from);
        edges++;
    }

    private static void append(int[][] lists, int[] counts, int at, int value) {
        int[] list = lists[at];
        if (counts[at] == list.length) {
            list = Arrays.copyOf(list, Math.max(4, list.length * 2));
            lists[at] = list;
        }
        list[counts[at]++] = value;
    }

    /** C_1: each attribute alone, its levels chained 0 -> 1 -> .. -> height. */
    public static CandidateGraph firstIteration(int[] heights) {
        List<Node> nodes = new ArrayList<>();
        for (int a = 0; a < heights.length; a++) {
            for (int l = 0; l <= heights[a]; l++) {
                nodes.add(new Node(new int[] {a}, new int[] {l}));
            }
        }
        CandidateGraph g = new CandidateGraph(nodes, new LinkedHashMap<>(), NodeKeys.of(heights));
        for (int id = 0; id < nodes.size(); id++) {
            Node n = nodes.get(id);
            if (n.level(0) < heights[n.attribute(0)]) {
                g.addEdge(id, id + 1);
            }
        }
        return g;
    }

    public List<Node> nodes() {
        return nodes;
    }

    public int size() {
        return nodes.size();
    }

    public boolean isEmpty() {
        return nodes.isEmpty();
    }

    public int edgeCount() {
        return edges;
    }

    /** The number of {@code n} (its position in {@link #nodes()}), or -1 when it is not in the graph. */
    public int id(Node n) {
        Integer id = ids.get(n);
        return id == null ? -1 : id;
    }

    /** The lattice's node keys, or null when nodes do not fit in a long. */
    NodeKeys keys() {
        return keys;
    }

    /** The number of the node with this key (see {@link #keys()}), or -1 when it is not in the graph. */
    int id(long key) {
        return keyIds.get(key);
    }

    public Node node(int id) {
        return nodes.get(id);
    }

    public int successorCount(int id) {
        return successorCount[id];
    }

    /** The i-th direct generalization of node {@code id}, in the order the edges were added. */
    public int successor(int id, int i) {
        return successors[id][i];
    }

    public int predecessorCount(int id) {
        return predecessorCount[id];
    }

    public int predecessor(int id, int i) {
        return predecessors[id][i];
    }

    public List<Node> successors(Node n) {
        return nodesOf(successors, successorCount, ids.get(n));
    }

    public List<Node> predecessors(Node n) {
        return nodesOf(predecessors, predecessorCount, ids.get(n));
    }

    private List<Node> nodesOf(int[][] lists, int[] counts, int id) {
        int[] list = lists[id];
        int size = counts[id];
        return new AbstractList<>() {
            @Override
            public Node get(int i) {
                if (i >= size) {
                    throw new IndexOutOfBoundsException(i);
                }
                return nodes.get(list[i]);
            }

            @Override
            public int size() {
                return size;
            }
        };
    }

    public boolean contains(Node n) {
        return ids.containsKey(n);
    }

    /** Nodes without incoming edges: where the breadth-first search starts. */
    public List<Node> roots() {
        List<Node> roots = new ArrayList<>();
        for (int id = 0; id < nodes.size(); id++) {
            if (predecessorCount[id] == 0) {
                roots.add(nodes.get(id));
            }
        }
        return roots;
    }

    /** parent1 and parent2 of a node of C_i, i > 1 (null in C_1). */
    public Node[] parents(Node n) {
        return parents.get(n);
    }
}
