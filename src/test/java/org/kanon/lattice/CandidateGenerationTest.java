package org.kanon.lattice;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class CandidateGenerationTest {
    // Patients QI in order: 0 = Birthdate (height 1), 1 = Sex (height 1), 2 = Zipcode (height 2)
    private static Node n(int[] attributes, int... levels) {
        return new Node(attributes, levels);
    }

    private static final int[] BS = {0, 1};
    private static final int[] BZ = {0, 2};
    private static final int[] SZ = {1, 2};
    private static final int[] BSZ = {0, 1, 2};

    @Test
    @DisplayName("Incognito Fig. 7 / Ex. 3.2: after join and prune the 3-attribute graph of Patients has 5 nodes and 3 roots")
    void patientsThreeAttributeGraph() {
        CandidateGraph c1 = CandidateGraph.firstIteration(new int[] {1, 1, 2});
        assertEquals(2 + 2 + 3, c1.nodes().size());
        Set<Node> s1 = Set.copyOf(c1.nodes()); // every single attribute is 2-anonymous at level 0 already
        CandidateGraph c2 = CandidateGeneration.next(c1, s1);
        assertEquals(2 * 2 + 2 * 3 + 2 * 3, c2.nodes().size(), "the full 2-attribute lattices");
        assertTrue(c2.successors(n(SZ, 0, 0)).containsAll(List.of(n(SZ, 1, 0), n(SZ, 0, 1))));
        assertEquals(2, c2.successors(n(SZ, 0, 0)).size(), "only direct generalizations");
        // 2-anonymous nodes of the three 2-attribute graphs (Example 3.1 and the Patients data)
        Set<Node> s2 = Set.of(
                n(BS, 1, 0), n(BS, 0, 1), n(BS, 1, 1),
                n(BZ, 1, 0), n(BZ, 1, 1), n(BZ, 1, 2), n(BZ, 0, 2),
                n(SZ, 1, 0), n(SZ, 1, 1), n(SZ, 1, 2), n(SZ, 0, 2));
        CandidateGraph c3 = CandidateGeneration.next(c2, s2);
        assertEquals(Set.of(n(BSZ, 0, 1, 2), n(BSZ, 1, 0, 2), n(BSZ, 1, 1, 0), n(BSZ, 1, 1, 1), n(BSZ, 1, 1, 2)),
                Set.copyOf(c3.nodes()), "join then prune: <B1,S0,Z0> and <B1,S0,Z1> are pruned (<S0,Z0>, <S0,Z1> failed)");
        assertEquals(Set.of(n(BSZ, 0, 1, 2), n(BSZ, 1, 0, 2), n(BSZ, 1, 1, 0)), Set.copyOf(c3.roots()),
                "section 3.3: <B1,S1,Z0>, <B1,S0,Z2>, <B0,S1,Z2> are the roots");
        assertEquals(List.of(n(BSZ, 1, 1, 1)), c3.successors(n(BSZ, 1, 1, 0)));
        assertEquals(List.of(n(BSZ, 1, 1, 2)), c3.successors(n(BSZ, 1, 1, 1)));
        assertEquals(List.of(n(BSZ, 1, 1, 2)), c3.successors(n(BSZ, 0, 1, 2)));
        assertEquals(4, c3.edgeCount());
        assertArrayEquals(new Node[] {n(BS, 1, 1), n(BZ, 1, 0)}, c3.parents(n(BSZ, 1, 1, 0)));
    }

    @Test
    @DisplayName("an edge whose middle node was pruned stays, as a two-step edge (Figure 6 removes only implied edges)")
    void edgesAcrossPrunedNodesRemain() {
        CandidateGraph c1 = CandidateGraph.firstIteration(new int[] {1, 1});
        // <A0> fails, so <A0,B*> are never joined: C_2 holds only A1 nodes
        Set<Node> s1 = Set.of(n(new int[] {0}, 1), n(new int[] {1}, 0), n(new int[] {1}, 1));
        CandidateGraph c2 = CandidateGeneration.next(c1, s1);
        assertEquals(Set.of(n(new int[] {0, 1}, 1, 0), n(new int[] {0, 1}, 1, 1)), Set.copyOf(c2.nodes()));
        assertEquals(1, c2.edgeCount());
        assertEquals(1, c2.roots().size());
        assertEquals(Set.of("<q0:1, q1:0>"), c2.roots().stream().map(Node::toString).collect(Collectors.toSet()));
    }

    @Test
    @DisplayName("survivors closed upwards, as Incognito's are: the graph by looking steps up equals Figure 6's, every iteration")
    void upSetShortcutEqualsFigureSix() {
        Random random = new Random(7);
        for (int round = 0; round < 40; round++) {
            int[] heights = new int[2 + random.nextInt(4)];
            for (int a = 0; a < heights.length; a++) {
                heights[a] = random.nextInt(4);
            }
            CandidateGraph graph = CandidateGraph.firstIteration(heights);
            for (int i = 1; i < heights.length && !graph.isEmpty(); i++) {
                boolean[] survived = upClosure(graph, random, random.nextDouble() * 0.3);
                assertTrue(CandidateGeneration.closedUpwards(graph, survived, graph.keys()), "the shortcut applies");
                CandidateGraph shortcut = CandidateGeneration.next(graph, survived);
                CandidateGraph general = CandidateGeneration.nextInGeneral(graph, survived);
                assertEquals(Set.copyOf(general.nodes()), Set.copyOf(shortcut.nodes()), "nodes");
                assertEquals(general.size(), shortcut.size());
                assertEquals(edges(general), edges(shortcut), "edges");
                assertEquals(general.edgeCount(), shortcut.edgeCount());
                for (Node n : general.nodes()) {
                    assertArrayEquals(general.parents(n), shortcut.parents(n), "parents of " + n);
                    assertEquals(Set.copyOf(general.predecessors(n)), Set.copyOf(shortcut.predecessors(n)), "predecessors of " + n);
                }
                graph = shortcut;
            }
        }
    }

    @Test
    @DisplayName("survivors not closed upwards take Figure 6's general way")
    void shortcutNeedsAnUpSet() {
        CandidateGraph c1 = CandidateGraph.firstIteration(new int[] {1, 1});
        boolean[] survived = new boolean[c1.size()];
        survived[c1.id(n(new int[] {0}, 0))] = true; // <A0> survives but its generalization <A1> does not
        survived[c1.id(n(new int[] {1}, 0))] = true;
        survived[c1.id(n(new int[] {1}, 1))] = true;
        assertFalse(CandidateGeneration.closedUpwards(c1, survived, c1.keys()));
        CandidateGraph c2 = CandidateGeneration.next(c1, survived);
        assertEquals(Set.of(n(new int[] {0, 1}, 0, 0), n(new int[] {0, 1}, 0, 1)), Set.copyOf(c2.nodes()));
    }

    /** Random seeds of the graph and every node above them. */
    private static boolean[] upClosure(CandidateGraph graph, Random random, double seedShare) {
        boolean[] survived = new boolean[graph.size()];
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int id = 0; id < graph.size(); id++) {
            if (random.nextDouble() < seedShare) {
                queue.add(id);
            }
        }
        while (!queue.isEmpty()) {
            int id = queue.poll();
            if (!survived[id]) {
                survived[id] = true;
                for (int i = 0; i < graph.successorCount(id); i++) {
                    queue.add(graph.successor(id, i));
                }
            }
        }
        return survived;
    }

    private static Map<Node, Set<Node>> edges(CandidateGraph g) {
        Map<Node, Set<Node>> m = new HashMap<>();
        for (Node n : g.nodes()) {
            m.put(n, new HashSet<>(g.successors(n)));
        }
        return m;
    }
}
