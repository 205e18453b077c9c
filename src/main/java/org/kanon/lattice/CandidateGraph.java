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
    /** Built on first use: Incognito in memory walks nodes by number and by key only, and never needs it. */
    private volatile Map<Node, Integer> ids;
    /** parent1 and parent2 by node number; null in C_1. */
    private final Node[] firstParents;
    private final Node[] secondParents;
    /** Null when the lattice's nodes do not fit in a long (then graph generation looks nodes up by {@link #ids}). */
    private final NodeKeys keys;
    /** Each node's key by number (see {@link NodeKeys}), when {@link #keys} is not null. */
    private final long[] nodeKeys;
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
        this(nodes, parentsOf(nodes, parents, 0), parentsOf(nodes, parents, 1), keys, keysOf(nodes, keys));
    }

    /**
     * A graph of {@code nodes} with parent1 and parent2 of each by number (both null in C_1) and, when {@code keys}
     * is given, each node's key by number.
     */
    CandidateGraph(List<Node> nodes, Node[] firstParents, Node[] secondParents, NodeKeys keys, long[] nodeKeys) {
        this.nodes = List.copyOf(nodes);
        this.firstParents = firstParents;
        this.secondParents = secondParents;
        this.keys = keys;
        this.nodeKeys = nodeKeys;
        this.keyIds = keys == null ? null : new LongIntMap(nodes.size());
        if (keys != null) {
            for (int id = 0; id < nodeKeys.length; id++) {
                keyIds.put(nodeKeys[id], id);
            }
        }
        successors = new int[nodes.size()][];
        predecessors = new int[nodes.size()][];
        successorCount = new int[nodes.size()];
        predecessorCount = new int[nodes.size()];
        Arrays.fill(successors, NONE);
        Arrays.fill(predecessors, NONE);
    }

    private static Node[] parentsOf(List<Node> nodes, Map<Node, Node[]> parents, int which) {
        if (parents.isEmpty()) {
            return null;
        }
        Node[] result = new Node[nodes.size()];
        for (int id = 0; id < result.length; id++) {
            Node[] pair = parents.get(nodes.get(id));
            result[id] = pair == null ? null : pair[which];
        }
        return result;
    }

    private static long[] keysOf(List<Node> nodes, NodeKeys keys) {
        if (keys == null) {
            return null;
        }
        long[] result = new long[nodes.size()];
        for (int id = 0; id < result.length; id++) {
            result[id] = keys.key(nodes.get(id));
        }
        return result;
    }

    /** Node numbers by node, built once, on first use. */
    private Map<Node, Integer> ids() {
        Map<Node, Integer> map = ids;
        if (map == null) {
            synchronized (this) {
                map = ids;
                if (map == null) {
                    map = new HashMap<>(nodes.size() * 2);
                    for (Node n : nodes) {
                        map.put(n, map.size());
                    }
                    ids = map;
                }
            }
        }
        return map;
    }

    /**
     * Sets all edges at once, {@code successors[id]} holding the numbers of node id's direct generalizations (the
     * arrays are kept). For a graph without edges yet.
     */
    void setEdges(int[][] successors) {
        if (edges != 0 || successors.length != nodes.size()) {
            throw new IllegalStateException("edges already set, or not one list per node");
        }
        int[] incoming = new int[successors.length];
        for (int[] out : successors) {
            for (int to : out) {
                incoming[to]++;
            }
            edges += out.length;
        }
        for (int id = 0; id < successors.length; id++) {
            this.successors[id] = successors[id];
            successorCount[id] = successors[id].length;
            predecessors[id] = incoming[id] == 0 ? NONE : new int[incoming[id]];
        }
        for (int from = 0; from < successors.length; from++) {
            for (int to : successors[from]) {
                predecessors[to][predecessorCount[to]++] = from;
            }
        }
    }

    void addEdge(Node from, Node to) {
        addEdge(ids().get(from), ids().get(to));
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
        Integer id = ids().get(n);
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

    /** The key of node {@code id} (see {@link #keys()}; only when they are not null). */
    long key(int id) {
        return nodeKeys[id];
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
        return nodesOf(successors, successorCount, ids().get(n));
    }

    public List<Node> predecessors(Node n) {
        return nodesOf(predecessors, predecessorCount, ids().get(n));
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
        return ids().containsKey(n);
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
        Integer id = firstParents == null ? null : ids().get(n);
        return id == null || firstParents[id] == null ? null : new Node[] {firstParents[id], secondParents[id]};
    }
}
