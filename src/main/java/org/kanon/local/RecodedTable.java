package org.kanon.local;

import java.util.List;

/**
 * What a release writer needs of any local recoding (Top-Down, KACA, Mondrian): the source's (raw QI tuple,
 * sensitive value) groups and, for every group, the released QI cells of its rows as runs. The rows of a group are
 * indistinguishable on the QIs and the sensitive value, so a run says only how many of them take these cells; the
 * writer hands the group's rows out to the runs in order.
 */
public interface RecodedTable {

    /**
     * {@code count} rows of a group released with these QI cells (in QI order); {@code cells} is null for rows
     * deleted from the release (the approximation paper's row deletion), which come last.
     */
    record Run(String[] cells, long count) {
    }

    GroupedTable table();

    /** Runs of group g, most specific first; their counts add up to the group's count. */
    List<Run> runs(int group);
}
