package org.kanon.permutation;

import java.util.ArrayList;
import java.util.List;

/**
 * Algorithm 1 of the permutation paper: the rows sorted by sensitive value are dealt round robin into
 * g = floor(|T| / l) groups; a group of 2l rows or more would be dealt again into floor(|G| / l) groups. A value
 * held by c <= |T| / l < g + 1 rows occupies c consecutive places and so lands in c different groups, each of at
 * least l rows: every group is l-diverse (Theorem 3).
 */
final class RoundRobin {
    private RoundRobin() {
    }

    /** The groups of these rows; the caller has checked that they admit an l-diverse partition. */
    static List<int[]> partition(Microdata data, int[] rows, int l) {
        int[] sorted = bySensitive(data, rows);
        List<int[]> groups = deal(sorted, rows.length / l);
        List<int[]> result = new ArrayList<>();
        for (int[] g : groups) {
            if (g.length >= 2 * l) {
                result.addAll(deal(bySensitive(data, g), g.length / l));
            } else {
                result.add(g);
            }
        }
        return result;
    }

    /** Counting sort by sensitive code, stable: the paper's hashing into Q_1..Q_lambda, listed in order. */
    static int[] bySensitive(Microdata data, int[] rows) {
        int values = data.sensitiveValueCount();
        int[] start = new int[values + 1];
        for (int r : rows) {
            start[data.sensitive(r) + 1]++;
        }
        for (int v = 0; v < values; v++) {
            start[v + 1] += start[v];
        }
        int[] sorted = new int[rows.length];
        for (int r : rows) {
            sorted[start[data.sensitive(r)]++] = r;
        }
        return sorted;
    }

    private static List<int[]> deal(int[] sorted, int g) {
        int n = sorted.length;
        List<int[]> groups = new ArrayList<>(g);
        for (int j = 0; j < g; j++) {
            int[] group = new int[n / g + (j < n % g ? 1 : 0)];
            int at = 0;
            for (int i = j; i < n; i += g) {
                group[at++] = sorted[i];
            }
            groups.add(group);
        }
        return groups;
    }
}
