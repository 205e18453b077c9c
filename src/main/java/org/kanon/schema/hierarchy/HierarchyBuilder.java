package org.kanon.schema.hierarchy;

import java.util.Collection;

/**
 * Makes a hierarchy for the values a column actually holds, for attributes that come without a hierarchy file.
 * The database side passes the column's distinct non-null values in their SQL text form.
 */
public interface HierarchyBuilder {

    /**
     * @param values the column's distinct non-null values; a repeated value is counted once
     * @throws org.kanon.InvalidInputException when a value does not fit the builder (not an integer, not a date)
     */
    Hierarchy build(String attribute, Collection<String> values);

    /** How the builder generalizes, in the words of its CLI spec: "interval 5,10,20"; it becomes the origin. */
    String describe();
}
