package org.kanon.schema.hierarchy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.kanon.InvalidInputException;

class MaskingHierarchyBuilderTest {
    private static final List<String> FIGURE_2_ZIPCODES = List.of("53715", "53710", "53706", "53703");

    @Test
    @DisplayName("Incognito Fig. 2: mask 2 gives Z1 = 5371*/5370* and Z2 = 537**, then our extra level *")
    void twoMaskedLevelsReproduceTheZipcodeHierarchyPlusStar() {
        Hierarchy zip = new MaskingHierarchyBuilder(2).build("zipcode", FIGURE_2_ZIPCODES);

        assertEquals(3, zip.height());
        assertEquals(List.of(
                List.of("53715", "5371*", "537**", "*"),
                List.of("53710", "5371*", "537**", "*"),
                List.of("53706", "5370*", "537**", "*"),
                List.of("53703", "5370*", "537**", "*")), zip.rows());
        assertEquals(2, zip.distinctValues(1));
        assertEquals(1, zip.distinctValues(2));
        for (int level = 0; level <= 2; level++) {
            for (List<String> paperRow : HierarchyTest.FIGURE_2_ZIPCODE) {
                assertEquals(paperRow.get(level), zip.generalize(paperRow.get(0), level));
            }
        }
    }

    @Test
    void defaultMasksAllButTheFirstCharacterOfTheLongestValue() {
        Hierarchy zip = new MaskingHierarchyBuilder().build("zipcode", List.of("53715"));

        assertEquals(List.of("53715", "5371*", "537**", "53***", "5****", "*"), zip.rows().get(0));
        assertEquals("mask", new MaskingHierarchyBuilder().describe());
        assertEquals("mask", new MaskingHierarchyBuilder(0).describe());
        assertEquals("mask", new MaskingHierarchyBuilder(-3).describe());
        assertEquals(5, new MaskingHierarchyBuilder(-3).build("zipcode", List.of("53715")).height());
    }

    @Test
    void valuesOfDifferentLengthKeepTheirLengthAndStillFormATree() {
        Hierarchy code = new MaskingHierarchyBuilder().build("code", List.of("12", "123", "1234", "13", "5"));

        assertEquals(List.of("12", "1*", "**", "**", "*"), code.rows().get(0));
        assertEquals(List.of("123", "12*", "1**", "***", "*"), code.rows().get(1));
        assertEquals(List.of("1234", "123*", "12**", "1***", "*"), code.rows().get(2));
        assertEquals(List.of("5", "*", "*", "*", "*"), code.rows().get(4));
        assertEquals("1*", code.generalize("13", 1));
        TreeAssertions.assertEveryLabelHasOneParent(code);
    }

    @Test
    void masksCodePointsNotChars() {
        Hierarchy h = new MaskingHierarchyBuilder(1).build("x", List.of("a\uD83D\uDE00"));
        assertEquals("a*", h.generalize("a\uD83D\uDE00", 1));
    }

    @Test
    void singleCharacterValuesGoStraightToStar() {
        Hierarchy grade = new MaskingHierarchyBuilder().build("grade", List.of("A", "B"));
        assertEquals(1, grade.height());
        assertEquals("*", grade.generalize("B", 1));
    }

    @Test
    void rejectsMaskingMoreCharactersThanTheLongestValueHas() {
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> new MaskingHierarchyBuilder(6).build("zipcode", FIGURE_2_ZIPCODES));
        assertEquals("mask 6 for 'zipcode': the longest value has 5 characters, so at most 5 can be masked",
                e.getMessage());
    }

    @Test
    void maskingEveryCharacterIsALevelOfStarsOfEachLength() {
        Hierarchy zip = new MaskingHierarchyBuilder(5).build("zipcode", List.of("53715", "537"));
        assertEquals(List.of("53715", "5371*", "537**", "53***", "5****", "*****", "*"), zip.rows().get(0));
        assertEquals(List.of("537", "53*", "5**", "***", "***", "***", "*"), zip.rows().get(1));
    }
}
