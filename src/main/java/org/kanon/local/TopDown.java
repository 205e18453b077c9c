package org.kanon.local;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.privacy.PrivacyModel;
import org.kanon.progress.Progress;
import org.kanon.progress.Step;
import org.kanon.schema.Column;
import org.kanon.schema.SourceTable;

/**
 * The Top-Down local-recoding algorithm of the (alpha,k) paper (Wong, Li, Fu, Wang, KDD 2006, section 4), for any
 * {@link PrivacyModel} and any number of quasi-identifiers.
 *
 * <p>Every row starts at the top of every hierarchy (one class when every hierarchy has a single top label). Each
 * class is then specialized one level down on its "best" QI, chosen among all QIs not yet at level 0 by the final
 * distribution each would give ({@link Specialization}): criterion 1, most rows specialized; criterion 2 on a tie,
 * fewest non-empty branches; then, to be deterministic, the QI listed first. The rows left in the parent form a
 * final class at the parent's levels; every branch is specialized in turn, until no attempt specializes a row.
 *
 * <p>Every class it forms is accepted by the model (the start is, by {@link PrivacyModel#checkFeasible}, and
 * every step keeps only accepted branches and an accepted or empty parent).
 */
public final class TopDown {
    public static final String ALGORITHM = "top-down";

    private final Progress progress;

    public TopDown() {
        this(Progress.NONE);
    }

    /** Grouping the source and specializing the classes are steps of {@code progress}. */
    public TopDown(Progress progress) {
        this.progress = Progress.orNone(progress);
    }

    /**
     * Groups the source in the database, runs the algorithm, and measures the result. The caller resolves the source and
     * its QIs (the engine does it once per run).
     */
    public TopDownResult anonymize(Database db, SourceTable source, List<Column> qis, PrivacyModel model) {
        long start = System.nanoTime();
        GroupedTable table = new GroupLoader(db, progress).load(source, qis, model.groupedSensitive());
        LocalRecoding recoding;
        ClassJudge judge = model.requirement().map(r -> ClassJudge.of(GroupedDomain.bind(db, source, table, r)))
                .orElseGet(() -> ClassJudge.of(model));
        try (Step settled = progress.start("rows in final classes", table.rows())) {
            recoding = run(table, judge, source.displayName(), settled);
        }
        long elapsedMs = (System.nanoTime() - start) / 1_000_000;
        return new TopDownResult(source, qis, model, recoding, LocalRecodingMetrics.of(recoding, model), elapsedMs);
    }

    /**
     * The algorithm itself, on groups already loaded; {@code tableName} is for messages. A requirement is bound to the
     * table alone (its sensitive values as text, no hierarchy).
     */
    public LocalRecoding run(GroupedTable table, PrivacyModel model, String tableName) {
        ClassJudge judge = model.requirement().map(r -> ClassJudge.of(GroupedDomain.bind(table, r, false, java.util.Optional.empty())))
                .orElseGet(() -> ClassJudge.of(model));
        return run(table, judge, tableName, Step.NONE);
    }

    /** As above, advancing {@code settled} by the rows of each class that is final (specialized no further). */
    private LocalRecoding run(GroupedTable table, ClassJudge judge, String tableName, Step settled) {
        Units all = table.allUnits();
        judge.checkFeasible(all.tally(table), tableName);
        Specialization specialization = new Specialization(table, judge);
        List<LocalClass> done = new ArrayList<>();
        Deque<LocalClass> open = new ArrayDeque<>(topClasses(table, judge, all, tableName));
        while (!open.isEmpty()) {
            LocalClass node = open.pop();
            Specialization.Outcome best = null;
            for (int q = 0; q < table.qiCount(); q++) {
                if (node.level(q) == 0) {
                    continue;
                }
                Specialization.Outcome o = specialization.attempt(node.levels(), node.units(), q);
                if (best == null || better(o, best)) {
                    best = o;
                }
            }
            if (best == null || best.specializedRows() == 0) {
                done.add(node);
                settled.advance(node.rows());
                continue;
            }
            if (best.remainder().rows() > 0) {
                LocalClass remainder = new LocalClass(node.levels(), best.remainder().compact());
                done.add(remainder);
                settled.advance(remainder.rows());
            }
            int[] childLevels = node.levels();
            childLevels[best.qi()]--;
            List<Specialization.Branch> branches = best.branches();
            for (int b = branches.size() - 1; b >= 0; b--) {
                open.push(new LocalClass(childLevels, branches.get(b).units()));
            }
        }
        return new LocalRecoding(table, done);
    }

    /** Criterion 1: more rows specialized; criterion 2: fewer branches; a full tie keeps the earlier QI. */
    private static boolean better(Specialization.Outcome o, Specialization.Outcome best) {
        if (o.specializedRows() != best.specializedRows()) {
            return o.specializedRows() > best.specializedRows();
        }
        return o.specializedRows() > 0 && o.branchCount() < best.branchCount();
    }

    /**
     * The fully generalized table: rows grouped by their top labels. A hierarchy whose top level has several labels
     * gives several classes from the start; each must pass, as no coarser value exists.
     */
    private static List<LocalClass> topClasses(GroupedTable table, ClassJudge judge, Units all, String tableName) {
        int[] top = table.heights();
        Map<List<Integer>, Units> byTop = new LinkedHashMap<>();
        for (int i = 0; i < all.size(); i++) {
            int g = all.group(i);
            Integer[] key = new Integer[top.length];
            for (int q = 0; q < top.length; q++) {
                key[q] = table.labelCode(q, g, top[q]);
            }
            byTop.computeIfAbsent(Arrays.asList(key), x -> new Units()).add(g, all.count(i));
        }
        List<LocalClass> classes = new ArrayList<>();
        for (Map.Entry<List<Integer>, Units> e : byTop.entrySet()) {
            if (!judge.accepts(e.getValue().tally(table))) {
                // by the QIs and their counts of top values, never a value: a top value may be a row's own
                List<String> several = new ArrayList<>();
                for (int q = 0; q < top.length; q++) {
                    java.util.Set<Integer> tops = new java.util.HashSet<>();
                    for (int i = 0; i < all.size(); i++) {
                        tops.add(table.labelCode(q, all.group(i), top[q]));
                    }
                    if (tops.size() > 1) {
                        several.add(table.qis().get(q).name() + " (" + tops.size() + " top values)");
                    }
                }
                throw new InvalidInputException("the fully generalized " + tableName + " has " + byTop.size()
                        + " classes (some hierarchy has several top values: " + String.join(", ", several) + ") and one of them, of "
                        + e.getValue().rows() + " row(s), does not satisfy " + judge.model() + ": no local recoding can");
            }
            classes.add(new LocalClass(top, e.getValue()));
        }
        return classes;
    }
}
