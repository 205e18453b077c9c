package org.kanon.lattice;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds a {@link CandidateGraph} from parts computed elsewhere (Incognito's graph generation run as SQL over node
 * and edge tables), so the lattice package stays free of SQL while its graph type keeps its invariants.
 */
public final class CandidateGraphs {
    private CandidateGraphs() {
    }

    /**
     * The graph of {@code nodes} with the given parents (parent1, parent2 of each node; may be empty in C_1) and
     * edges, each {@code {from, to}} between two of the nodes.
     */
    public static CandidateGraph of(List<Node> nodes, Map<Node, Node[]> parents, List<Node[]> edges) {
        CandidateGraph g = new CandidateGraph(nodes, new LinkedHashMap<>(parents));
        for (Node[] e : edges) {
            if (e.length != 2 || !g.contains(e[0]) || !g.contains(e[1])) {
                throw new IllegalArgumentException("edge between nodes outside the graph: " + java.util.Arrays.toString(e));
            }
            g.addEdge(e[0], e[1]);
        }
        return g;
    }
}
