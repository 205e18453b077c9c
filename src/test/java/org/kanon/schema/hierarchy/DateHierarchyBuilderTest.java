package org.kanon.schema.hierarchy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.kanon.InvalidInputException;

class DateHierarchyBuilderTest {

    @Test
    void isoDatesGoToMonthYearThenStar() {
        Hierarchy born = new DateHierarchyBuilder().build("born", List.of("2026-11-25", "2026-12-01", "1999-01-31"));

        assertEquals(3, born.height());
        assertEquals(List.of("2026-11-25", "2026-11", "2026", "*"), born.rows().get(0));
        assertEquals(List.of("1999-01-31", "1999-01", "1999", "*"), born.rows().get(2));
        assertEquals("date yyyy-MM-dd", born.origin());
        TreeAssertions.assertEveryLabelHasOneParent(born);
    }

    @Test
    void isoPatternTakesTheDatePartOfTimestampText() {
        Hierarchy seen = new DateHierarchyBuilder().build("seen", List.of("2026-11-25 00:00:00.0", "2026-11-25T08:30:00"));

        assertEquals("2026-11", seen.generalize("2026-11-25 00:00:00.0", 1));
        assertEquals("2026", seen.generalize("2026-11-25T08:30:00", 2));
        assertEquals(2, seen.leafCount());
    }

    @Test
    void customPatternParsesItsOwnForm() {
        Hierarchy born = new DateHierarchyBuilder("M/d/yy").build("born", List.of("11/25/26", "1/2/99"));

        assertEquals("2026-11", born.generalize("11/25/26", 1));
        assertEquals("2099", born.generalize("1/2/99", 2));
        assertEquals("date M/d/yy", born.origin());
    }

    @Test
    void rejectsUnparseableValueNamingValueAndPattern() {
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> new DateHierarchyBuilder().build("born", List.of("2026-11-25", "25.11.2026")));
        assertEquals("date yyyy-MM-dd for 'born': value '25.11.2026' is not a date in the pattern yyyy-MM-dd",
                e.getMessage());
    }

    @Test
    void isoRejectsDaysThatDoNotExist() {
        assertThrows(InvalidInputException.class, () -> new DateHierarchyBuilder().build("born", List.of("2026-02-30")));
    }

    @Test
    void customPatternDoesNotTakeTimestampText() {
        assertThrows(InvalidInputException.class,
                () -> new DateHierarchyBuilder("yyyy/MM/dd").build("born", List.of("2026/11/25 00:00")));
    }

    @Test
    void rejectsInvalidPattern() {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> new DateHierarchyBuilder("yyyy-bb"));
        assertTrue(e.getMessage().startsWith("date hierarchy: 'yyyy-bb' is not a java.time date pattern"),
                e.getMessage());
        assertThrows(InvalidInputException.class, () -> new DateHierarchyBuilder(" "));
    }
}
