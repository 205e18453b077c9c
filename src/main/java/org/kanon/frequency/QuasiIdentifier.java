package org.kanon.frequency;

import java.util.Optional;
import org.kanon.schema.Column;
import org.kanon.schema.hierarchy.Dimension;

/** A quasi-identifying column and the dimension table of its hierarchy, if one is bound. */
public record QuasiIdentifier(Column column, Optional<Dimension> dimension) {

    public String name() {
        return column.name();
    }

    /** The most general level available: the hierarchy's height, or 0 without a hierarchy. */
    public int maxLevel() {
        return dimension.map(Dimension::height).orElse(0);
    }
}
