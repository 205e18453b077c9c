package org.kanon.frequency;

import static org.junit.jupiter.api.Assertions.*;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.kanon.db.Database;
import org.kanon.db.ScratchTables;
import org.kanon.lattice.CandidateGeneration;
import org.kanon.lattice.CandidateGraph;
import org.kanon.lattice.Node;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.TestDatabases;

/** Figure 6's SQL over node and edge tables builds the same candidate graphs as the Java graph generation. */
class SqlCandidateGenerationTest {
    // Patients QI in order: 0 = Birthdate (height 1), 1 = Sex (height 1), 2 = Zipcode (height 2)
    private static final int[] BS = {0, 1};
    private static final int[] BZ = {0, 2};
    private static final int[] SZ = {1, 2};
    private static final int[] BSZ = {0, 1, 2};

    private static Node n(int[] attributes, int... levels) {
        return new Node(attributes, levels);
    }

    @DatabaseTest
    @DisplayName("Incognito Fig. 7 / Ex. 3.2 in SQL: join and prune leave 5 nodes and 3 roots, 4 edges, same parents")
    void patientsThreeAttributeGraph(Database db) {
        try (ScratchTables tables = ScratchTables.open(db)) {
            SqlCandidateGeneration sql = new SqlCandidateGeneration(tables, 3);
            CandidateGraph c1 = CandidateGraph.firstIteration(new int[] {1, 1, 2});
            CandidateGraph c2 = sql.next(c1, Set.copyOf(c1.nodes()));
            assertEquals(2 * 2 + 2 * 3 + 2 * 3, c2.nodes().size(), "the full 2-attribute lattices");
            assertEquals(Set.of(n(SZ, 1, 0), n(SZ, 0, 1)), Set.copyOf(c2.successors(n(SZ, 0, 0))), "only direct generalizations");
            assertSameGraph(CandidateGeneration.next(c1, Set.copyOf(c1.nodes())), c2);
            Set<Node> s2 = Set.of(
                    n(BS, 1, 0), n(BS, 0, 1), n(BS, 1, 1),
                    n(BZ, 1, 0), n(BZ, 1, 1), n(BZ, 1, 2), n(BZ, 0, 2),
                    n(SZ, 1, 0), n(SZ, 1, 1), n(SZ, 1, 2), n(SZ, 0, 2));
            long before = sql.statements();
            CandidateGraph c3 = sql.next(c2, s2);
            int extra = (db.profile().commonTableExpressions() ? 0 : 1) + (db.profile().prunesInJoin() ? 0 : 1);
            assertEquals(4 + extra, sql.statements() - before, "the graph it made stays in its tables: delete the failed "
                    + "nodes, join and prune (pruned after the join on Derby), edges (candidates stored first without WITH), "
                    + "read nodes and edges");
            assertEquals(Set.of(n(BSZ, 0, 1, 2), n(BSZ, 1, 0, 2), n(BSZ, 1, 1, 0), n(BSZ, 1, 1, 1), n(BSZ, 1, 1, 2)),
                    Set.copyOf(c3.nodes()), "join then prune: <B1,S0,Z0> and <B1,S0,Z1> are pruned");
            assertEquals(Set.of(n(BSZ, 0, 1, 2), n(BSZ, 1, 0, 2), n(BSZ, 1, 1, 0)), Set.copyOf(c3.roots()),
                    "section 3.3: <B1,S1,Z0>, <B1,S0,Z2>, <B0,S1,Z2> are the roots");
            assertEquals(List.of(n(BSZ, 1, 1, 1)), c3.successors(n(BSZ, 1, 1, 0)));
            assertEquals(List.of(n(BSZ, 1, 1, 2)), c3.successors(n(BSZ, 1, 1, 1)));
            assertEquals(List.of(n(BSZ, 1, 1, 2)), c3.successors(n(BSZ, 0, 1, 2)));
            assertEquals(4, c3.edgeCount());
            assertArrayEquals(new Node[] {n(BS, 1, 1), n(BZ, 1, 0)}, c3.parents(n(BSZ, 1, 1, 0)));
            assertSameGraph(CandidateGeneration.next(c2, s2), c3);
            assertEquals(db.profile().commonTableExpressions() ? 2 : 3, tables.liveTables(),
                    "one node table and one edge table (and one of candidate edges) for every iteration");
            sql.close();
            assertEquals(0, tables.liveTables(), "dropped at close");
        }
    }

    @DatabaseTest
    @DisplayName("random heights and random survivors, every iteration: the SQL graph = the Java graph (nodes, edges, parents)")
    void randomSurvivorsMatchJava(TestDatabases.Kind kind, Database db) {
        Random random = new Random(31 + kind.ordinal());
        everyIterationMatchesJava(db, random, kind == TestDatabases.Kind.DERBY ? 5 : 10, 2, 0, (graph, keep) -> {
            Set<Node> survivors = new HashSet<>();
            for (Node node : graph.nodes()) {
                if (random.nextDouble() < keep) {
                    survivors.add(node);
                }
            }
            return survivors;
        }, false);
    }

    @DatabaseTest
    @DisplayName("survivors closed upwards, as Incognito's are (the Java generation's shortcut): the SQL graph = the Java graph")
    void upClosedSurvivorsMatchJava(TestDatabases.Kind kind, Database db) {
        Random random = new Random(53 + kind.ordinal());
        everyIterationMatchesJava(db, random, kind == TestDatabases.Kind.DERBY ? 4 : 8, 3, 1, (graph, keep) -> {
            Set<Node> survivors = new HashSet<>();
            java.util.ArrayDeque<Node> queue = new java.util.ArrayDeque<>(
                    graph.nodes().stream().filter(x -> random.nextDouble() < keep - 0.5).toList());
            while (!queue.isEmpty()) {
                Node node = queue.poll();
                if (survivors.add(node)) {
                    queue.addAll(graph.successors(node));
                }
            }
            return survivors;
        }, true);
    }

    /**
     * Rounds of random lattices ({@code minQis} + 0..2 QIs of heights {@code minHeight} + 0..3), each iterated with
     * the survivors {@code choose} picks (given the graph and a share in [0.5, 1)), comparing the SQL graph with the
     * Java one each time; the next iteration starts from the Java graph ({@code followJava}, which carries node keys)
     * or the SQL one.
     */
    private static void everyIterationMatchesJava(Database db, Random random, int rounds, int minQis, int minHeight,
                                                  java.util.function.BiFunction<CandidateGraph, Double, Set<Node>> choose,
                                                  boolean followJava) {
        try (ScratchTables tables = ScratchTables.open(db)) {
            SqlCandidateGeneration sql = new SqlCandidateGeneration(tables, minQis + 2);
            for (int round = 0; round < rounds; round++) {
                int[] heights = new int[minQis + random.nextInt(3)];
                for (int a = 0; a < heights.length; a++) {
                    heights[a] = minHeight + random.nextInt(4 - minHeight);
                }
                double keep = 0.5 + random.nextDouble() * 0.5;
                CandidateGraph graph = CandidateGraph.firstIteration(heights);
                for (int i = 1; i < heights.length && !graph.isEmpty(); i++) {
                    Set<Node> survivors = choose.apply(graph, keep);
                    CandidateGraph java = CandidateGeneration.next(graph, survivors);
                    CandidateGraph viaSql = sql.next(graph, survivors);
                    assertSameGraph(java, viaSql);
                    graph = followJava ? java : viaSql;
                }
            }
            assertTrue(sql.statements() > 0);
        }
    }

    private static void assertSameGraph(CandidateGraph expected, CandidateGraph actual) {
        assertEquals(Set.copyOf(expected.nodes()), Set.copyOf(actual.nodes()), "nodes");
        assertEquals(expected.nodes().size(), actual.nodes().size(), "no duplicate nodes");
        assertEquals(edges(expected), edges(actual), "edges");
        assertEquals(expected.edgeCount(), actual.edgeCount(), "no duplicate edges");
        for (Node n : expected.nodes()) {
            assertArrayEquals(expected.parents(n), actual.parents(n), "parents of " + n);
        }
        assertEquals(Set.copyOf(expected.roots()), Set.copyOf(actual.roots()), "roots");
    }

    private static Map<Node, Set<Node>> edges(CandidateGraph g) {
        Map<Node, Set<Node>> m = new HashMap<>();
        for (Node n : g.nodes()) {
            m.put(n, new HashSet<>(g.successors(n)));
        }
        return m;
    }
}
