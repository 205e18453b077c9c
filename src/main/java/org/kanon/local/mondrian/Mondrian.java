package org.kanon.local.mondrian;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.local.GroupLoader;
import org.kanon.local.GroupedDomain;
import org.kanon.local.GroupedTable;
import org.kanon.privacy.PrivacyModel;
import org.kanon.privacy.Requirement;
import org.kanon.progress.Progress;
import org.kanon.progress.Step;
import org.kanon.schema.Column;
import org.kanon.schema.SourceTable;

/**
 * Mondrian, strict multidimensional partitioning (LeFevre, DeWitt, Ramakrishnan, "Mondrian Multidimensional
 * k-Anonymity", ICDE 2006), greedy and top-down, for any {@link PrivacyModel}: the table starts as one partition;
 * a partition is cut along the attribute of widest normalized range whose cut is allowable (every part accepted by
 * the model), trying the next widest when it is not ({@link SplitChoice}); a partition without an allowable cut is
 * final. Numeric columns are ordered ranges cut at the median ({@link NumericDimension}); other columns go down
 * their hierarchy one level per cut ({@link CategoricalDimension}).
 *
 * <p>Deterministic: ties of width go to the QI listed first, medians are taken in value order, the parts of a cut
 * are processed in order (lower range, children in label order), groups in the table's text order.
 */
public final class Mondrian {
    public static final String ALGORITHM = "mondrian";

    private final Progress progress;

    public Mondrian() {
        this(Progress.NONE);
    }

    /** Grouping the source and partitioning it are steps of {@code progress}. */
    public Mondrian(Progress progress) {
        this.progress = Progress.orNone(progress);
    }

    /**
     * Groups the source in the database (one GROUP BY), runs the algorithm and measures the result. The caller resolves
     * the source and its QIs (the engine does it once per run).
     */
    public MondrianResult anonymize(Database db, SourceTable source, List<Column> qis, PrivacyModel model) {
        long start = System.nanoTime();
        GroupedTable table = new GroupLoader(db, progress).load(source, qis, model.groupedSensitive());
        Optional<Requirement.Bound> requirement = model.requirement().map(r -> GroupedDomain.bind(db, source, table, r));
        MondrianRecoding recoding;
        try (Step settled = progress.start("rows in final partitions", table.rows())) {
            recoding = run(table, numeric(qis), model, requirement, source.displayName(), settled);
        }
        long elapsedMs = (System.nanoTime() - start) / 1_000_000;
        return new MondrianResult(source, qis, model, recoding, PartitionMetrics.of(recoding.partitions(), model.k()), elapsedMs);
    }

    /** Which QIs are ranges: those of a numeric column type. */
    public static boolean[] numeric(List<Column> qis) {
        boolean[] numeric = new boolean[qis.size()];
        for (int q = 0; q < numeric.length; q++) {
            numeric[q] = qis.get(q).isNumeric();
        }
        return numeric;
    }

    /**
     * The algorithm itself, on groups already loaded; {@code numeric[q]} says whether QI q is a range; {@code tableName}
     * is for messages. A requirement is bound to the table alone (its sensitive values as text, no hierarchy).
     */
    public MondrianRecoding run(GroupedTable table, boolean[] numeric, PrivacyModel model, String tableName) {
        return run(table, numeric, model, model.requirement().map(r -> GroupedDomain.bind(table, r, false, Optional.empty())),
                tableName, Step.NONE);
    }

    /** As above, advancing {@code settled} by the rows of each partition that is final (no allowable cut). */
    private MondrianRecoding run(GroupedTable table, boolean[] numeric, PrivacyModel model, Optional<Requirement.Bound> requirement,
                                 String tableName, Step settled) {
        if (numeric.length != table.qiCount()) {
            throw new IllegalArgumentException(numeric.length + " numeric flag(s) for " + table.qiCount() + " QI(s)");
        }
        PartitionCheck check = new PartitionCheck(table, model, requirement);
        int[] all = new int[table.groupCount()];
        Arrays.setAll(all, g -> g);
        check.checkFeasible(all, tableName);
        List<SplitDimension> dimensions = new ArrayList<>();
        for (int q = 0; q < numeric.length; q++) {
            dimensions.add(numeric[q] ? new NumericDimension(table, q) : new CategoricalDimension(table, q));
        }
        SplitChoice choice = new SplitChoice(dimensions, check);
        List<Partition> done = new ArrayList<>();
        Deque<int[]> open = new ArrayDeque<>();
        List<int[]> starts = startPartitions(table, dimensions, check, tableName);
        for (int i = starts.size() - 1; i >= 0; i--) {
            open.push(starts.get(i));
        }
        while (!open.isEmpty()) {
            int[] groups = open.pop();
            Optional<List<int[]>> parts = choice.choose(groups);
            if (parts.isEmpty()) {
                Partition last = close(table, dimensions, groups);
                done.add(last);
                settled.advance(last.rows());
                continue;
            }
            List<int[]> p = parts.get();
            for (int i = p.size() - 1; i >= 0; i--) {
                open.push(p.get(i));
            }
        }
        return new MondrianRecoding(table, done);
    }

    private static Partition close(GroupedTable table, List<SplitDimension> dimensions, int[] groups) {
        List<String> cells = new ArrayList<>();
        for (SplitDimension d : dimensions) {
            cells.add(d.cell(groups));
        }
        long rows = 0;
        for (int g : groups) {
            rows += table.group(g).count();
        }
        return new Partition(groups, rows, cells);
    }

    /**
     * The table split by the top labels of its categorical QIs: a hierarchy whose top level has several labels (or a
     * QI without hierarchy) separates its rows from the start, as no coarser value exists; each part must pass.
     */
    private static List<int[]> startPartitions(GroupedTable table, List<SplitDimension> dimensions, PartitionCheck check,
                                               String tableName) {
        Map<List<Integer>, List<Integer>> byTop = new LinkedHashMap<>();
        for (int g = 0; g < table.groupCount(); g++) {
            List<Integer> key = new ArrayList<>();
            for (SplitDimension d : dimensions) {
                if (d instanceof CategoricalDimension c) {
                    key.add(c.topNode(g));
                }
            }
            byTop.computeIfAbsent(key, x -> new ArrayList<>()).add(g);
        }
        List<int[]> starts = new ArrayList<>();
        for (List<Integer> members : byTop.values()) {
            int[] groups = members.stream().mapToInt(Integer::intValue).toArray();
            if (!check.accepts(groups)) {
                // by the QIs and their counts of top values: a top value may be a row's own value (a QI without hierarchy)
                List<String> several = new ArrayList<>();
                for (int q = 0; q < dimensions.size(); q++) {
                    if (dimensions.get(q) instanceof CategoricalDimension c) {
                        java.util.Set<Integer> tops = new java.util.HashSet<>();
                        for (int g = 0; g < table.groupCount(); g++) {
                            tops.add(c.topNode(g));
                        }
                        if (tops.size() > 1) {
                            several.add(table.qis().get(q).name() + " (" + tops.size() + " top values)");
                        }
                    }
                }
                throw new InvalidInputException("the fully generalized " + tableName + " has " + byTop.size()
                        + " classes (some hierarchy has several top values, or a non-numeric QI has no hierarchy: "
                        + String.join(", ", several) + ") and one of them, of " + check.statistics(groups).size()
                        + " row(s), does not satisfy " + check.model() + ": no Mondrian partitioning can");
            }
            starts.add(groups);
        }
        return starts;
    }
}
