package org.kanon.local.mondrian;

import java.util.Arrays;
import java.util.List;
import org.kanon.local.GroupedTable;
import org.kanon.local.RecodedTable;

/**
 * Mondrian's partitions as a {@link RecodedTable}: partitioning is strict (by value, never by row), so every group
 * lies in exactly one partition and is released as one run with that partition's cells.
 */
public final class MondrianRecoding implements RecodedTable {
    private final GroupedTable table;
    private final List<Partition> partitions;
    private final int[] partitionOfGroup;

    /** The recoding made of these partitions; every group must be in exactly one. */
    public MondrianRecoding(GroupedTable table, List<Partition> partitions) {
        this.table = table;
        this.partitions = List.copyOf(partitions);
        this.partitionOfGroup = new int[table.groupCount()];
        Arrays.fill(partitionOfGroup, -1);
        for (int p = 0; p < this.partitions.size(); p++) {
            for (int g : this.partitions.get(p).groups()) {
                if (partitionOfGroup[g] >= 0) {
                    throw new IllegalStateException("group " + g + " is in partitions " + partitionOfGroup[g] + " and " + p);
                }
                partitionOfGroup[g] = p;
            }
        }
        for (int g = 0; g < partitionOfGroup.length; g++) {
            if (partitionOfGroup[g] < 0) {
                throw new IllegalStateException("group " + g + " is in no partition");
            }
        }
    }

    @Override
    public GroupedTable table() {
        return table;
    }

    @Override
    public List<Run> runs(int group) {
        List<String> cells = partitions.get(partitionOfGroup[group]).cells();
        return List.of(new Run(cells.toArray(new String[0]), table.group(group).count()));
    }

    /** The final partitions, in the order the algorithm closed them (depth first, lower part first). */
    public List<Partition> partitions() {
        return partitions;
    }

    public Partition partitionOf(int group) {
        return partitions.get(partitionOfGroup[group]);
    }
}
