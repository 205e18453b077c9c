package org.kanon.permutation;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.kanon.InvalidInputException;

/** The permutation paper's partitioning: Example 4's NCP, Theorem 3 as a property, Algorithm 2, feasibility. */
class PartitioningTest {

    /** Table 1: Age, Sex; Disease. */
    static Microdata table1() {
        Object[] age = {65, 50, 70, 55, 90, 45, 50, 40, 10};
        Object[] sex = {"M", "M", "F", "F", "F", "M", "F", "F", "M"};
        List<String> disease = List.of("Emphysema", "Cancer", "Flu", "Gastritic", "Dyspepsia", "Flu", "Pneumonia", "Gastritic", "Bronchitis");
        return Microdata.of(List.of(new Microdata.Column("Age", true, List.of(age)), new Microdata.Column("Sex", false, List.of(sex))), disease);
    }

    @Test
    void example4NcpOfTable2() {
        // Table 2's groups: Bob, Alex, Jane, Lily, Andy | Mary, Linda, Lucy, Sarah
        List<int[]> groups = List.of(new int[] {0, 1, 2, 3, 4}, new int[] {5, 6, 7, 8});
        assertEquals(13.5, Ncp.of(table1(), groups), 1e-12);
    }

    @Test
    void table1AtLevel4IsPartitionedIntoDiverseGroups() {
        Microdata t = table1();
        for (boolean preprocess : new boolean[] {false, true}) {
            List<int[]> groups = Partitioning.partition(t, 4, preprocess, new SplittableRandom(1));
            assertTrue(Partitioning.diverse(t, groups, 4));
            assertEquals(2, groups.size(), "floor(9 / 4) groups");
            assertCovers(t, groups);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 5, 7})
    void theorem3EveryFeasibleTableGivesDiverseGroups(int l) {
        Random random = new Random(l);
        int feasible = 0;
        for (int trial = 0; trial < 200; trial++) {
            Microdata t = random(random, l * (1 + random.nextInt(30)) + random.nextInt(l), l + random.nextInt(3 * l), random.nextInt(4));
            long max = 0;
            for (long c : t.sensitiveCounts()) {
                max = Math.max(max, c);
            }
            if (max * l > t.size()) {
                assertThrows(InvalidInputException.class, () -> Feasibility.require(t, l, "s"));
                continue;
            }
            feasible++;
            Feasibility.require(t, l, "s");
            for (boolean preprocess : new boolean[] {false, true}) {
                List<int[]> groups = Partitioning.partition(t, l, preprocess, new SplittableRandom(trial));
                assertTrue(Partitioning.diverse(t, groups, l), "a group is not " + l + "-diverse");
                for (int[] g : groups) {
                    assertTrue(g.length >= l && g.length < 2 * l, "group of " + g.length + " at l = " + l);
                }
                assertCovers(t, groups);
            }
        }
        assertTrue(feasible > 40, "too few feasible tables drawn: " + feasible);
    }

    @Test
    void algorithm2LowersTheNcp() {
        Random random = new Random(3);
        Microdata t = random(random, 2000, 12, 0);
        double roundRobin = Ncp.of(t, Partitioning.partition(t, 4, false, new SplittableRandom(1)));
        double preprocessed = Ncp.of(t, Partitioning.partition(t, 4, true, new SplittableRandom(1)));
        assertTrue(preprocessed < 0.5 * roundRobin, "NCP " + preprocessed + " after Algorithm 2 vs " + roundRobin + " without");
    }

    @Test
    void nullIsASensitiveValueOfItsOwnAndACategoryOfItsOwn() {
        List<Object> sex = new ArrayList<>(java.util.Arrays.asList("F", null, "null", "M", null, "F"));
        List<String> s = new ArrayList<>(java.util.Arrays.asList("", null, "a", "", null, "b"));
        Microdata t = Microdata.of(List.of(new Microdata.Column("sex", false, sex)), s);
        assertEquals(4, t.sensitiveValueCount(), "NULL, '', a, b");
        assertEquals(4.0, t.domain(0), "NULL, F, M and the text 'null'");
        assertNull(t.sensitiveValue(t.sensitive(1)));
        Feasibility.require(t, 3, "s");   // 2 NULLs and 2 '' of 6 rows: 3-diverse is feasible only if they differ
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> Feasibility.require(t, 4, "s"));
        assertTrue(e.getMessage().contains("= NULL holds 2") || e.getMessage().contains("= '' holds 2"), e.getMessage());
    }

    @Test
    void infeasibleLAndLBelowTwoAreRefusedWithTheValueNamed() {
        Microdata t = table1();
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> Feasibility.require(t, 5, "Disease"));
        assertTrue(e.getMessage().contains("'Flu' holds 2 of the 9 rows"), e.getMessage());
        assertTrue(e.getMessage().contains("largest feasible l is 4"), e.getMessage());
        assertThrows(InvalidInputException.class, () -> Feasibility.require(t, 1, "Disease"));
    }

    @Test
    void populatingPermutesWithinGroupsOnly() {
        Microdata t = table1();
        List<int[]> groups = Partitioning.partition(t, 4, true, new SplittableRandom(5));
        Populating.Layout layout = Populating.permute(groups, 2, new SplittableRandom(9), true);
        for (int j = 0; j < groups.size(); j++) {
            for (int[] column : layout.members()[j]) {
                assertArrayEquals(sorted(groups.get(j)), sorted(column), "a column of group " + j + " is not a permutation of its members");
            }
        }
        boolean reordered = false;
        for (int seed = 0; seed < 5; seed++) {
            Populating.Layout anatomy = Populating.permute(groups, 2, new SplittableRandom(seed), false);
            for (int j = 0; j < groups.size(); j++) {
                int[][] columns = anatomy.members()[j];
                assertArrayEquals(columns[0], columns[1], "Anatomy keeps whole QI tuples");
                assertArrayEquals(sorted(groups.get(j)), sorted(columns[0]));
                // Algorithm 1 lists members by sensitive value: the QI table must not keep that order
                reordered |= !java.util.Arrays.equals(groups.get(j), columns[0]);
            }
        }
        assertTrue(reordered, "Anatomy's QI rows follow the members' sensitive order");
    }

    private static int[] sorted(int[] a) {
        int[] c = a.clone();
        java.util.Arrays.sort(c);
        return c;
    }

    private static void assertCovers(Microdata t, List<int[]> groups) {
        BitSet seen = new BitSet();
        for (int[] g : groups) {
            for (int r : g) {
                assertFalse(seen.get(r), "row " + r + " twice");
                seen.set(r);
            }
        }
        assertEquals(t.size(), seen.cardinality());
    }

    /** n rows; sensitive values v0..v(values-1), v0 drawn more often when skew > 0 (one row in skew + 2 forced to v0). */
    private static Microdata random(Random random, int n, int values, int skew) {
        List<Object> age = new ArrayList<>();
        List<Object> zip = new ArrayList<>();
        List<Object> sex = new ArrayList<>();
        List<String> s = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            age.add(18 + random.nextInt(70));
            zip.add(10000 + random.nextInt(50) * 7);
            sex.add(random.nextBoolean() ? "F" : "M");
            s.add("v" + (skew > 0 && random.nextInt(skew + 2) == 0 ? 0 : random.nextInt(values)));
        }
        return Microdata.of(List.of(new Microdata.Column("age", true, age), new Microdata.Column("zip", true, zip),
                new Microdata.Column("sex", false, sex)), s);
    }
}
