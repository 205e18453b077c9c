package org.kanon.approximation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.kanon.approximation.instance.Clustering;
import org.kanon.approximation.instance.Instance;
import org.kanon.local.GroupedTable;
import org.kanon.local.LocalClass;
import org.kanon.local.RecodedTable;

/**
 * A clustering as the release writer takes it: every cluster one class at the lowest levels where its rows agree;
 * deleted rows are runs without cells, which the writer leaves out of the release.
 */
public final class ClusteredTable implements RecodedTable {
    private final GroupedTable table;
    private final List<LocalClass> classes;
    private final List<List<Run>> runs;
    private final long deletedRows;

    public ClusteredTable(Instance instance, Clustering clustering) {
        this.table = instance.table();
        this.classes = new ArrayList<>();
        List<List<int[]>> byGroup = new ArrayList<>();   // per group: {level sum, class index, count}
        for (int g = 0; g < table.groupCount(); g++) {
            byGroup.add(new ArrayList<>());
        }
        for (int[] cluster : clustering.clusters()) {
            int[] levels = instance.levels(cluster);
            int[] groups = Arrays.stream(cluster).map(instance::group).sorted().toArray();
            List<Integer> gs = new ArrayList<>();
            List<Long> counts = new ArrayList<>();
            for (int i = 0; i < groups.length; i++) {
                if (i == 0 || groups[i] != groups[i - 1]) {
                    gs.add(groups[i]);
                    counts.add(1L);
                } else {
                    counts.set(counts.size() - 1, counts.get(counts.size() - 1) + 1);
                }
            }
            classes.add(LocalClass.of(levels, gs.stream().mapToInt(Integer::intValue).toArray(),
                    counts.stream().mapToLong(Long::longValue).toArray()));
        }
        this.runs = new ArrayList<>();
        List<List<Run>> cells = new ArrayList<>();
        List<List<int[]>> order = new ArrayList<>();
        for (int g = 0; g < table.groupCount(); g++) {
            cells.add(new ArrayList<>());
            order.add(new ArrayList<>());
        }
        for (LocalClass c : classes) {
            int[] levels = c.levels();
            for (int e = 0; e < c.entries(); e++) {
                int g = c.group(e);
                String[] labels = new String[table.qiCount()];
                for (int q = 0; q < labels.length; q++) {
                    labels[q] = table.label(q, g, levels[q]);
                }
                cells.get(g).add(new Run(labels, c.count(e)));
                order.get(g).add(levels);
            }
        }
        long[] deletedOf = new long[table.groupCount()];
        for (int r : clustering.deleted()) {
            deletedOf[instance.group(r)]++;
        }
        for (int g = 0; g < table.groupCount(); g++) {
            List<Run> list = cells.get(g);
            List<int[]> levels = order.get(g);
            Integer[] idx = new Integer[list.size()];
            for (int i = 0; i < idx.length; i++) {
                idx[i] = i;
            }
            // most specific first, as every local recoding hands a group's rows out
            Arrays.sort(idx, Comparator.comparingInt((Integer i) -> Arrays.stream(levels.get(i)).sum())
                    .thenComparing(i -> levels.get(i), Arrays::compare));
            List<Run> sorted = new ArrayList<>();
            for (int i : idx) {
                sorted.add(list.get(i));
            }
            if (deletedOf[g] > 0) {
                sorted.add(new Run(null, deletedOf[g]));
            }
            runs.add(List.copyOf(sorted));
        }
        this.deletedRows = clustering.deleted().length;
    }

    @Override
    public GroupedTable table() {
        return table;
    }

    @Override
    public List<Run> runs(int group) {
        return runs.get(group);
    }

    public List<LocalClass> classes() {
        return classes;
    }

    public long deletedRows() {
        return deletedRows;
    }
}
