package org.kanon.lattice;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * Incognito's graph generation (section 3.1.2) in Java: from the nodes S_i that survived iteration i and the
 * edges E_i, the join phase builds C_{i+1}, the prune phase drops candidates with a subset outside S_i, and edge
 * generation builds E_{i+1} from E_i, removing implied edges. Same result as the SQL of Figure 6.
 *
 * <p>Nodes are handled by their numbers in the graphs and edges as int arrays: with object keys (pairs of nodes as
 * lists) this generation was a third of a whole in-memory search of Adult.
 */
public final class CandidateGeneration {
    private CandidateGeneration() {
    }

    public static CandidateGraph next(CandidateGraph graph, Set<Node> survivors) {
        boolean[] survived = new boolean[graph.size()];
        for (Node s : survivors) {
            survived[graph.id(s)] = true;
        }
        return next(graph, survived);
    }

    /** The next graph from the survivors given by node number ({@code survived[id]}). */
    public static CandidateGraph next(CandidateGraph graph, boolean[] survived) {
        NodeKeys keys = graph.keys();
        if (keys != null && closedUpwards(graph, survived, keys)) {
            return nextFromUpSet(graph, survived, keys);
        }
        return nextInGeneral(graph, survived);
    }

    /**
     * Figure 6 for any survivors: candidate edges paired from the parents' edges, implied ones removed. Package
     * visible so that tests can hold {@link #nextFromUpSet} to it.
     */
    static CandidateGraph nextInGeneral(CandidateGraph graph, boolean[] survived) {
        NodeKeys keys = graph.keys();
        List<Node> sorted = new ArrayList<>();
        for (int id = 0; id < graph.size(); id++) {
            if (survived[id]) {
                sorted.add(graph.node(id));
            }
        }
        sorted.sort(CandidateGeneration::compare);
        long n = graph.size();
        // join: p and q agree on their first i-1 attributes and levels, and p's last attribute < q's last attribute
        Map<Object, List<Node>> byPrefix = new LinkedHashMap<>();
        for (Node s : sorted) {
            byPrefix.computeIfAbsent(keys == null ? prefix(s) : prefixKey(keys, s), x -> new ArrayList<>()).add(s);
        }
        // groups join independently: on the common pool, then numbered in group order (the same graph as in sequence)
        List<List<Node>> groups = new ArrayList<>(byPrefix.values());
        List<List<int[]>> joined = groups.parallelStream().map(group -> joinGroup(group, keys, graph, survived)).toList();
        List<Node> candidates = new ArrayList<>();
        List<int[]> candidateParents = new ArrayList<>();
        LongIntMap byParents = new LongIntMap(sorted.size());
        for (List<int[]> pairs : joined) {
            for (int[] pq : pairs) {
                byParents.put(pq[0] * n + pq[1], candidates.size());
                candidates.add(join(graph.node(pq[0]), graph.node(pq[1])));
                candidateParents.add(pq);
            }
        }
        Map<Node, Node[]> parents = new LinkedHashMap<>();
        for (int c = 0; c < candidates.size(); c++) {
            int[] pq = candidateParents.get(c);
            parents.put(candidates.get(c), new Node[] {graph.node(pq[0]), graph.node(pq[1])});
        }
        CandidateGraph next = new CandidateGraph(candidates, parents, keys);
        int[][] direct = edges(graph, survived, candidateParents, byParents);
        for (int c = 0; c < direct.length; c++) {
            for (int to : direct[c]) {
                next.addEdge(c, to);
            }
        }
        return next;
    }

    /**
     * Whether the survivors are closed upwards in the lattice, as Incognito's always are (a generalization of a
     * node that survived survived too), and each survivor's edges are its direct generalizations, one level up on
     * one attribute: then {@link #nextFromUpSet} gives the graph of Figure 6 by a shorter way.
     */
    static boolean closedUpwards(CandidateGraph graph, boolean[] survived, NodeKeys keys) {
        for (int id = 0; id < graph.size(); id++) {
            if (!survived[id]) {
                continue;
            }
            Node node = graph.node(id);
            long key = graph.key(id);
            int steps = 0;
            for (int j = 0; j < node.size(); j++) {
                long step = keys.step(node.attribute(j), node.level(j));
                if (step != 0) {
                    int up = graph.id(key + step);
                    if (up < 0 || !survived[up]) {
                        return false;
                    }
                    steps++;
                }
            }
            if (graph.successorCount(id) != steps) {
                return false;
            }
            long matched = 0; // positions whose step an edge takes: each once (no duplicate edges)
            for (int i = 0; i < steps; i++) {
                int position = stepPosition(keys, node, graph.key(graph.successor(id, i)) - key);
                if (position < 0 || (matched & 1L << position) != 0) {
                    return false;
                }
                matched |= 1L << position;
            }
        }
        return true;
    }

    /** The position whose one-level step the key difference is, or -1 (positions are fewer than 64: keys fit a long). */
    private static int stepPosition(NodeKeys keys, Node node, long difference) {
        for (int j = 0; j < node.size(); j++) {
            long step = keys.step(node.attribute(j), node.level(j));
            if (step != 0 && step == difference) {
                return j;
            }
        }
        return -1;
    }

    /**
     * Join, prune and edges for survivors closed upwards ({@link #closedUpwards}). The candidates are then closed
     * upwards too (a generalization of a candidate has generalizations of survivors for subsets), and the edges of
     * Figure 6 are exactly the steps one level up on one attribute: such a step is a candidate edge (both parents
     * step, or the parent holding the attribute does) and no middle node lies under it; the only other candidate
     * edges, both last attributes up at once, pass through the candidate with one of them up, so they are implied.
     * Each candidate's edges are then found by looking its steps up, instead of pairing its parents' edges and
     * removing implied ones: on Adult with suppression, graph generation took a quarter of the search before.
     */
    private static CandidateGraph nextFromUpSet(CandidateGraph graph, boolean[] survived, NodeKeys keys) {
        // survivors grouped by prefix (all but the last attribute and level), groups and members in number order
        LongIntMap groupOf = new LongIntMap(graph.size());
        int[] groupOfSurvivor = new int[graph.size()];
        int[] groupSizes = new int[graph.size()];
        int groupCount = 0;
        for (int id = 0; id < graph.size(); id++) {
            if (survived[id]) {
                long prefix = prefixKey(keys, graph.node(id), graph.key(id));
                int g = groupOf.get(prefix);
                if (g < 0) {
                    g = groupCount++;
                    groupOf.put(prefix, g);
                }
                groupOfSurvivor[id] = g;
                groupSizes[g]++;
            }
        }
        int[][] groups = new int[groupCount][];
        for (int g = 0; g < groupCount; g++) {
            groups[g] = new int[groupSizes[g]];
            groupSizes[g] = 0;
        }
        for (int id = 0; id < graph.size(); id++) {
            if (survived[id]) {
                int g = groupOfSurvivor[id];
                groups[g][groupSizes[g]++] = id;
            }
        }
        List<int[]> joined = IntStream.range(0, groupCount).parallel()
                .mapToObj(g -> joinUpSetGroup(groups[g], keys, graph, survived)).toList();
        int count = 0;
        for (int[] pairs : joined) {
            count += pairs.length / 2;
        }
        Node[] firsts = new Node[count];
        Node[] seconds = new Node[count];
        int[] firstIds = new int[count];
        int[] secondIds = new int[count];
        int c = 0;
        for (int[] pairs : joined) {
            for (int i = 0; i < pairs.length; i += 2) {
                firstIds[c] = pairs[i];
                secondIds[c] = pairs[i + 1];
                firsts[c] = graph.node(pairs[i]);
                seconds[c++] = graph.node(pairs[i + 1]);
            }
        }
        Node[] candidates = new Node[count];
        long[] candidateKeys = new long[count];
        IntStream.range(0, count).parallel().forEach(i -> {
            Node q = seconds[i];
            int last = q.size() - 1;
            candidates[i] = join(firsts[i], q);
            candidateKeys[i] = graph.key(firstIds[i]) + keys.field(q.attribute(last), q.level(last));
        });
        CandidateGraph next = new CandidateGraph(Arrays.asList(candidates), firsts, seconds, keys, candidateKeys);
        int[][] successors = new int[count][];
        IntStream.range(0, count).parallel().forEach(i -> {
            Node node = candidates[i];
            int[] out = new int[node.size()];
            int size = 0;
            for (int j = 0; j < node.size(); j++) {
                long step = keys.step(node.attribute(j), node.level(j));
                int up = step == 0 ? -1 : next.id(candidateKeys[i] + step);
                if (up >= 0) {
                    out[size++] = up;
                }
            }
            successors[i] = size == out.length ? out : Arrays.copyOf(out, size);
        });
        next.setEdges(successors);
        return next;
    }

    /** {@link #joinGroup} by node numbers: the joined pairs as p, q, p, q, ... */
    private static int[] joinUpSetGroup(int[] group, NodeKeys keys, CandidateGraph graph, boolean[] survived) {
        int[] pairs = new int[16];
        int size = 0;
        for (int pid : group) {
            Node p = graph.node(pid);
            long pKey = graph.key(pid);
            int last = p.size() - 1;
            for (int qid : group) {
                Node q = graph.node(qid);
                if (p.attribute(last) < q.attribute(last) && subsetsSurvived(keys, p, q, pKey, graph, survived)) {
                    if (size == pairs.length) {
                        pairs = Arrays.copyOf(pairs, size * 2);
                    }
                    pairs[size++] = pid;
                    pairs[size++] = qid;
                }
            }
        }
        return Arrays.copyOf(pairs, size);
    }

    /** The pairs (p, q) of one prefix group that join into a candidate whose subsets all survived (join and prune). */
    private static List<int[]> joinGroup(List<Node> group, NodeKeys keys, CandidateGraph graph, boolean[] survived) {
        List<int[]> kept = new ArrayList<>();
        for (Node p : group) {
            long pKey = keys == null ? 0 : keys.key(p);
            int pid = graph.id(p);
            for (Node q : group) {
                int i = p.size() - 1;
                if (p.attribute(i) >= q.attribute(i)) {
                    continue;
                }
                if (keys != null ? subsetsSurvived(keys, p, q, pKey, graph, survived)
                        : allSubsetsSurvived(join(p, q), graph, survived)) {
                    kept.add(new int[] {pid, graph.id(q)});
                }
            }
        }
        return kept;
    }

    /** Candidate edges of Figure 6 (both parents step, or one steps and the other stays), minus implied ones. */
    private static int[][] edges(CandidateGraph graph, boolean[] survived, List<int[]> parents, LongIntMap byParents) {
        int count = parents.size();
        long n = graph.size();
        int[][] candidateEdges = new int[count][];
        // candidates are independent here: chunks on the common pool, each with its own scratch array
        int chunks = Math.min(count, 8 * Runtime.getRuntime().availableProcessors());
        IntStream.range(0, chunks).parallel().forEach(chunk -> {
            int[] seen = new int[count];
            Arrays.fill(seen, -1);
            for (int c = chunk; c < count; c += chunks) {
                candidateEdges[c] = candidateEdges(graph, survived, parents.get(c), byParents, n, seen, c);
            }
        });
        // an edge c -> t is implied when t is also reached through a middle node m (c -> m -> t)
        int[][] direct = new int[count][];
        IntStream.range(0, chunks).parallel().forEach(chunk -> {
            int[] implied = new int[count];
            Arrays.fill(implied, -1);
            for (int c = chunk; c < count; c += chunks) {
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
        });
        return direct;
    }

    /** Candidate c's edges before implied ones are removed; {@code seen} marks targets already listed for c. */
    private static int[] candidateEdges(CandidateGraph graph, boolean[] survived, int[] pq, LongIntMap byParents, long n,
                                        int[] seen, int c) {
        int[] firsts = stepsOf(graph, survived, pq[0]);
        int[] seconds = stepsOf(graph, survived, pq[1]);
        int[] out = new int[8];
        int size = 0;
        for (int i = 0; i < firsts.length; i++) {
            for (int j = 0; j < seconds.length; j++) {
                if (i == firsts.length - 1 && j == seconds.length - 1) {
                    continue; // both parents themselves: the candidate
                }
                int target = byParents.get(firsts[i] * n + seconds[j]);
                if (target >= 0 && seen[target] != c) {
                    seen[target] = c;
                    if (size == out.length) {
                        out = Arrays.copyOf(out, size * 2);
                    }
                    out[size++] = target;
                }
            }
        }
        return Arrays.copyOf(out, size);
    }

    /** The surviving direct generalizations of a parent, then the parent itself (last). */
    private static int[] stepsOf(CandidateGraph graph, boolean[] survived, int parent) {
        int[] ids = new int[graph.successorCount(parent) + 1];
        int size = 0;
        for (int i = 0; i < graph.successorCount(parent); i++) {
            int s = graph.successor(parent, i);
            if (survived[s]) {
                ids[size++] = s;
            }
        }
        ids[size++] = parent;
        return size == ids.length ? ids : Arrays.copyOf(ids, size);
    }

    private static Node join(Node p, Node q) {
        int i = p.size();
        int[] attributes = Arrays.copyOf(p.attributes(), i + 1);
        int[] levels = Arrays.copyOf(p.levels(), i + 1);
        attributes[i] = q.attribute(i - 1);
        levels[i] = q.level(i - 1);
        return new Node(attributes, levels);
    }

    private static boolean allSubsetsSurvived(Node c, CandidateGraph graph, boolean[] survived) {
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
            int id = graph.id(new Node(a, l));
            if (id < 0 || !survived[id]) {
                return false;
            }
        }
        return true;
    }

    /**
     * {@link #allSubsetsSurvived} for the join of p and q by keys: the candidate's key is p's plus q's last field,
     * and a subset's key is the candidate's minus the field of the attribute it drops.
     */
    private static boolean subsetsSurvived(NodeKeys keys, Node p, Node q, long pKey, CandidateGraph graph, boolean[] survived) {
        int last = q.size() - 1;
        long candidate = pKey + keys.field(q.attribute(last), q.level(last));
        // dropping p's last attribute gives q, dropping q's gives p: both survived
        for (int drop = 0; drop < p.size() - 1; drop++) {
            int id = graph.id(candidate - keys.field(p.attribute(drop), p.level(drop)));
            if (id < 0 || !survived[id]) {
                return false;
            }
        }
        return true;
    }

    /** The key of {@link #prefix}. */
    private static Long prefixKey(NodeKeys keys, Node n) {
        return prefixKey(keys, n, keys.key(n));
    }

    private static long prefixKey(NodeKeys keys, Node n, long key) {
        int last = n.size() - 1;
        return key - keys.field(n.attribute(last), n.level(last));
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
