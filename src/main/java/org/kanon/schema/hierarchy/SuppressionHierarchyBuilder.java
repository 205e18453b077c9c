package org.kanon.schema.hierarchy;

import java.util.Collection;
import java.util.List;

/** Generalizes every value straight to {@code *} (height 1): the attribute is either kept or suppressed. */
public final class SuppressionHierarchyBuilder implements HierarchyBuilder {
    static final String ROOT = "*";

    @Override
    public Hierarchy build(String attribute, Collection<String> values) {
        return GeneratedHierarchy.of(attribute, values, describe(), value -> List.of(ROOT));
    }

    @Override
    public String describe() {
        return "suppress";
    }
}
