package org.kanon.schema.hierarchy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class HierarchyTest {

    /** Incognito (LeFevre, DeWitt, Ramakrishnan, SIGMOD 2005), Figure 2: the Zipcode hierarchy Z0 -> Z1 -> Z2. */
    static final List<List<String>> FIGURE_2_ZIPCODE = List.of(
            List.of("53715", "5371*", "537**"),
            List.of("53710", "5371*", "537**"),
            List.of("53706", "5370*", "537**"),
            List.of("53703", "5370*", "537**"));

    private static List<String> row(String... values) {
        return Arrays.asList(values);
    }

    @Test
    @DisplayName("Incognito Fig. 2: Zipcode hierarchy has height 2, 4 values, 2 labels at Z1 and one at Z2")
    void figure2ZipcodeHierarchy() {
        Hierarchy zip = Hierarchy.of("zipcode", FIGURE_2_ZIPCODE, "Incognito Figure 2");

        assertEquals("zipcode", zip.attribute());
        assertEquals("Incognito Figure 2", zip.origin());
        assertEquals(2, zip.height());
        assertEquals(4, zip.leafCount());
        assertEquals(Set.of("53715", "53710", "53706", "53703"), zip.leafValues());
        assertEquals(4, zip.distinctValues(0));
        assertEquals(2, zip.distinctValues(1));
        assertEquals(1, zip.distinctValues(2));
        assertEquals("5371*", zip.generalize("53710", 1));
        assertEquals("5370*", zip.generalize("53703", 1));
        assertEquals("537**", zip.generalize("53706", 2));
        assertFalse(zip.mapsNull());
    }

    @Test
    void levelZeroGeneralizesToTheValueItself() {
        Hierarchy zip = Hierarchy.of("zipcode", FIGURE_2_ZIPCODE, "figure 2");
        assertEquals("53715", zip.generalize("53715", 0));
    }

    @Test
    void unknownValueIsABugNotAUserError() {
        Hierarchy zip = Hierarchy.of("zipcode", FIGURE_2_ZIPCODE, "figure 2");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> zip.generalize("99999", 1));
        assertTrue(e.getMessage().contains("'99999'"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> zip.generalize("99999", 0));
    }

    @Test
    void levelOutsideTheHeightIsRejected() {
        Hierarchy zip = Hierarchy.of("zipcode", FIGURE_2_ZIPCODE, "figure 2");
        assertThrows(IllegalArgumentException.class, () -> zip.generalize("53715", 3));
        assertThrows(IllegalArgumentException.class, () -> zip.generalize("53715", -1));
        assertThrows(IllegalArgumentException.class, () -> zip.distinctValues(3));
    }

    @Test
    void nullRawValueIsTheRowForSqlNull() {
        Hierarchy sex = Hierarchy.of("sex", List.of(row("Male", "*"), row(null, "*"), row("Female", "*")), "test");

        assertTrue(sex.mapsNull());
        assertEquals("*", sex.generalize(null, 1));
        assertNull(sex.generalize(null, 0));
        assertEquals(3, sex.leafCount());
        assertEquals(Set.of("Male", "Female"), sex.leafValues());
        assertEquals(3, sex.distinctValues(0));
    }

    @Test
    void rowsKeepTheirOrderAndCannotBeModified() {
        List<List<String>> input = new ArrayList<>();
        input.add(new ArrayList<>(List.of("b", "*")));
        input.add(new ArrayList<>(Arrays.asList(null, "*")));
        Hierarchy h = Hierarchy.of("x", input, "test");
        input.get(0).set(1, "changed");

        assertEquals(List.of(List.of("b", "*"), row(null, "*")), h.rows());
        assertThrows(UnsupportedOperationException.class, () -> h.rows().add(List.of("c", "*")));
        assertThrows(UnsupportedOperationException.class, () -> h.rows().get(0).set(1, "y"));
        assertThrows(UnsupportedOperationException.class, () -> h.leafValues().add("z"));
    }

    @Test
    void leafValuesFollowRowOrder() {
        Hierarchy zip = Hierarchy.of("zipcode", FIGURE_2_ZIPCODE, "figure 2");
        assertEquals(List.of("53715", "53710", "53706", "53703"), List.copyOf(zip.leafValues()));
    }
}
