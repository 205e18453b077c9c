package org.kanon.permutation;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Algorithm 2 of the permutation paper, the preprocessing: a set of rows is split in two by seeding the halves
 * with artificial tuples of the largest and the smallest value of every attribute and sending each row, in a random
 * order, to the half whose NCP grows less; the split is kept when both halves still admit an l-diverse partition,
 * else tried again on a new shuffle, up to K times. Parts are split until none can be; Algorithm 1 then partitions
 * each part.
 */
final class NcpSplit {
    /** The paper's K: tries per set with a new shuffle. */
    static final int TRIES = 5;

    private NcpSplit() {
    }

    static List<int[]> parts(Microdata data, int l, RandomGenerator random) {
        List<int[]> done = new ArrayList<>();
        Deque<int[]> pending = new ArrayDeque<>();
        pending.push(data.allRows());
        while (!pending.isEmpty()) {
            int[] g = pending.pop();
            int[][] halves = g.length < 2 * l ? null : split(data, g, l, random);
            if (halves == null) {
                done.add(g);
            } else {
                pending.push(halves[0]);
                pending.push(halves[1]);
            }
        }
        return done;
    }

    private static int[][] split(Microdata data, int[] g, int l, RandomGenerator random) {
        int[] order = g.clone();
        for (int attempt = 0; attempt < TRIES; attempt++) {
            shuffle(order, random);
            Ncp.Extent first = new Ncp.Extent(data);
            Ncp.Extent second = new Ncp.Extent(data);
            first.addExtreme(true);
            second.addExtreme(false);
            boolean[] toFirst = new boolean[order.length];
            int firstSize = 0;
            for (int i = 0; i < order.length; i++) {
                int w = order[i];
                if (first.growth(w) < second.growth(w)) {
                    first.add(w);
                    toFirst[i] = true;
                    firstSize++;
                } else {
                    second.add(w);
                }
            }
            int[] a = new int[firstSize];
            int[] b = new int[order.length - firstSize];
            int ia = 0;
            int ib = 0;
            for (int i = 0; i < order.length; i++) {
                if (toFirst[i]) {
                    a[ia++] = order[i];
                } else {
                    b[ib++] = order[i];
                }
            }
            if (diverse(data, a, l) && diverse(data, b, l)) {
                return new int[][] {a, b};
            }
        }
        return null;
    }

    /** Whether these rows admit an l-diverse partition: the most frequent sensitive value holds at most |G| / l. */
    static boolean diverse(Microdata data, int[] rows, int l) {
        if (rows.length < l) {
            return false;
        }
        int[] counts = new int[data.sensitiveValueCount()];
        int most = 0;
        for (int r : rows) {
            most = Math.max(most, ++counts[data.sensitive(r)]);
        }
        return (long) most * l <= rows.length;
    }

    private static void shuffle(int[] a, RandomGenerator random) {
        for (int i = a.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }
}
