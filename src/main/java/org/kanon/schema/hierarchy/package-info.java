/**
 * Value generalization hierarchies (Incognito, Section 2): the {@link org.kanon.schema.hierarchy.Hierarchy} model
 * and its validation, import from ARX's CSV files, and builders (interval, mask, date, suppress) for columns that
 * come without a file. Everything here is plain Java; writing dimension tables is the database side's job.
 */
package org.kanon.schema.hierarchy;
