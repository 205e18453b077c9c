package org.kanon.lattice;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Incognito's graph generation (section 3.1.2) in Java: from the nodes S_i that survived iteration i and the
 * edges E_i, the join phase builds C_{i+1}, the prune phase drops candidates with a subset outside S_i, and edge
 * generation builds E_{i+1} from E_i, removing implied edges. Same result as the SQL of Figure 6.
 *
 * <p>Survivors and candidates are numbered and edges handled as int arrays: with object keys (pairs of nodes as
 * lists) this generation was a third of a whole in-memory search of Adult.
 */
public final class CandidateGeneration {
    private CandidateGeneration() {
    }

    public static CandidateGraph next(CandidateGraph graph, Set<Node> survivors) {
        List<Node> sorted = new ArrayList<>(survivors);
        sorted.sort(CandidateGeneration::compare);
        Map<Node, Integer> survivorId = new HashMap<>(sorted.size() * 2);
        for (Node s : sorted) {
            survivorId.put(s, survivorId.size());
        }
        long n = sorted.size();
        // join: p and q agree on their first i-1 attributes and levels, and p's last attribute < q's last attribute
        Map<Node, List<Node>> byPrefix = new LinkedHashMap<>();
        for (Node s : sorted) {
            byPrefix.computeIfAbsent(prefix(s), x -> new ArrayList<>()).add(s);
        }
        List<Node> candidates = new ArrayList<>();
        List<Node[]> candidateParents = new ArrayList<>();
        Map<Long, Integer> byParents = new HashMap<>();
        for (List<Node> group : byPrefix.values()) {
            for (Node p : group) {
                for (Node q : group) {
                    int i = p.size() - 1;
                    if (p.attribute(i) >= q.attribute(i)) {
                        continue;
                    }
                    Node c = join(p, q);
                    if (allSubsetsSurvived(c, survivors)) { // prune
                        byParents.put(survivorId.get(p) * n + survivorId.get(q), candidates.size());
                        candidates.add(c);
                        candidateParents.add(new Node[] {p, q});
                    }
                }
            }
        }
        Map<Node, Node[]> parents = new LinkedHashMap<>();
        for (int c = 0; c < candidates.size(); c++) {
            parents.put(candidates.get(c), candidateParents.get(c));
        }
        CandidateGraph next = new CandidateGraph(candidates, parents);
        int[][] direct = edges(graph, candidateParents, survivorId, byParents);
        for (int c = 0; c < direct.length; c++) {
            for (int to : direct[c]) {
                next.addEdge(candidates.get(c), candidates.get(to));
            }
        }
        return next;
    }

    /** Candidate edges of Figure 6 (both parents step, or one steps and the other stays), minus implied ones. */
    private static int[][] edges(CandidateGraph graph, List<Node[]> parents, Map<Node, Integer> survivorId,
                                 Map<Long, Integer> byParents) {
        int count = parents.size();
        long n = survivorId.size();
        int[][] candidateEdges = new int[count][];
        int[] seen = new int[count];
        Arrays.fill(seen, -1);
        for (int c = 0; c < count; c++) {
            Node p1 = parents.get(c)[0];
            Node p2 = parents.get(c)[1];
            int[] firsts = ids(graph.successors(p1), p1, survivorId);
            int[] seconds = ids(graph.successors(p2), p2, survivorId);
            int[] out = new int[8];
            int size = 0;
            for (int s1 : firsts) {
                for (int s2 : seconds) {
                    if (s1 == firsts[firsts.length - 1] && s2 == seconds[seconds.length - 1]) {
                        continue; // both parents themselves: the candidate
                    }
                    Integer target = byParents.get(s1 * n + s2);
                    if (target != null && seen[target] != c) {
                        seen[target] = c;
                        if (size == out.length) {
                            out = Arrays.copyOf(out, size * 2);
                        }
                        out[size++] = target;
                    }
                }
            }
            candidateEdges[c] = Arrays.copyOf(out, size);
        }
        // an edge c -> t is implied when t is also reached through a middle node m (c -> m -> t)
        int[] implied = new int[count];
        Arrays.fill(implied, -1);
        int[][] direct = new int[count][];
        for (int c = 0; c < count; c++) {
            for (int middle : candidateEdges[c]) {
                for (int t : candidateEdges[middle]) {
                    implied[t] = c;
                }
            }
            int[] keep = new int[candidateEdges[c].length];
            int size = 0;
            for (int t : candidateEdges[c]) {
                if (implied[t] != c) {
                    keep[size++] = t;
                }
            }
            direct[c] = Arrays.copyOf(keep, size);
        }
        return direct;
    }

    /** Ids of the surviving successors of a parent, then of the parent itself (last). Failed nodes have no id. */
    private static int[] ids(List<Node> successors, Node parent, Map<Node, Integer> survivorId) {
        int[] ids = new int[successors.size() + 1];
        int size = 0;
        for (Node s : successors) {
            Integer id = survivorId.get(s);
            if (id != null) {
                ids[size++] = id;
            }
        }
        ids[size++] = survivorId.get(parent);
        return Arrays.copyOf(ids, size);
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
        // the last two subsets (dropping the last or the second-to-last attribute) are the parents themselves
        for (int drop = 0; drop < size - 2; drop++) {
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

    /** The node of the first i-1 attributes and levels: nodes with the same prefix join. */
    private static Node prefix(Node n) {
        int i = n.size() - 1;
        return new Node(Arrays.copyOf(n.attributes(), i), Arrays.copyOf(n.levels(), i));
    }

    /** Attributes first, then levels: a stable order for deterministic graphs. */
    static int compare(Node a, Node b) {
        int c = Arrays.compare(a.attributes(), b.attributes());
        return c != 0 ? c : Arrays.compare(a.levels(), b.levels());
    }
}
