package org.kanon.lattice;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Incognito's graph generation (section 3.1.2) in Java: from the nodes S_i that survived iteration i and the
 * edges E_i, the join phase builds C_{i+1}, the prune phase drops candidates with a subset outside S_i, and edge
 * generation builds E_{i+1} from E_i, removing implied edges. Same result as the SQL of Figure 6.
 */
public final class CandidateGeneration {
    private CandidateGeneration() {
    }

    public static CandidateGraph next(CandidateGraph graph, Set<Node> survivors) {
        List<Node> sorted = new ArrayList<>(survivors);
        sorted.sort(CandidateGeneration::compare);
        // join: p and q agree on their first i-1 attributes and levels, and p's last attribute < q's last attribute
        Map<List<Integer>, List<Node>> byPrefix = new LinkedHashMap<>();
        for (Node s : sorted) {
            byPrefix.computeIfAbsent(prefix(s), x -> new ArrayList<>()).add(s);
        }
        List<Node> candidates = new ArrayList<>();
        Map<Node, Node[]> parents = new LinkedHashMap<>();
        Map<List<Node>, Node> byParents = new HashMap<>();
        for (List<Node> group : byPrefix.values()) {
            for (Node p : group) {
                for (Node q : group) {
                    int i = p.size() - 1;
                    if (p.attribute(i) >= q.attribute(i)) {
                        continue;
                    }
                    Node c = join(p, q);
                    if (allSubsetsSurvived(c, survivors)) { // prune
                        candidates.add(c);
                        parents.put(c, new Node[] {p, q});
                        byParents.put(List.of(p, q), c);
                    }
                }
            }
        }
        CandidateGraph next = new CandidateGraph(candidates, parents);
        for (Map.Entry<Node, Set<Node>> e : edges(graph, candidates, parents, byParents).entrySet()) {
            for (Node to : e.getValue()) {
                next.addEdge(e.getKey(), to);
            }
        }
        return next;
    }

    /** Candidate edges of Figure 6 (both parents step, or one steps and the other stays), minus implied ones. */
    private static Map<Node, Set<Node>> edges(CandidateGraph graph, List<Node> candidates, Map<Node, Node[]> parents,
                                              Map<List<Node>, Node> byParents) {
        Map<Node, Set<Node>> candidateEdges = new LinkedHashMap<>();
        for (Node c : candidates) {
            Node p1 = parents.get(c)[0];
            Node p2 = parents.get(c)[1];
            Set<Node> out = new java.util.LinkedHashSet<>();
            List<Node> firsts = new ArrayList<>(graph.successors(p1));
            firsts.add(p1);
            List<Node> seconds = new ArrayList<>(graph.successors(p2));
            seconds.add(p2);
            for (Node s1 : firsts) {
                for (Node s2 : seconds) {
                    if (s1 == p1 && s2 == p2) {
                        continue;
                    }
                    Node target = byParents.get(List.of(s1, s2));
                    if (target != null) {
                        out.add(target);
                    }
                }
            }
            candidateEdges.put(c, out);
        }
        Map<Node, Set<Node>> direct = new LinkedHashMap<>();
        for (Map.Entry<Node, Set<Node>> e : candidateEdges.entrySet()) {
            Set<Node> implied = new HashSet<>();
            for (Node middle : e.getValue()) {
                implied.addAll(candidateEdges.get(middle));
            }
            Set<Node> keep = new java.util.LinkedHashSet<>(e.getValue());
            keep.removeAll(implied);
            direct.put(e.getKey(), keep);
        }
        return direct;
    }

    private static Node join(Node p, Node q) {
        int i = p.size();
        int[] attributes = Arrays.copyOf(p.attributes(), i + 1);
        int[] levels = Arrays.copyOf(p.levels(), i + 1);
        attributes[i] = q.attribute(i - 1);
        levels[i] = q.level(i - 1);
        return new Node(attributes, levels);
    }

    private static boolean allSubsetsSurvived(Node c, Set<Node> survivors) {
        int size = c.size();
        if (size <= 2) {
            return true; // both subsets are the parents themselves
        }
        int[] attributes = c.attributes();
        int[] levels = c.levels();
        for (int drop = 0; drop < size; drop++) {
            int[] a = new int[size - 1];
            int[] l = new int[size - 1];
            for (int i = 0, j = 0; i < size; i++) {
                if (i != drop) {
                    a[j] = attributes[i];
                    l[j++] = levels[i];
                }
            }
            if (!survivors.contains(new Node(a, l))) {
                return false;
            }
        }
        return true;
    }

    private static List<Integer> prefix(Node n) {
        List<Integer> key = new ArrayList<>();
        for (int i = 0; i < n.size() - 1; i++) {
            key.add(n.attribute(i));
            key.add(n.level(i));
        }
        return key;
    }

    /** Attributes first, then levels: a stable order for deterministic graphs. */
    static int compare(Node a, Node b) {
        int c = Arrays.compare(a.attributes(), b.attributes());
        return c != 0 ? c : Arrays.compare(a.levels(), b.levels());
    }
}
