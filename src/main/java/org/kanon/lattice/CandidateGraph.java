package org.kanon.lattice;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The candidate graph (C_i, E_i) of one Incognito iteration (section 3.1, Figure 6): nodes over QI subsets of
 * size i, edges from a node to its direct generalizations, and for i > 1 the two nodes of C_{i-1} each node was
 * joined from (the paper's parent1 and parent2 columns).
 */
public final class CandidateGraph {
    private final List<Node> nodes;
    private final Map<Node, List<Node>> successors = new HashMap<>();
    private final Map<Node, List<Node>> predecessors = new HashMap<>();
    private final Map<Node, Node[]> parents;
    private int edges;

    CandidateGraph(List<Node> nodes, Map<Node, Node[]> parents) {
        this.nodes = List.copyOf(nodes);
        this.parents = parents;
        for (Node n : nodes) {
            successors.put(n, new ArrayList<>());
            predecessors.put(n, new ArrayList<>());
        }
    }

    void addEdge(Node from, Node to) {
        successors.get(from).add(to);
        predecessors.get(to).add(from);
        edges++;
    }

    /** C_1: each attribute alone, its levels chained 0 -> 1 -> .. -> height. */
    public static CandidateGraph firstIteration(int[] heights) {
        List<Node> nodes = new ArrayList<>();
        for (int a = 0; a < heights.length; a++) {
            for (int l = 0; l <= heights[a]; l++) {
                nodes.add(new Node(new int[] {a}, new int[] {l}));
            }
        }
        CandidateGraph g = new CandidateGraph(nodes, new LinkedHashMap<>());
        for (Node n : nodes) {
            if (n.level(0) < heights[n.attribute(0)]) {
                g.addEdge(n, new Node(new int[] {n.attribute(0)}, new int[] {n.level(0) + 1}));
            }
        }
        return g;
    }

    public List<Node> nodes() {
        return nodes;
    }

    public boolean isEmpty() {
        return nodes.isEmpty();
    }

    public int edgeCount() {
        return edges;
    }

    public List<Node> successors(Node n) {
        return Collections.unmodifiableList(successors.get(n));
    }

    public List<Node> predecessors(Node n) {
        return Collections.unmodifiableList(predecessors.get(n));
    }

    public boolean contains(Node n) {
        return successors.containsKey(n);
    }

    /** Nodes without incoming edges: where the breadth-first search starts. */
    public List<Node> roots() {
        return nodes.stream().filter(n -> predecessors.get(n).isEmpty()).toList();
    }

    /** parent1 and parent2 of a node of C_i, i > 1 (null in C_1). */
    public Node[] parents(Node n) {
        return parents.get(n);
    }
}
