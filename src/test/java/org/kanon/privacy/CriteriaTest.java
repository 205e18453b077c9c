package org.kanon.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.kanon.InvalidInputException;
import org.kanon.schema.hierarchy.Hierarchy;

/** Each criterion's definition on hand-computed classes, and the t-closeness paper's distances (ICDE 2007, section 4.3). */
class CriteriaTest {
    /** The paper's salaries 3k..11k, one row each. */
    private static Domain salaries() {
        List<Object> values = new ArrayList<>();
        for (int s = 3; s <= 11; s++) {
            values.add(java.math.BigDecimal.valueOf(s * 1000L));
        }
        long[] counts = new long[9];
        java.util.Arrays.fill(counts, 1);
        return new Domain(List.of(new Domain.SensitiveValues("salary", values, counts, Optional.empty())));
    }

    private static ClassDetail salaryClass(int... thousands) {
        long[] h = new long[9];
        for (int t : thousands) {
            h[t - 3]++;
        }
        return new ClassDetail(thousands.length, -1, new long[][] {h});
    }

    private static double measure(Criterion c, Domain d, ClassDetail x) {
        return c.bind(d).measure(x);
    }

    @Test
    @DisplayName("Ordered distance: the paper's 0.375 for {3k,4k,5k} and 0.167 for {6k,8k,11k}; equal distance 2/3 for {3k,4k,5k}")
    void paperDistances() {
        TCloseness ordered = new TCloseness(Share.parse("--t", "1"), EarthMoversDistance.Ground.ORDERED, "salary");
        assertEquals(0.375, measure(ordered, salaries(), salaryClass(3, 4, 5)), 1e-12);
        assertEquals(1.0 / 6, measure(ordered, salaries(), salaryClass(6, 8, 11)), 1e-12);
        TCloseness equal = new TCloseness(Share.parse("--t", "1"), EarthMoversDistance.Ground.EQUAL, "salary");
        assertEquals(2.0 / 3, measure(equal, salaries(), salaryClass(3, 4, 5)), 1e-12);
        TCloseness at = new TCloseness(Share.parse("--t", "0.375"), EarthMoversDistance.Ground.ORDERED, "salary");
        assertTrue(at.bind(salaries()).accepts(salaryClass(3, 4, 5)), "a distance of exactly t passes");
        assertFalse(new TCloseness(Share.parse("--t", "0.374"), EarthMoversDistance.Ground.ORDERED, "salary").bind(salaries())
                .accepts(salaryClass(3, 4, 5)));
    }

    /** a, b under X; c, d under Y; X, Y under *: height 2, every leaf 1/4 of the table. */
    private static Domain tree() {
        Hierarchy h = Hierarchy.of("s", List.of(List.of("a", "X", "*"), List.of("b", "X", "*"), List.of("c", "Y", "*"), List.of("d", "Y", "*")), "test");
        return new Domain(List.of(new Domain.SensitiveValues("s", List.of("a", "b", "c", "d"), new long[] {1, 1, 1, 1}, Optional.of(h))));
    }

    @Test
    @DisplayName("Hierarchical distance: {a,b} moves 1/2 across the root (cost 1 x 1/2); {a,c} moves 1/4 within X and Y (cost 1/2 x 1/4 each)")
    void hierarchicalDistance() {
        TCloseness t = new TCloseness(Share.parse("--t", "1"), EarthMoversDistance.Ground.HIERARCHICAL, "s");
        assertEquals(0.5, measure(t, tree(), new ClassDetail(2, -1, new long[][] {{1, 1, 0, 0}})), 1e-12);
        assertEquals(0.25, measure(t, tree(), new ClassDetail(2, -1, new long[][] {{1, 0, 1, 0}})), 1e-12);
        assertEquals(0, measure(t, tree(), new ClassDetail(4, -1, new long[][] {{1, 1, 1, 1}})), 1e-12);
        Domain noHierarchy = new Domain(List.of(new Domain.SensitiveValues("s", List.of("a"), new long[] {1}, Optional.empty())));
        assertThrows(InvalidInputException.class, () -> t.bind(noHierarchy));
    }

    @Test
    @DisplayName("Entropy: {2,2} is exactly ln 2 (passes l = 2, fails l = 3); {3,1} fails l = 2")
    void entropy() {
        Domain d = new Domain(List.of(new Domain.SensitiveValues("s", List.of("a", "b"), new long[] {5, 3}, Optional.empty())));
        assertTrue(new EntropyLDiversity(2, "s").bind(d).accepts(new ClassDetail(4, -1, new long[][] {{2, 2}})));
        assertFalse(new EntropyLDiversity(3, "s").bind(d).accepts(new ClassDetail(4, -1, new long[][] {{2, 2}})));
        assertFalse(new EntropyLDiversity(2, "s").bind(d).accepts(new ClassDetail(4, -1, new long[][] {{3, 1}})));
        assertEquals(2.0, new EntropyLDiversity(2, "s").bind(d).measure(new ClassDetail(4, -1, new long[][] {{2, 2}})), 1e-12);
    }

    @Test
    @DisplayName("Recursive (c,l): {4,2,1} passes c = 2, l = 2 (4 < 2 x 3); {5,2} fails (5 >= 4); {3,2} fails c = 1.5 (strict); one value fails l = 2")
    void recursive() {
        Domain d = new Domain(List.of(new Domain.SensitiveValues("s", List.of("a", "b", "c"), new long[] {9, 4, 1}, Optional.empty())));
        RecursiveCLDiversity two = new RecursiveCLDiversity(Ratio.parse("--c", "2"), 2, "s");
        assertTrue(two.bind(d).accepts(new ClassDetail(7, -1, new long[][] {{4, 2, 1}})));
        assertFalse(two.bind(d).accepts(new ClassDetail(7, -1, new long[][] {{5, 2, 0}})));
        assertFalse(new RecursiveCLDiversity(Ratio.parse("--c", "1.5"), 2, "s").bind(d).accepts(new ClassDetail(5, -1, new long[][] {{3, 2, 0}})));
        assertTrue(new RecursiveCLDiversity(Ratio.parse("--c", "1.51"), 2, "s").bind(d).accepts(new ClassDetail(5, -1, new long[][] {{3, 2, 0}})));
        assertFalse(two.bind(d).accepts(new ClassDetail(3, -1, new long[][] {{3, 0, 0}})));
        // l = 3: r1 < c (r3 + ...): {4,2,1} with c = 4 passes (4 < 4 x 1), c = 4 fails {4,2,1}? 4 < 4 is false
        assertFalse(new RecursiveCLDiversity(Ratio.parse("--c", "4"), 3, "s").bind(d).accepts(new ClassDetail(7, -1, new long[][] {{4, 2, 1}})));
        assertTrue(new RecursiveCLDiversity(Ratio.parse("--c", "4.01"), 3, "s").bind(d).accepts(new ClassDetail(7, -1, new long[][] {{4, 2, 1}})));
        assertThrows(InvalidInputException.class, () -> new RecursiveCLDiversity(Ratio.parse("--c", "0"), 2, "s"));
    }

    @Test
    @DisplayName("k-map counts population rows of classes with rows; delta-presence bounds are inclusive, a class without rows has 0")
    void population() {
        Domain none = new Domain(List.of());
        Criterion.ClassTest map = new KMap(3, "p").bind(none);
        assertTrue(map.accepts(new ClassDetail(1, 3, new long[0][])));
        assertFalse(map.accepts(new ClassDetail(1, 2, new long[0][])));
        assertTrue(map.accepts(new ClassDetail(0, 1, new long[0][])), "a class of the population alone releases nobody");
        Criterion.ClassTest presence = new DeltaPresence(Ratio.parse("dmin", "0.3333"), Ratio.parse("dmax", "0.5"), "p").bind(none);
        assertTrue(presence.accepts(new ClassDetail(1, 3, new long[0][])));
        assertTrue(presence.accepts(new ClassDetail(1, 2, new long[0][])));
        assertFalse(presence.accepts(new ClassDetail(2, 3, new long[0][])));
        assertFalse(presence.accepts(new ClassDetail(0, 2, new long[0][])));
        assertTrue(new DeltaPresence(Ratio.parse("dmin", "0"), Ratio.parse("dmax", "1"), "p").bind(none).accepts(new ClassDetail(0, 2, new long[0][])));
        assertThrows(InvalidInputException.class, () -> new DeltaPresence(Ratio.parse("dmin", "0.6"), Ratio.parse("dmax", "0.5"), "p"));
        assertThrows(InvalidInputException.class, () -> new DeltaPresence(Ratio.parse("dmin", "0"), Ratio.parse("dmax", "0"), "p"));
    }

    @Test
    @DisplayName("A requirement's code reads back as the same requirement; only k-map keeps a suppression allowance monotone")
    void codesAndMonotonicity() {
        Requirement r = new Requirement(5, List.of(new EntropyLDiversity(3, "occu;pation"), new RecursiveCLDiversity(Ratio.parse("c", "2.5"), 2, "b"),
                new TCloseness(Share.parse("t", "0.2"), EarthMoversDistance.Ground.HIERARCHICAL, "b|c"), new KMap(4, "pop"),
                new DeltaPresence(Ratio.parse("d", "0.1"), Ratio.parse("d", "0.9"), "pop"), new DiversityCriterion(2, LDiversity.Form.DISTINCT, "x=y")));
        assertEquals(Optional.of(r), ModelCode.decode(r.code(), null, List.of()));
        assertEquals(List.of("occu;pation", "b", "b|c", "x=y"), r.sensitiveColumns());
        assertFalse(r.monotoneWithSuppression());
        assertTrue(new Requirement(2, List.of(new KMap(4, "pop"))).monotoneWithSuppression());
        assertEquals(Optional.empty(), ModelCode.decode("requirement;k=2|t-closeness;t=2;distance=equal;sensitive=s", null, List.of()),
                "t outside (0,1]: not a code kanon wrote");
        assertEquals(Optional.empty(), ModelCode.decode("requirement;k=2", null, List.of()));
        assertThrows(InvalidInputException.class, () -> new Requirement(2, List.of(new KMap(4, "p1"), new DeltaPresence(
                Ratio.parse("d", "0"), Ratio.parse("d", "1"), "p2"))), "one population per requirement");
    }
}
