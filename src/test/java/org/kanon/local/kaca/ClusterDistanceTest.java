package org.kanon.local.kaca;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.kanon.local.GroupedTable;
import org.kanon.metrics.HierarchyWeights;

/**
 * The distances of section 5 of the TKDE paper as {@link ClusterDistance} computes them: the paper's own example,
 * the stub rule of Definition 14, Lemma 1 (identity, symmetry, triangle inequality) and Lemma 2 (associativity) on
 * random hierarchies, and every distance against a reference written here from the definitions (closest common
 * ancestor by walking the label paths, WHD in the paper's level numbering).
 */
class ClusterDistanceTest {
    private static final double EPS = 1e-9;
    /** A k no two single-tuple classes reach, so the stub rule never applies (Lemma 1 and 2 are about whole classes). */
    private static final int NO_STUB = 1_000_000;

    private static final Map<Object, List<String>> GENDER = Map.of("male", List.of("male", "*"), "female", List.of("female", "*"));
    private static final Map<Object, List<String>> AGE = Map.of("young", List.of("young", "*"), "middle", List.of("middle", "*"),
            "old", List.of("old", "*"));
    private static final Map<Object, List<String>> POSTCODE = Map.of(
            "4350", List.of("4350", "435*", "43**", "4***", "*"), "4351", List.of("4351", "435*", "43**", "4***", "*"),
            "4352", List.of("4352", "435*", "43**", "4***", "*"), "4353", List.of("4353", "435*", "43**", "4***", "*"));

    private static GroupedTable tableOne(List<GroupedTable.Group> groups) {
        return GroupedTable.of(List.of(new GroupedTable.Qi("gender", 1, GENDER), new GroupedTable.Qi("age", 1, AGE),
                new GroupedTable.Qi("postcode", 4, POSTCODE)), groups, Optional.empty());
    }

    private static GroupedTable.Group group(long count, Object... raw) {
        return new GroupedTable.Group(List.of(raw), null, count);
    }

    /** The index of the group holding these raw values (GroupedTable sorts its groups). */
    private static int indexOf(GroupedTable table, Object... raw) {
        for (int g = 0; g < table.groupCount(); g++) {
            if (table.group(g).raw().equals(List.of(raw))) {
                return g;
            }
        }
        throw new AssertionError("no group " + List.of(raw));
    }

    private static int nextId;

    /** A class at the given levels holding {@code count} rows of group g. */
    private static Cluster cluster(int g, long count, int... levels) {
        Cluster c = new Cluster(nextId++, levels, g);
        c.add(g, count);
        return c;
    }

    private static int[] meet(ClusterDistance d, Cluster a, Cluster b) {
        int[] m = new int[d.qiCount()];
        for (int q = 0; q < m.length; q++) {
            m[q] = d.meet(a, b, q);
        }
        return m;
    }

    private static double dist(ClusterDistance d, Cluster a, Cluster b) {
        return d.distance(a, b, meet(d, a, b));
    }

    @Test
    @DisplayName("section 5: t1={male,young,4351}, t2={female,young,4352} meet at {*,young,435*}; Dist = 1.25 + 1.25 = 2.5 (uniform)")
    void paperExample() {
        GroupedTable table = tableOne(List.of(group(1, "male", "young", "4351"), group(1, "female", "young", "4352")));
        Cluster t1 = cluster(indexOf(table, "male", "young", "4351"), 1, 0, 0, 0);
        Cluster t2 = cluster(indexOf(table, "female", "young", "4352"), 1, 0, 0, 0);
        ClusterDistance d = new ClusterDistance(table, HierarchyWeights.uniform(), 2);
        int[] m = meet(d, t1, t2);
        assertArrayEquals(new int[] {1, 0, 1}, m, "levels of the closest common generalization");
        List<String> t12 = new ArrayList<>();
        for (int q = 0; q < 3; q++) {
            t12.add(table.label(q, t1.representative, m[q]));
            assertEquals(table.label(q, t1.representative, m[q]), table.label(q, t2.representative, m[q]));
        }
        assertEquals(List.of("*", "young", "435*"), t12);
        // gender male -> * is WHD(2,1) = 1, age stays, postcode 4351 -> 435* is 1 of 4 steps: 0.25; twice (t1 and t2)
        assertEquals(2.5, d.distance(t1, t2, m), EPS);
        assertEquals(2.5, d.distance(t2, t1, meet(d, t2, t1)), EPS);
    }

    @Test
    @DisplayName("Definition 14 on Table 1a's classes: the single row 4 with the 3 rows 1-3 takes a stub of 1 (Dist 2.5), with rows 5-6 all (Dist 3.75)")
    void stubRule() {
        GroupedTable table = tableOne(List.of(group(3, "male", "middle", "4350"), group(1, "female", "middle", "4352"),
                group(2, "female", "old", "4353")));
        Cluster a = cluster(indexOf(table, "male", "middle", "4350"), 3, 0, 0, 0);
        Cluster b = cluster(indexOf(table, "female", "middle", "4352"), 1, 0, 0, 0);
        Cluster c = cluster(indexOf(table, "female", "old", "4353"), 2, 0, 0, 0);
        ClusterDistance d = new ClusterDistance(table, HierarchyWeights.uniform(), 2);
        // |B| = 1 < k and |B| + |A| = 4 >= 2k: only k - |B| = 1 row of A moves to {*, middle, 435*}: 1.25 + 1.25
        assertEquals(1, d.mergedRows(b, a));
        assertEquals(2.5, dist(d, b, a), EPS);
        // |B| + |C| = 3 < 2k: all of C moves to {female, *, 435*}: 1 * 1.25 + 2 * 1.25
        assertEquals(2, d.mergedRows(b, c));
        assertEquals(3.75, dist(d, b, c), EPS);
        // without the stub rule (k large) merging with A would cost 1.25 + 3 * 1.25
        assertEquals(5.0, dist(new ClusterDistance(table, HierarchyWeights.uniform(), NO_STUB), b, a), EPS);
    }

    /** The weight schemes of the property tests: uniform, height with beta 1 and 2. */
    private static List<HierarchyWeights> schemes() {
        return List.of(HierarchyWeights.uniform(), HierarchyWeights.height(1), HierarchyWeights.height(2));
    }

    /** Three random rows over 1..4 random hierarchies, as single-row classes at level 0. */
    private record Triple(GroupedTable table, List<KacaTables.Tree> trees, Cluster[] tuples, List<List<String>> rows) {
    }

    private static Triple triple(Random random) {
        List<KacaTables.Tree> trees = KacaTables.trees(random, 1 + random.nextInt(4), 4, 3);
        List<List<String>> rows = KacaTables.rows(random, trees, 3);
        GroupedTable table = KacaTables.grouped(trees, rows);
        Cluster[] tuples = new Cluster[3];
        for (int i = 0; i < 3; i++) {
            tuples[i] = cluster(indexOf(table, rows.get(i).toArray()), 1, new int[trees.size()]);
        }
        return new Triple(table, trees, tuples, rows);
    }

    @Test
    @DisplayName("Lemma 1 on random hierarchies: Dist(t,t) = 0, symmetry, triangle inequality; Dist equals the reference from the definitions")
    void lemmaOne() {
        Random random = new Random(2008);
        for (int trial = 0; trial < 300; trial++) {
            Triple t = triple(random);
            for (HierarchyWeights w : schemes()) {
                ClusterDistance d = new ClusterDistance(t.table(), w, NO_STUB);
                Cluster[] c = t.tuples();
                String label = "trial " + trial + ", " + w + ", rows " + t.rows();
                for (int i = 0; i < 3; i++) {
                    assertEquals(0.0, dist(d, c[i], c[i]), EPS, label + ": Dist(t,t)");
                    for (int j = 0; j < 3; j++) {
                        assertEquals(dist(d, c[i], c[j]), dist(d, c[j], c[i]), EPS, label + ": symmetry " + i + "," + j);
                        assertEquals(reference(t.trees(), w, t.rows().get(i), t.rows().get(j)), dist(d, c[i], c[j]), EPS,
                                label + ": Dist(t" + i + ", t" + j + ") against the definitions");
                    }
                }
                assertTrue(dist(d, c[0], c[2]) <= dist(d, c[0], c[1]) + dist(d, c[1], c[2]) + EPS, label + ": triangle");
                assertTrue(dist(d, c[0], c[1]) <= dist(d, c[0], c[2]) + dist(d, c[2], c[1]) + EPS, label + ": triangle");
            }
        }
    }

    @Test
    @DisplayName("Lemma 2 on random hierarchies: Dist(C1,C2) + Dist(C12,C3) = Dist(C2,C3) + Dist(C1,C23), uniform and height (beta 1, 2)")
    void lemmaTwo() {
        Random random = new Random(4352);
        for (int trial = 0; trial < 300; trial++) {
            Triple t = triple(random);
            for (HierarchyWeights w : schemes()) {
                ClusterDistance d = new ClusterDistance(t.table(), w, NO_STUB);
                Cluster[] c = t.tuples();
                Cluster c12 = merged(d, c[0], c[1]);
                Cluster c23 = merged(d, c[1], c[2]);
                double left = dist(d, c[0], c[1]) + dist(d, c12, c[2]);
                double right = dist(d, c[1], c[2]) + dist(d, c[0], c23);
                assertEquals(left, right, EPS, "trial " + trial + ", " + w + ", rows " + t.rows());
                // both sides are the distortion of generalizing the three rows to their common generalization
                assertEquals(reference3(t.trees(), w, t.rows()), left, EPS, "trial " + trial + ", " + w);
            }
        }
    }

    /** C_{a,b}: the rows of a and b at their closest common generalization. */
    private static Cluster merged(ClusterDistance d, Cluster a, Cluster b) {
        Cluster m = new Cluster(nextId++, meet(d, a, b), a.representative);
        m.add(a.representative, a.size());
        m.add(b.representative, b.size());
        return m;
    }

    /**
     * WHD in the paper's own terms: a hierarchy of kanon height H has h = H + 1 levels numbered 1 (root) .. h (raw);
     * kanon level l is paper level h - l; WHD(p, q) = sum_{j=q+1..p} w_{j,j-1} / sum_{j=2..h} w_{j,j-1}.
     */
    static double whd(HierarchyWeights w, int height, int fromKanon, int toKanon) {
        if (height == 0) {
            return 0;
        }
        int h = height + 1;
        int p = h - fromKanon;
        int q = h - toKanon;
        double num = 0;
        double den = 0;
        for (int j = 2; j <= h; j++) {
            double weight = w.isUniform() ? 1.0 : 1.0 / Math.pow(j - 1, w.beta());
            den += weight;
            if (j >= q + 1 && j <= p) {
                num += weight;
            }
        }
        return num / den;
    }

    /** The level of the closest common ancestor of two leaves: the first level where their paths agree. */
    private static int ancestor(KacaTables.Tree tree, String... leaves) {
        Map<Object, List<String>> paths = tree.labelsByRaw();
        for (int l = 0; l <= tree.height(); l++) {
            String label = paths.get(leaves[0]).get(l);
            boolean all = true;
            for (String leaf : leaves) {
                all &= paths.get(leaf).get(l).equals(label);
            }
            if (all) {
                return l;
            }
        }
        throw new AssertionError("no common root");
    }

    /** Definition 9: Distortion(t1, t12) + Distortion(t2, t12). */
    private static double reference(List<KacaTables.Tree> trees, HierarchyWeights w, List<String> t1, List<String> t2) {
        double sum = 0;
        for (int q = 0; q < trees.size(); q++) {
            KacaTables.Tree tree = trees.get(q);
            sum += 2 * whd(w, tree.height(), 0, ancestor(tree, t1.get(q), t2.get(q)));
        }
        return sum;
    }

    /** The distortion of generalizing all given rows to their closest common generalization. */
    private static double reference3(List<KacaTables.Tree> trees, HierarchyWeights w, List<List<String>> rows) {
        double sum = 0;
        for (int q = 0; q < trees.size(); q++) {
            KacaTables.Tree tree = trees.get(q);
            int qi = q;
            sum += rows.size() * whd(w, tree.height(), 0, ancestor(tree, rows.stream().map(r -> r.get(qi)).toArray(String[]::new)));
        }
        return sum;
    }
}
