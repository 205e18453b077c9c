package org.kanon.local;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One attempt of Top-Down (section 4 of the (alpha,k) paper): specialize the rows of a class one level down on one
 * quasi-identifier and compute the final distribution of its rows.
 * <ol>
 * <li>Rows are split into branches by their label one level down (branches in the labels' text order).</li>
 * <li>Branches the model rejects are pushed back: their rows stay in the parent, unspecialized.</li>
 * <li>If the parent then holds rows and the model rejects it, rows are moved up from the accepted branches,
 *     those that "can be specialized the fewest further times" first (see {@link #potentials}); a row moves only if
 *     its branch stays accepted and the parent's {@link Shortfall} shrinks. Ties: branch order, then the order of
 *     the groups (raw QI labels, then sensitive value, in text order).</li>
 * <li>If the parent still fails, the attempt specializes nothing.</li>
 * </ol>
 */
final class Specialization {

    /** A child class of the attempt, with the label code of its value one level down. */
    record Branch(int label, Units units, SensitiveTally tally) {
    }

    /** The final distribution: the accepted branches, the rows left in the parent, and the paper's two criteria. */
    record Outcome(int qi, List<Branch> branches, Units remainder, long specializedRows) {
        int branchCount() {
            return branches.size();
        }
    }

    private final GroupedTable table;
    private final ClassJudge judge;

    Specialization(GroupedTable table, ClassJudge judge) {
        this.table = table;
        this.judge = judge;
    }

    Outcome attempt(int[] levels, Units units, int q) {
        int childLevel = levels[q] - 1;
        TreeMap<Integer, Units> byLabel = new TreeMap<>();
        for (int i = 0; i < units.size(); i++) {
            int g = units.group(i);
            byLabel.computeIfAbsent(table.labelCode(q, g, childLevel), x -> new Units()).add(g, units.count(i));
        }
        List<Branch> kept = new ArrayList<>();
        Units parent = new Units();
        SensitiveTally parentTally = table.newTally();
        for (Map.Entry<Integer, Units> e : byLabel.entrySet()) {
            SensitiveTally t = e.getValue().tally(table);
            if (judge.accepts(t)) {
                kept.add(new Branch(e.getKey(), e.getValue(), t));
            } else {
                for (int i = 0; i < e.getValue().size(); i++) {
                    parent.add(e.getValue().group(i), e.getValue().count(i));
                }
                parentTally.addAll(t);
            }
        }
        if (!parentTally.isEmpty() && !judge.accepts(parentTally)) {
            int[] childLevels = levels.clone();
            childLevels[q] = childLevel;
            if (!moveUp(childLevels, kept, parent, parentTally)) {
                return new Outcome(q, List.of(), units, 0);
            }
        }
        List<Branch> nonEmpty = new ArrayList<>();
        long specialized = 0;
        for (Branch b : kept) {
            if (!b.tally().isEmpty()) {
                nonEmpty.add(new Branch(b.label(), b.units().compact(), b.tally()));
                specialized += b.tally().size();
            }
        }
        return new Outcome(q, nonEmpty, parent, specialized);
    }

    private record Candidate(int potential, int branch, int entry) {
    }

    private static final Comparator<Candidate> FEWEST_FURTHER_SPECIALIZATIONS = Comparator
            .comparingInt(Candidate::potential).thenComparingInt(Candidate::branch).thenComparingInt(Candidate::entry);

    private boolean moveUp(int[] childLevels, List<Branch> kept, Units parent, SensitiveTally parentTally) {
        List<Candidate> candidates = new ArrayList<>();
        for (int b = 0; b < kept.size(); b++) {
            int[] potential = potentials(childLevels, kept.get(b).units());
            for (int i = 0; i < potential.length; i++) {
                candidates.add(new Candidate(potential[i], b, i));
            }
        }
        candidates.sort(FEWEST_FURTHER_SPECIALIZATIONS);
        for (Candidate c : candidates) {
            if (judge.accepts(parentTally)) {
                return true;
            }
            Branch b = kept.get(c.branch());
            int g = b.units().group(c.entry());
            int code = table.sensitiveCode(g);
            long moved = 0;
            while (b.units().count(c.entry()) - moved > 0 && !judge.accepts(parentTally)) {
                long[] before = judge.shortfall(parentTally);
                long[] after = judge.shortfallWith(parentTally, code, 1);
                boolean branchStays = b.tally().size() == 1 || judge.acceptsWithout(b.tally(), code, 1);
                if (!Shortfall.improves(before, after) || !branchStays) {
                    break;
                }
                b.tally().remove(code, 1);
                parentTally.add(code, 1);
                moved++;
            }
            if (moved > 0) {
                b.units().setCount(c.entry(), b.units().count(c.entry()) - moved);
                parent.add(g, moved);
            }
        }
        return judge.accepts(parentTally);
    }

    /**
     * The paper prefers to move up the rows that would be specialized the fewest further times, found by
     * specializing the candidate branches to the end. We estimate that number per row instead, without running the
     * whole recursion: for every QI, the number of levels the row could descend alone within its branch while the
     * rows sharing its label there still form a class the model accepts; the estimate is the sum over QIs. (For a
     * single QI under k-anonymity this is the depth the row reaches when nothing else moves.)
     */
    int[] potentials(int[] levels, Units units) {
        int[] potential = new int[units.size()];
        for (int q = 0; q < levels.length; q++) {
            boolean[] stopped = new boolean[units.size()];
            for (int level = levels[q] - 1; level >= 0; level--) {
                Map<Integer, SensitiveTally> byLabel = new HashMap<>();
                for (int i = 0; i < units.size(); i++) {
                    int g = units.group(i);
                    byLabel.computeIfAbsent(table.labelCode(q, g, level), x -> table.newTally()).add(table.sensitiveCode(g), units.count(i));
                }
                boolean any = false;
                for (int i = 0; i < units.size(); i++) {
                    if (!stopped[i]) {
                        if (judge.accepts(byLabel.get(table.labelCode(q, units.group(i), level)))) {
                            potential[i]++;
                            any = true;
                        } else {
                            stopped[i] = true;
                        }
                    }
                }
                if (!any) {
                    break;
                }
            }
        }
        return potential;
    }
}
