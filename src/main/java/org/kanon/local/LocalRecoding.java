package org.kanon.local;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The outcome of a local-recoding algorithm: the classes it formed over the groups of a {@link GroupedTable}. For
 * writing a release, {@link #segments(int)} tells how the rows of one group are spread over levels.
 */
public final class LocalRecoding implements RecodedTable {

    /** {@code count} rows of a group released at these levels. */
    public record Segment(int[] levels, long count) {
    }

    /**
     * Within a group the most specific segments come first (fewest levels generalized in total, then levels
     * compared QI by QI): the rows moved up into a parent are the group's last rows, as tuple 3 of Table 5 is in
     * Figure 1 (f)-(g) of the (alpha,k) paper.
     */
    public static final Comparator<Segment> MOST_SPECIFIC_FIRST = Comparator
            .comparingInt((Segment s) -> Arrays.stream(s.levels()).sum())
            .thenComparing(Segment::levels, Arrays::compare);

    private final GroupedTable table;
    private final List<LocalClass> classes;
    private final List<List<Segment>> segments;

    /** The recoding made of these classes; every row of every group must be in exactly one class. */
    public static LocalRecoding of(GroupedTable table, List<LocalClass> classes) {
        return new LocalRecoding(table, classes);
    }

    LocalRecoding(GroupedTable table, List<LocalClass> classes) {
        this.table = table;
        this.classes = List.copyOf(classes);
        List<List<Segment>> byGroup = new ArrayList<>();
        for (int g = 0; g < table.groupCount(); g++) {
            byGroup.add(new ArrayList<>());
        }
        for (LocalClass c : classes) {
            for (int e = 0; e < c.entries(); e++) {
                byGroup.get(c.group(e)).add(new Segment(c.levels(), c.count(e)));
            }
        }
        for (int g = 0; g < byGroup.size(); g++) {
            List<Segment> list = byGroup.get(g);
            list.sort(MOST_SPECIFIC_FIRST);
            long assigned = list.stream().mapToLong(Segment::count).sum();
            if (assigned != table.group(g).count()) {
                throw new IllegalStateException("group " + g + " has " + table.group(g).count() + " row(s) but " + assigned + " were assigned");
            }
            byGroup.set(g, List.copyOf(list));
        }
        this.segments = List.copyOf(byGroup);
    }

    @Override
    public List<Run> runs(int group) {
        List<Run> runs = new ArrayList<>();
        for (Segment s : segments.get(group)) {
            String[] cells = new String[table.qiCount()];
            for (int q = 0; q < cells.length; q++) {
                cells[q] = table.label(q, group, s.levels()[q]);
            }
            runs.add(new Run(cells, s.count()));
        }
        return runs;
    }

    @Override
    public GroupedTable table() {
        return table;
    }

    public List<LocalClass> classes() {
        return classes;
    }

    public List<Segment> segments(int group) {
        return segments.get(group);
    }
}
