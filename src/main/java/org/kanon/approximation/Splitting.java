package org.kanon.approximation;

import java.util.ArrayList;
import java.util.List;
import org.kanon.approximation.instance.Clustering;
import org.kanon.approximation.instance.Instance;

/**
 * Splits clusters of at least 2k rows in two when that lowers the cost, recursively. Splitting never raises a
 * guarantee's bound (each half agrees at least where the whole did, so no row's charge grows), and a split is only
 * kept when the total cost falls, so every algorithm's guarantee still holds; it is what DECOMPOSE-COMPONENT leaves
 * on the table when it keeps a part of up to max(2k - 1, 3k - 5) rows that a tree's shape, not the rows' values,
 * held together.
 *
 * <p>A split seeds its halves with the two rows farthest apart, sends every other row to the nearer seed, and then
 * moves to a half short of k the rows of the other half nearest to its seed.
 */
public final class Splitting {
    private Splitting() {
    }

    public static Clustering refine(Instance instance, Clustering clustering, int k) {
        List<int[]> out = new ArrayList<>();
        for (int[] cluster : clustering.clusters()) {
            split(instance, cluster, k, out);
        }
        return new Clustering(out, clustering.deleted());
    }

    private static void split(Instance instance, int[] rows, int k, List<int[]> out) {
        if (rows.length < 2 * k) {
            out.add(rows);
            return;
        }
        int a = -1;
        int b = -1;
        double far = -1;
        for (int i = 0; i < rows.length; i++) {
            for (int j = i + 1; j < rows.length; j++) {
                double d = instance.distance(rows[i], rows[j]);
                if (d > far) {
                    far = d;
                    a = i;
                    b = j;
                }
            }
        }
        if (far <= 0) {
            out.add(rows);   // all rows alike: nothing to gain
            return;
        }
        int n = rows.length;
        double[] toA = new double[n];
        double[] toB = new double[n];
        boolean[] inA = new boolean[n];
        int sizeA = 0;
        for (int i = 0; i < n; i++) {
            toA[i] = instance.distance(rows[i], rows[a]);
            toB[i] = instance.distance(rows[i], rows[b]);
            inA[i] = i == a || (i != b && toA[i] < toB[i]) || (i != b && toA[i] == toB[i] && i % 2 == 0);
            if (inA[i]) {
                sizeA++;
            }
        }
        while (sizeA < k) {
            int best = nearestIn(toA, inA, false, b);
            inA[best] = true;
            sizeA++;
        }
        while (n - sizeA < k) {
            int best = nearestIn(toB, inA, true, a);
            inA[best] = false;
            sizeA--;
        }
        int[] partA = new int[sizeA];
        int[] partB = new int[n - sizeA];
        int ia = 0;
        int ib = 0;
        for (int i = 0; i < n; i++) {
            if (inA[i]) {
                partA[ia++] = rows[i];
            } else {
                partB[ib++] = rows[i];
            }
        }
        if (instance.classCost(partA) + instance.classCost(partB) < instance.classCost(rows) - 1e-12) {
            split(instance, partA, k, out);
            split(instance, partB, k, out);
        } else {
            out.add(rows);
        }
    }

    /** The row of the given side (other than the seed) nearest by these distances. */
    private static int nearestIn(double[] distance, boolean[] inA, boolean side, int seed) {
        int best = -1;
        for (int i = 0; i < distance.length; i++) {
            if (inA[i] == side && i != seed && (best < 0 || distance[i] < distance[best])) {
                best = i;
            }
        }
        return best;
    }

}
