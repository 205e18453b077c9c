package org.kanon.permutation;

import java.util.Locale;
import org.kanon.InvalidInputException;

/**
 * Whether any l-diverse partition exists: the most frequent sensitive value may hold at most |T| / l rows (the
 * paper's Theorem 3 and the remark before it). Checked before any work, with the value and its share named.
 */
public final class Feasibility {
    private Feasibility() {
    }

    public static void require(Microdata data, int l, String sensitiveName) {
        if (l < 2) {
            throw new InvalidInputException("--l: must be at least 2, got " + l);
        }
        long[] counts = data.sensitiveCounts();
        int worst = 0;
        for (int v = 1; v < counts.length; v++) {
            if (counts[v] > counts[worst]) {
                worst = v;
            }
        }
        long rows = data.size();
        if (rows == 0 || counts[worst] * (long) l > rows) {
            throw new InvalidInputException(String.format(Locale.ROOT,
                    "--l: no %d-diverse partition exists: %s = %s holds %d of the %d rows (%.1f %%), more than 1/%d of them; %s",
                    l, sensitiveName, rows == 0 ? "''" : data.sensitiveValue(worst) == null ? "NULL" : "'" + data.sensitiveValue(worst) + "'", rows == 0 ? 0 : counts[worst],
                    rows, rows == 0 ? 0.0 : 100.0 * counts[worst] / rows, l, rows == 0 || rows / counts[worst] < 2 ? "no l >= 2 is feasible"
                            : "the largest feasible l is " + rows / counts[worst]));
        }
    }
}
