package org.kanon.schema.hierarchy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SuppressionHierarchyBuilderTest {

    @Test
    void everyValueGoesToStarAtHeightOne() {
        Hierarchy sex = new SuppressionHierarchyBuilder().build("sex", Set.of("Male", "Female"));

        assertEquals(1, sex.height());
        assertEquals(2, sex.leafCount());
        assertEquals("*", sex.generalize("Male", 1));
        assertEquals("*", sex.generalize("Female", 1));
        assertEquals("suppress", sex.origin());
    }

    @Test
    void nullAmongTheValuesIsACallerBug() {
        List<String> withNull = Arrays.asList("Male", null);
        assertThrows(IllegalArgumentException.class, () -> new SuppressionHierarchyBuilder().build("sex", withNull));
    }
}
