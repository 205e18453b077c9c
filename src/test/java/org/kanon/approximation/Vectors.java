package org.kanon.approximation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.kanon.approximation.instance.CostModel;
import org.kanon.approximation.instance.Instance;
import org.kanon.local.GroupedTable;

/** Test instances: tables of small integer vectors, with suppression-only or two-level hierarchies. */
public final class Vectors {
    private Vectors() {
    }

    /**
     * Rows over an alphabet where the only generalization is suppression (one level: value -> "*"); identical rows
     * become one group. With a binary alphabet the cost is the number of stars, the paper's sections 5-6.
     */
    public static Instance suppression(int[][] rows) {
        int m = rows[0].length;
        List<GroupedTable.Qi> qis = new ArrayList<>();
        for (int q = 0; q < m; q++) {
            Map<Object, List<String>> labels = new HashMap<>();
            for (int[] row : rows) {
                labels.put(row[q], List.of(Integer.toString(row[q]), "*"));
            }
            qis.add(new GroupedTable.Qi("a" + q, 1, labels));
        }
        return instance(rows, qis);
    }

    /**
     * Rows whose values 0..9 sit in a two-level hierarchy: value -> its decade-of-three bucket ("0-2", "3-5",
     * "6-8", "9") -> "*"; so l_j = 2 and a cell may cost 1/2.
     */
    public static Instance hierarchy(int[][] rows) {
        int m = rows[0].length;
        List<GroupedTable.Qi> qis = new ArrayList<>();
        for (int q = 0; q < m; q++) {
            Map<Object, List<String>> labels = new HashMap<>();
            for (int[] row : rows) {
                int v = row[q];
                int lo = v / 3 * 3;
                labels.put(v, List.of(Integer.toString(v), lo == 9 ? "9" : lo + "-" + (lo + 2), "*"));
            }
            qis.add(new GroupedTable.Qi("a" + q, 2, labels));
        }
        return instance(rows, qis);
    }

    private static Instance instance(int[][] rows, List<GroupedTable.Qi> qis) {
        Map<List<Object>, Long> counts = new LinkedHashMap<>();
        for (int[] row : rows) {
            List<Object> raw = new ArrayList<>();
            for (int v : row) {
                raw.add(v);
            }
            counts.merge(raw, 1L, Long::sum);
        }
        List<GroupedTable.Group> groups = new ArrayList<>();
        counts.forEach((raw, n) -> groups.add(new GroupedTable.Group(raw, null, n)));
        GroupedTable table = GroupedTable.of(qis, groups, Optional.empty());
        return Instance.of(table, CostModel.uniform(qis.size()));
    }

    /** n random rows of m values below {@code alphabet}. */
    public static int[][] random(Random random, int n, int m, int alphabet) {
        int[][] rows = new int[n][m];
        for (int[] row : rows) {
            for (int q = 0; q < m; q++) {
                row[q] = random.nextInt(alphabet);
            }
        }
        return rows;
    }
}
