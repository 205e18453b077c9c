package org.kanon.metrics;

import static org.junit.jupiter.api.Assertions.*;

import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The weighted hierarchical distance of the TKDE paper (Definition 5) on its own examples. The paper numbers a
 * hierarchy of h levels 1 (root) .. h (raw); kanon numbers the same hierarchy 0 (raw) .. h - 1 (root), so the paper's
 * WHD(p, q) is kanon's whd(h - 1, h - p, h - q).
 */
class HierarchyWeightsTest {
    /** Date of Birth: day/month/year, month/year, year, 10-year interval, life stage, *: 6 paper levels. */
    private static final int DATE_OF_BIRTH = 5;

    @Test
    @DisplayName("uniform: WHD(6,4) from day/month/year to year = (1+1)/5 = 0.4; Gender WHD(2,1) = 1; Postcode dddd -> ddd* = 1/4")
    void uniformExamples() {
        HierarchyWeights uniform = HierarchyWeights.uniform();
        assertEquals(0.4, uniform.whd(DATE_OF_BIRTH, 0, 2), 1e-12);
        assertEquals(1.0, uniform.whd(1, 0, 1), 1e-12);
        assertEquals(0.25, uniform.whd(4, 0, 1), 1e-12);
    }

    @Test
    @DisplayName("height, beta = 1: WHD(6,5) from day/month/year to month/year = (1/5)/(1/5+1/4+1/3+1/2+1) = 0.087; Gender WHD(2,1) = 1")
    void heightExamples() {
        HierarchyWeights height = HierarchyWeights.height(1);
        double whd = height.whd(DATE_OF_BIRTH, 0, 1);
        assertEquals(0.087, Math.floor(whd * 1000) / 1000.0, 1e-12, "the paper cuts 0.0876 to 3 decimals");
        assertEquals((1 / 5.0) / (1 / 5.0 + 1 / 4.0 + 1 / 3.0 + 1 / 2.0 + 1), whd, 1e-12);
        assertEquals(1.0, height.whd(1, 0, 1), 1e-12);
        assertTrue(1 / whd > 11, "one Gender cell to * costs more than 11 Date-of-Birth cells one level up");
        // a larger beta penalizes steps near the root more: the first step's share shrinks
        assertTrue(HierarchyWeights.height(2).whd(DATE_OF_BIRTH, 0, 1) < whd);
    }

    @Test
    @DisplayName("WHD is additive along a path, 0 for no step and 1 from raw to root, for both weightings and random heights")
    void additive() {
        Random random = new Random(2008);
        for (int trial = 0; trial < 200; trial++) {
            int h = 1 + random.nextInt(8);
            HierarchyWeights w = random.nextBoolean() ? HierarchyWeights.uniform() : HierarchyWeights.height(1 + 3 * random.nextDouble());
            int a = random.nextInt(h + 1);
            int b = a + random.nextInt(h + 1 - a);
            int c = b + random.nextInt(h + 1 - b);
            assertEquals(w.whd(h, a, c), w.whd(h, a, b) + w.whd(h, b, c), 1e-12, w + " height " + h);
            assertEquals(0, w.whd(h, a, a), 1e-12);
            assertEquals(1, w.whd(h, 0, h), 1e-12);
        }
        assertArrayEquals(new double[] {0}, HierarchyWeights.uniform().cumulative(0));
    }

    @Test
    @DisplayName("height weights need a finite beta >= 1")
    void betaAtLeastOne() {
        assertThrows(IllegalArgumentException.class, () -> HierarchyWeights.height(0.5));
        assertThrows(IllegalArgumentException.class, () -> HierarchyWeights.height(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> HierarchyWeights.height(Double.POSITIVE_INFINITY));
    }
}
