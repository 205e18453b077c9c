package org.kanon.schema.hierarchy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.kanon.InvalidInputException;

class IntervalHierarchyBuilderTest {
    private final IntervalHierarchyBuilder fiveTenTwenty = new IntervalHierarchyBuilder(List.of(5L, 10L, 20L));

    @Test
    void mapsEachValueToAlignedIntervalsThenStar() {
        Hierarchy age = fiveTenTwenty.build("age", List.of("37", "40", "19", "20"));

        assertEquals(4, age.height());
        assertEquals(List.of("37", "35-39", "30-39", "20-39", "*"), age.rows().get(0));
        assertEquals(List.of("40", "40-44", "40-49", "40-59", "*"), age.rows().get(1));
        assertEquals(List.of("19", "15-19", "10-19", "0-19", "*"), age.rows().get(2));
        assertEquals(List.of("20", "20-24", "20-29", "20-39", "*"), age.rows().get(3));
        TreeAssertions.assertEveryLabelHasOneParent(age);
    }

    @Test
    void negativeValuesUseFloorDivision() {
        Hierarchy temperature = new IntervalHierarchyBuilder(List.of(5L, 10L)).build("t", List.of("-1", "-5", "-6", "0"));

        assertEquals("-5--1", temperature.generalize("-1", 1));
        assertEquals("-5--1", temperature.generalize("-5", 1));
        assertEquals("-10--6", temperature.generalize("-6", 1));
        assertEquals("0-4", temperature.generalize("0", 1));
        assertEquals("-10--1", temperature.generalize("-1", 2));
        assertEquals("-10--1", temperature.generalize("-6", 2));
        TreeAssertions.assertEveryLabelHasOneParent(temperature);
    }

    @Test
    void originDescribesTheWidths() {
        assertEquals("interval 5,10,20", fiveTenTwenty.describe());
        assertEquals("interval 5,10,20", fiveTenTwenty.build("age", List.of("1")).origin());
        assertEquals(List.of(5L, 10L, 20L), fiveTenTwenty.widths());
    }

    @Test
    void repeatedValuesGiveOneRow() {
        assertEquals(2, fiveTenTwenty.build("age", List.of("37", "37", "38")).leafCount());
    }

    @Test
    void acceptsDecimalTextWithoutFraction() {
        assertEquals("40-44", fiveTenTwenty.build("age", List.of("42.0")).generalize("42.0", 1));
    }

    @Test
    void rejectsNonIntegerValues() {
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> fiveTenTwenty.build("age", List.of("37", "37.5")));
        assertEquals("interval 5,10,20 for 'age': value '37.5' is not an integer", e.getMessage());
        assertThrows(InvalidInputException.class, () -> fiveTenTwenty.build("age", List.of("forty")));
    }

    @Test
    void rejectsValuesWhoseIntervalLeavesTheLongRange() {
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> fiveTenTwenty.build("n", List.of(String.valueOf(Long.MAX_VALUE))));
        assertEquals("interval 5,10,20 for 'n': value '9223372036854775807' is too close to the limits of a 64-bit "
                + "integer for these intervals", e.getMessage());
    }

    @Test
    void rejectsWidthsThatDoNotNest() {
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> new IntervalHierarchyBuilder(List.of(5L, 10L, 25L)));
        assertEquals("interval 5,10,25: width 25 is not a larger multiple of 10, so its intervals would not nest",
                e.getMessage());
        assertThrows(InvalidInputException.class, () -> new IntervalHierarchyBuilder(List.of(5L, 5L)));
        assertThrows(InvalidInputException.class, () -> new IntervalHierarchyBuilder(List.of(10L, 5L)));
    }

    @Test
    void rejectsWidthsThatAreNotPositive() {
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> new IntervalHierarchyBuilder(List.of(0L, 10L)));
        assertEquals("interval 0,10: width 0 is not positive", e.getMessage());
        assertThrows(InvalidInputException.class, () -> new IntervalHierarchyBuilder(List.of(-5L)));
        assertThrows(InvalidInputException.class, () -> new IntervalHierarchyBuilder(List.of()));
    }

    @Test
    void noValuesIsAnEmptyHierarchy() {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> fiveTenTwenty.build("age", List.of()));
        assertEquals("hierarchy for 'age' (interval 5,10,20) is empty", e.getMessage());
    }
}
