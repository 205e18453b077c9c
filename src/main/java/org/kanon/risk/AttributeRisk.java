package org.kanon.risk;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.kanon.lattice.LongIntMap;
import org.kanon.progress.Step;

/**
 * The {@link QiCombinationRisk} of every combination of at most {@code maxSize} quasi-identifiers, from the
 * classes of all of them ({@link ClassTable}): a combination's classes are unions of those classes, so no row is
 * read again. Combinations are visited depth first, each refining the partition of its prefix by one more QI in a
 * single pass over the classes (a combination of m QIs costs one pass, not m).
 */
public final class AttributeRisk {
    private final ClassTable table;
    private final List<String> names;
    private final long rows;
    private final int[] cardinality;
    private final List<QiCombinationRisk> found = new ArrayList<>();
    private final Step step;

    private AttributeRisk(ClassTable table, List<String> names, Step step) {
        this.table = table;
        this.names = names;
        this.step = step;
        long n = 0;
        for (long c : table.counts()) {
            n += c;
        }
        this.rows = n;
        this.cardinality = new int[table.quasiIdentifiers()];
        for (int q = 0; q < cardinality.length; q++) {
            int max = -1;
            for (int v : table.codes(q)) {
                max = Math.max(max, v);
            }
            cardinality[q] = max + 1;
        }
    }

    /** Every combination of 1 to {@code maxSize} QIs, by size, then by distinction (most distinguishing first). */
    static List<QiCombinationRisk> of(ClassTable table, List<String> names, int maxSize) {
        return of(table, names, maxSize, Step.NONE);
    }

    /** ... advancing {@code step} by one per combination measured. */
    static List<QiCombinationRisk> of(ClassTable table, List<String> names, int maxSize, Step step) {
        if (names.size() != table.quasiIdentifiers()) {
            throw new IllegalArgumentException(names.size() + " names for " + table.quasiIdentifiers() + " QIs");
        }
        AttributeRisk risk = new AttributeRisk(table, names, step);
        int[] all = new int[table.classes()]; // every class in partition 0: the empty combination
        risk.extend(new ArrayList<>(), all, 0, Math.min(maxSize, names.size()));
        risk.found.sort(Comparator.comparingInt((QiCombinationRisk r) -> r.quasiIdentifiers().size())
                .thenComparing(Comparator.comparingDouble(QiCombinationRisk::distinction).reversed())
                .thenComparing(r -> String.join(",", r.quasiIdentifiers())));
        return risk.found;
    }

    private void extend(List<Integer> chosen, int[] partition, int from, int maxSize) {
        if (chosen.size() == maxSize) {
            return;
        }
        for (int q = from; q < names.size(); q++) {
            int[] refined = new int[partition.length];
            int groups = refine(partition, q, refined);
            chosen.add(q);
            measure(chosen, refined, groups);
            extend(chosen, refined, q + 1, maxSize);
            chosen.remove(chosen.size() - 1);
        }
    }

    /** Numbers the pairs (part of the prefix, code of QI q) densely; returns how many there are. */
    private int refine(int[] partition, int q, int[] refined) {
        int[] codes = table.codes(q);
        LongIntMap ids = new LongIntMap(Math.min(partition.length, 1 << 16));
        int next = 0;
        for (int c = 0; c < partition.length; c++) {
            long key = (long) partition[c] * cardinality[q] + codes[c];
            int id = ids.get(key);
            if (id < 0) {
                id = next++;
                ids.put(key, id);
            }
            refined[c] = id;
        }
        return next;
    }

    private void measure(List<Integer> chosen, int[] partition, int groups) {
        long[] size = new long[groups];
        long[] counts = table.counts();
        for (int c = 0; c < partition.length; c++) {
            size[partition[c]] += counts[c];
        }
        double pairsTogether = 0;
        long uniques = 0;
        for (long f : size) {
            pairsTogether += (double) f * (f - 1);
            if (f == 1) {
                uniques++;
            }
        }
        double separation = rows < 2 ? 1 : 1 - pairsTogether / ((double) rows * (rows - 1));
        double distinction = rows == 0 ? 0 : (double) groups / rows;
        found.add(new QiCombinationRisk(chosen.stream().map(names::get).toList(), groups, distinction, separation, uniques));
        step.advance();
    }
}
