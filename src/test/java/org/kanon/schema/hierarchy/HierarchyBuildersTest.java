package org.kanon.schema.hierarchy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.kanon.InvalidInputException;

class HierarchyBuildersTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "interval:5,10,20 | interval 5,10,20",
            "interval: 5, 10 | interval 5,10",
            "mask | mask",
            "mask:3 | mask 3",
            "suppress | suppress",
            "SUPPRESS | suppress",
            "date | date yyyy-MM-dd",
            "date:M/d/yy | date M/d/yy"})
    void parsesEachValidForm(String spec, String description) {
        assertEquals(description, HierarchyBuilders.parse(spec).describe());
    }

    @Test
    void parsedBuildersBuild() {
        HierarchyBuilder interval = HierarchyBuilders.parse("interval:5,10");
        assertInstanceOf(IntervalHierarchyBuilder.class, interval);
        assertEquals("35-39", interval.build("age", List.of("37")).generalize("37", 1));
        assertEquals("537**", HierarchyBuilders.parse("mask:2").build("zip", List.of("53715")).generalize("53715", 2));
    }

    @ParameterizedTest
    @ValueSource(strings = {"round", "intervals:5", "", "suppress:1", "interval", "interval:", "date:"})
    void rejectsUnknownOrIncompleteSpecsListingTheValidForms(String spec) {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> HierarchyBuilders.parse(spec));
        assertTrue(e.getMessage().endsWith("valid forms: " + HierarchyBuilders.VALID_FORMS), e.getMessage());
    }

    @Test
    void unknownSpecIsQuoted() {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> HierarchyBuilders.parse("round:5"));
        assertEquals("unknown hierarchy spec 'round:5'; valid forms: " + HierarchyBuilders.VALID_FORMS, e.getMessage());
    }

    @Test
    void rejectsWidthThatIsNotANumber() {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> HierarchyBuilders.parse("interval:5,x"));
        assertTrue(e.getMessage().startsWith("hierarchy spec 'interval:5,x': width 'x' is not a whole number"),
                e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"mask:0", "mask:-1", "mask:two", "mask:"})
    void rejectsMaskCountBelowOne(String spec) {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> HierarchyBuilders.parse(spec));
        assertEquals("hierarchy spec '" + spec + "': mask:N needs a number of characters N >= 1, or plain 'mask' for "
                + "all but the first character", e.getMessage());
    }

    @Test
    void nonNestingWidthsAreRejectedByTheBuilder() {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> HierarchyBuilders.parse("interval:5,7"));
        assertEquals("interval 5,7: width 7 is not a larger multiple of 5, so its intervals would not nest", e.getMessage());
    }
}
