package org.kanon.local;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.kanon.metrics.AttributeLevels;
import org.kanon.metrics.ClassShape;
import org.kanon.metrics.UtilityMetrics;

/**
 * The {@link UtilityMetrics} of a local recoding as an algorithm holds it in memory, without writing a release, so
 * algorithms and benchmarks report the figures {@code kanon metrics} later measures from the release by SQL:
 * <ul>
 *   <li>classes are counted as the release shows them: classes whose labels coincide are one;</li>
 *   <li>a cell's level is, as in {@link org.kanon.release.metrics.ReleaseMetrics}, the lowest level of the
 *       hierarchy whose labels hold its text, which is the class's level unless the hierarchy repeats a label on
 *       several levels (a NULL cell, a missing raw value, is at level 0).</li>
 * </ul>
 * A local recoding suppresses no row, unless an algorithm deletes rows (the approximation paper's row deletion).
 */
public final class LocalRecodingUtility {
    private LocalRecodingUtility() {
    }

    public static UtilityMetrics of(LocalRecoding recoding, int k) {
        return of(recoding.table(), recoding.classes(), 0, k);
    }

    /**
     * The figures of these classes over the table, with {@code deletedRows} more rows left out of the release (each
     * at the root of every QI and charged the table's size in DM, as a suppressed row).
     */
    public static UtilityMetrics of(GroupedTable table, List<LocalClass> classes, long deletedRows, int k) {
        int qis = table.qiCount();
        List<Map<String, Integer>> lowest = new ArrayList<>();
        long[][] cells = new long[qis][];
        for (int q = 0; q < qis; q++) {
            lowest.add(lowestLevels(table.qis().get(q)));
            cells[q] = new long[table.height(q) + 1];
        }
        Map<List<String>, Long> released = new HashMap<>();
        for (LocalClass c : classes) {
            for (int e = 0; e < c.entries(); e++) {
                int g = c.group(e);
                List<String> labels = new ArrayList<>(qis);
                for (int q = 0; q < qis; q++) {
                    String label = table.label(q, g, c.level(q));
                    labels.add(label);
                    cells[q][label == null ? 0 : lowest.get(q).getOrDefault(label, c.level(q))] += c.count(e);
                }
                released.merge(labels, c.count(e), Long::sum);
            }
        }
        long smallest = released.isEmpty() ? 0 : Long.MAX_VALUE;
        long squares = 0;
        for (long size : released.values()) {
            smallest = Math.min(smallest, size);
            squares += size * size;
        }
        List<AttributeLevels> attributes = new ArrayList<>();
        for (int q = 0; q < qis; q++) {
            attributes.add(new AttributeLevels(table.qis().get(q).name(), table.height(q), cells[q], 0).withRowsAtRoot(deletedRows));
        }
        return new UtilityMetrics(k, ClassShape.of(table.rows() - deletedRows, released.size(), smallest, squares), deletedRows, table.rows(), attributes);
    }

    /** Label -> the lowest level it appears on, over the whole hierarchy (as the SQL measure looks it up). */
    private static Map<String, Integer> lowestLevels(GroupedTable.Qi qi) {
        Map<String, Integer> lowest = new HashMap<>();
        for (List<String> path : qi.labelsByRaw().values()) {
            for (int l = 0; l < path.size(); l++) {
                if (path.get(l) != null) {
                    lowest.merge(path.get(l), l, Math::min);
                }
            }
        }
        return lowest;
    }
}
