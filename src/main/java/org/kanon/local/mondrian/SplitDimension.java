package org.kanon.local.mondrian;

import java.util.List;

/**
 * One quasi-identifier as Mondrian sees it: a partition's extent along it (normalized to the whole table, so that
 * attributes of different kinds compare), its one candidate cut, and the released cell that summarizes it. A
 * partition is an array of group indices of the {@link org.kanon.local.GroupedTable}; every row of a group has the
 * same QI values, so a group is never divided.
 */
interface SplitDimension {

    /** The partition's extent along this attribute as a share of the whole table's, in [0, 1]. */
    double normalizedWidth(int[] groups);

    /**
     * The parts of this attribute's candidate cut, in a fixed order; empty when the partition cannot be cut along it
     * (one value). Every part is non-empty and there are at least two; whether they are allowable is not decided here.
     */
    List<int[]> cut(int[] groups);

    /** The released cell of every row of the partition. */
    String cell(int[] groups);
}
