package org.kanon.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.jgrapht.Graph;
import org.jgrapht.alg.matching.HopcroftKarpMaximumCardinalityBipartiteMatching;
import org.jgrapht.graph.DefaultEdge;
import org.jgrapht.graph.SimpleGraph;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The bundled-row flow pairs exactly as many rows as Hopcroft-Karp does on the rows themselves. */
class BipartiteFlowTest {

    @Test
    @DisplayName("Random bundles: the flow's pairs equal JGraphT's Hopcroft-Karp on the expanded rows, and respect every bundle")
    void sameAsHopcroftKarpOnExpandedRows() {
        Random random = new Random(8);
        for (int round = 0; round < 300; round++) {
            int left = 1 + random.nextInt(6);
            int right = 1 + random.nextInt(6);
            long[] leftRows = new long[left];
            long[] rightRows = new long[right];
            for (int i = 0; i < left; i++) {
                leftRows[i] = 1 + random.nextInt(4);
            }
            for (int i = 0; i < right; i++) {
                rightRows[i] = 1 + random.nextInt(4);
            }
            boolean[][] allowed = new boolean[left][right];
            BipartiteFlow flow = new BipartiteFlow(leftRows, rightRows);
            for (int l = 0; l < left; l++) {
                for (int r = 0; r < right; r++) {
                    if (random.nextInt(3) == 0) {
                        allowed[l][r] = true;
                        flow.allow(l, r);
                    }
                }
            }
            long[] paired = flow.solve();
            long total = 0;
            for (int l = 0; l < left; l++) {
                assertTrue(paired[l] >= 0 && paired[l] <= leftRows[l]);
                total += paired[l];
            }
            assertEquals(hopcroftKarp(leftRows, rightRows, allowed), total, "round " + round);
        }
    }

    @Test
    @DisplayName("A long alternating path: the first greedy choice must be undone to pair every row")
    void augmentsAlongAlternatingPaths() {
        int n = 2000;
        long[] ones = new long[n];
        java.util.Arrays.fill(ones, 1);
        BipartiteFlow flow = new BipartiteFlow(ones, ones);
        for (int i = 0; i < n; i++) {
            flow.allow(i, i);
            if (i + 1 < n) {
                flow.allow(i + 1, i);
            }
        }
        assertEquals(n, java.util.Arrays.stream(flow.solve()).sum());
    }

    private static int hopcroftKarp(long[] leftRows, long[] rightRows, boolean[][] allowed) {
        Graph<String, DefaultEdge> g = new SimpleGraph<>(DefaultEdge.class);
        java.util.Set<String> a = new java.util.HashSet<>();
        java.util.Set<String> b = new java.util.HashSet<>();
        List<List<String>> lefts = expand("l", leftRows, g, a);
        List<List<String>> rights = expand("r", rightRows, g, b);
        for (int l = 0; l < leftRows.length; l++) {
            for (int r = 0; r < rightRows.length; r++) {
                if (allowed[l][r]) {
                    for (String x : lefts.get(l)) {
                        for (String y : rights.get(r)) {
                            g.addEdge(x, y);
                        }
                    }
                }
            }
        }
        return new HopcroftKarpMaximumCardinalityBipartiteMatching<>(g, a, b).getMatching().getEdges().size();
    }

    /** One vertex per row of each bundle, added to the graph and to the side. */
    private static List<List<String>> expand(String prefix, long[] bundles, Graph<String, DefaultEdge> g, java.util.Set<String> side) {
        List<List<String>> vertices = new ArrayList<>();
        for (int n = 0; n < bundles.length; n++) {
            List<String> rows = new ArrayList<>();
            for (int i = 0; i < bundles[n]; i++) {
                String v = prefix + n + "." + i;
                g.addVertex(v);
                side.add(v);
                rows.add(v);
            }
            vertices.add(rows);
        }
        return vertices;
    }
}
