package org.kanon.local.kaca;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.kanon.local.GroupedTable;

/**
 * KACA2's global steps around KACA1. Before: per attribute, the lowest level at which the Lemma-4 lower bound of the
 * generalization portion (rows whose value at that level occurs fewer than k times, over all rows) is at most the
 * maximum inconsistency. After: per attribute whose inconsistency (1 - the largest share of its cells at one level,
 * Definition 12) exceeds the maximum, every cell below the lowest sufficient level L is raised to L.
 */
final class InconsistencyCap {
    private final GroupedTable table;
    private final double max;

    InconsistencyCap(GroupedTable table, double maxInconsistency) {
        this.table = table;
        this.max = maxInconsistency;
    }

    int[] baseLevels(int k) {
        int[] base = new int[table.qiCount()];
        for (int q = 0; q < base.length; q++) {
            while (base[q] < table.height(q) && portionLowerBound(q, base[q], k) > max) {
                base[q]++;
            }
        }
        return base;
    }

    /** Lemma 4: the share of rows whose label at this level of QI q occurs fewer than k times. */
    double portionLowerBound(int q, int level, int k) {
        Map<Integer, Long> frequency = new HashMap<>();
        for (int g = 0; g < table.groupCount(); g++) {
            frequency.merge(table.labelCode(q, g, level), table.group(g).count(), Long::sum);
        }
        long rare = frequency.values().stream().filter(f -> f < k).mapToLong(Long::longValue).sum();
        return (double) rare / table.rows();
    }

    /** Raises levels in place; returns the number of attributes raised. */
    int capAfter(List<Cluster> classes) {
        int raised = 0;
        for (int q = 0; q < table.qiCount(); q++) {
            long[] atLevel = new long[table.height(q) + 1];
            long rows = 0;
            for (Cluster c : classes) {
                atLevel[c.levels[q]] += c.size();
                rows += c.size();
            }
            if (rows == 0 || inconsistency(atLevel, rows, 0) <= max) {
                continue;
            }
            int floor = 1;
            while (floor < atLevel.length - 1 && inconsistency(atLevel, rows, floor) > max) {
                floor++;
            }
            for (Cluster c : classes) {
                if (c.levels[q] < floor) {
                    c.levels[q] = floor;
                }
            }
            raised++;
        }
        return raised;
    }

    /** Inconsistency of an attribute after every cell below {@code floor} is raised to it. */
    static double inconsistency(long[] atLevel, long rows, int floor) {
        long largest = 0;
        long raised = 0;
        for (int l = 0; l < atLevel.length; l++) {
            if (l <= floor) {
                raised += atLevel[l];
                largest = Math.max(largest, raised);
            } else {
                largest = Math.max(largest, atLevel[l]);
            }
        }
        return 1.0 - (double) largest / rows;
    }
}
