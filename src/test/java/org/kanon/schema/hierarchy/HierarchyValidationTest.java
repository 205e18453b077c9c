package org.kanon.schema.hierarchy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.kanon.InvalidInputException;

/** What {@link Hierarchy#of} refuses, and how it says so. */
class HierarchyValidationTest {

    private static List<String> row(String... values) {
        return Arrays.asList(values);
    }

    private static String rejection(List<List<String>> rows) {
        return assertThrows(InvalidInputException.class, () -> Hierarchy.of("zip", rows, "file z.csv")).getMessage();
    }

    private static String rejection(List<List<String>> rows, List<String> locations) {
        return assertThrows(InvalidInputException.class, () -> Hierarchy.of("zip", rows, "file z.csv", locations))
                .getMessage();
    }

    @Test
    void labelsAreCountedInCharactersUpToTheLimit() {
        String emoji = "\uD83C\uDF0D".repeat(Hierarchy.MAX_LABEL_LENGTH); // 500 characters, 1,000 UTF-16 units
        assertEquals(2, Hierarchy.of("zip", List.of(row(emoji, "*"), row("53710", "*")), "file z.csv").leafCount());
        assertEquals("hierarchy for 'zip' (z.csv:2:3): a label of 501 characters at level 2; at most 500 are allowed",
                rejection(List.of(row("53715", "5371*", "*"), row("53710", "5371*", "x".repeat(501))),
                        List.of("z.csv:1", "z.csv:2")));
    }

    @Test
    void anOversizedLabelIsNamedBeforeAnyMessageQuotesIt() {
        String huge = "y".repeat(100_000);
        String message = rejection(List.of(row("53715", "*"), row(huge, "*", "*")), List.of("z.csv:1", "z.csv:2"));
        assertEquals("hierarchy for 'zip' (z.csv:2:1): a label of 100,000 characters at level 0; at most 500 are allowed", message);
    }

    @Test
    void rejectsNoRows() {
        assertEquals("hierarchy for 'zip' (file z.csv) is empty", rejection(List.of()));
    }

    @Test
    void rejectsRowsWithoutAnyLevel() {
        assertEquals("hierarchy for 'zip' (file z.csv): value '53715' has no level above it; each row needs the raw "
                + "value and at least one level", rejection(List.of(row("53715"), row("53710"))));
    }

    @Test
    void rejectsLeavesAtDifferentHeights() {
        assertEquals("hierarchy for 'zip' (file z.csv): value '53710' has 1 level, but the first row has 2",
                rejection(List.of(row("53715", "5371*", "*"), row("53710", "*"))));
    }

    @Test
    void raggedRowIsNamedByItsLocationWhenGiven() {
        assertEquals("hierarchy for 'zip' (z.csv:9): value '53710' has 3 levels, but z.csv:1 has 2",
                rejection(List.of(row("53715", "5371*", "*"), row("53710", "5371*", "537**", "*")),
                        List.of("z.csv:1", "z.csv:9")));
    }

    @Test
    void rejectsRawValueListedTwice() {
        assertEquals("hierarchy for 'zip' (file z.csv): value '53715' is listed twice",
                rejection(List.of(row("53715", "*"), row("53710", "*"), row("53715", "*"))));
    }

    @Test
    void rejectsTwoRowsForNull() {
        assertEquals("hierarchy for 'zip' (z.csv:4:1): value NULL is listed twice (z.csv:2)",
                rejection(List.of(row("53715", "*"), row(null, "*"), row(null, "*")),
                        List.of("z.csv:1", "z.csv:2", "z.csv:4")));
    }

    @Test
    void rejectsValueWithTwoParents() {
        assertEquals("hierarchy for 'zip' (file z.csv): value '5371*' at level 1 has two parents at level 2: "
                        + "'537**' and '53***'",
                rejection(List.of(
                        row("53715", "5371*", "537**", "*"),
                        row("53710", "5371*", "53***", "*"))));
    }

    @Test
    void twoParentsNameTheLineColumnAndTheFirstParentsLine() {
        assertEquals("hierarchy for 'zip' (z.csv:7:3): value '5371*' at level 1 has two parents at level 2: "
                        + "'537**' (z.csv:3) and '53***'",
                rejection(List.of(
                        row("53715", "5371*", "537**", "*"),
                        row("53710", "5371*", "53***", "*")), List.of("z.csv:3", "z.csv:7")));
    }

    @Test
    void rejectsTwoParentsAtTheTopLevelToo() {
        assertEquals("hierarchy for 'zip' (file z.csv): value '537**' at level 2 has two parents at level 3: "
                        + "'*' and 'all'",
                rejection(List.of(
                        row("53715", "5371*", "537**", "*"),
                        row("53706", "5370*", "537**", "all"))));
    }

    @Test
    void rejectsBlankLabel() {
        assertEquals("hierarchy for 'zip' (z.csv:2:2): value '53710' has a blank label at level 1",
                rejection(List.of(row("53715", "5371*", "*"), row("53710", " ", "*")), List.of("z.csv:1", "z.csv:2")));
        assertEquals("hierarchy for 'zip' (file z.csv): value '53715' has a blank label at level 2",
                rejection(List.of(row("53715", "5371*", null))));
    }

    @Test
    void reportsTheFirstProblemInRowOrder() {
        String message = rejection(List.of(
                row("a", "x", "*"),
                row("b", "x", "y"),
                row("a", "x", "*")), List.of("f.csv:1", "f.csv:2", "f.csv:3"));
        assertEquals("hierarchy for 'zip' (f.csv:2:3): value 'x' at level 1 has two parents at level 2: '*' (f.csv:1) "
                + "and 'y'", message);
    }

    @Test
    void locationsMustMatchTheRows() {
        assertThrows(IllegalArgumentException.class,
                () -> Hierarchy.of("zip", List.of(row("a", "*")), "test", List.of("f.csv:1", "f.csv:2")));
    }
}
