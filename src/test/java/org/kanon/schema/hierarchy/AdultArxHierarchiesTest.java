package org.kanon.schema.hierarchy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** ARX's Adult hierarchies, read in place; expected heights and leaf rows from ../shared/datasets/adult-arx/README.md. */
class AdultArxHierarchiesTest {
    private Path dir;

    @BeforeEach
    void findData() {
        dir = SharedDatasets.dataset("adult-arx");
        assumeTrue(Files.isDirectory(dir), "needs ../shared/datasets/adult-arx (absent on a fresh machine)");
    }

    private Hierarchy read(String attribute) {
        return ArxHierarchyReader.read(dir.resolve("adult_hierarchy_" + attribute + ".csv"), attribute);
    }

    @ParameterizedTest(name = "{0}: height {1}, {2} leaf rows")
    @CsvSource({
            "age, 4, 100",
            "sex, 1, 2",
            "race, 1, 5",
            "marital-status, 2, 7",
            "education, 3, 16",
            "native-country, 2, 41",
            "workclass, 2, 8",
            "occupation, 2, 14",
            "salary-class, 1, 2"})
    void readsHeightAndLeafCountFromTheReadme(String attribute, int height, int leafRows) {
        Hierarchy hierarchy = read(attribute);

        assertEquals(height, hierarchy.height());
        assertEquals(leafRows, hierarchy.leafCount());
        assertEquals(leafRows, hierarchy.leafValues().size());
        assertFalse(hierarchy.mapsNull());
        assertEquals(1, hierarchy.distinctValues(height), "a single root");
        assertEquals("*", hierarchy.generalize(hierarchy.leafValues().iterator().next(), height));
    }

    @Test
    @DisplayName("README quirk: the age labels are shifted by one, 40 -> 35-39 -> 30-39 -> 20-39")
    void ageLabelsAreShiftedByOne() {
        Hierarchy age = read("age");

        assertEquals(List.of("40", "35-39", "30-39", "20-39", "*"),
                List.of(age.generalize("40", 0), age.generalize("40", 1), age.generalize("40", 2),
                        age.generalize("40", 3), age.generalize("40", 4)));
        assertEquals("0-4", age.generalize("5", 1));
        assertEquals("85-89", age.generalize("90", 1));
        assertEquals("80-99", age.generalize("90", 3));
    }

    @Test
    void levelsOneAreTheGroupsTheReadmeNames() {
        assertEquals(2, read("marital-status").distinctValues(1), "spouse present / spouse not present");
        assertEquals(5, read("native-country").distinctValues(1), "five continents");
        assertEquals(3, read("education").distinctValues(2), "higher, secondary, primary education");
        assertEquals(3, read("workclass").distinctValues(1), "non-government, government, unemployed");
    }

    @Test
    void everyHierarchyFileIsForTheAttributeInItsName() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> hierarchies = files.filter(f -> f.getFileName().toString().startsWith("adult_hierarchy_")).toList();
            assertEquals(9, hierarchies.size());
            for (Path file : hierarchies) {
                Optional<String> attribute = ArxHierarchyReader.attributeOf(file);
                assertEquals(file.getFileName().toString(), "adult_hierarchy_" + attribute.orElseThrow() + ".csv");
                assertTrue(ArxHierarchyReader.fileMatches(file, attribute.orElseThrow().toUpperCase(Locale.ROOT)));
            }
        }
    }
}
