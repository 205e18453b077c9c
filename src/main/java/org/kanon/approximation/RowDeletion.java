package org.kanon.approximation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.kanon.approximation.instance.Clustering;
import org.kanon.approximation.instance.Instance;

/**
 * The row-deletion variant (section 4, last paragraph): a row may be left out of the release at the cost of
 * suppressing all its cells. The paper runs the same algorithm, since no edge weighs more than a deletion; this pass
 * then deletes a row from a cluster of more than k rows whenever that lowers the total cost (the rest of the cluster
 * may agree at lower levels). The cost only falls, so every guarantee of the clustering still holds.
 */
public final class RowDeletion {
    private RowDeletion() {
    }

    public static Clustering improve(Instance instance, Clustering clustering, int k) {
        double deletion = instance.deletionCost();
        List<int[]> clusters = new ArrayList<>();
        List<Integer> deleted = new ArrayList<>();
        for (int d : clustering.deleted()) {
            deleted.add(d);
        }
        for (int[] cluster : clustering.clusters()) {
            int[] current = cluster.clone();
            double cost = instance.classCost(current);
            while (current.length > k) {
                int best = -1;
                double bestCost = cost;
                for (int i = 0; i < current.length; i++) {
                    double c = instance.classCost(without(current, i)) + deletion;
                    if (c < bestCost - 1e-12) {
                        bestCost = c;
                        best = i;
                    }
                }
                if (best < 0) {
                    break;
                }
                deleted.add(current[best]);
                current = without(current, best);
                cost = bestCost - deletion;
            }
            clusters.add(current);
        }
        return new Clustering(clusters, deleted.stream().mapToInt(Integer::intValue).toArray());
    }

    private static int[] without(int[] rows, int index) {
        int[] r = new int[rows.length - 1];
        System.arraycopy(rows, 0, r, 0, index);
        System.arraycopy(rows, index + 1, r, index, rows.length - index - 1);
        return r;
    }

}
