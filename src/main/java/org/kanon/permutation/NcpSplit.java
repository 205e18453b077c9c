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
 *
 * <p>When all K tries fail, kanon repairs the last split before giving the set up: the half where a value is too
 * frequent takes rows of other values from the other half, those whose joining grows its NCP least first, until
 * both halves admit an l-diverse partition (or the other half would not); a lopsided split (the short half under
 * a fifth of the rows) is not repaired. Without it a table whose first split
 * separates, say, men from women stops splitting as soon as one occupation holds more than 1/l of the women (Adult
 * from l = 4 on), and every group then spans the whole table.
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
            if (attempt == TRIES - 1) {
                return repair(data, a, b, l);
            }
        }
        return null;
    }

    /** The halves made diverse by moving rows of other values into the half that lacks them; null if impossible. */
    static int[][] repair(Microdata data, int[] a, int[] b, int l) {
        boolean aShort = !diverse(data, a, l);
        boolean bShort = !diverse(data, b, l);
        if (aShort == bShort) {
            return null;   // both diverse cannot be here; both short: no move helps both
        }
        int[] taker = aShort ? a : b;
        int[] giver = aShort ? b : a;
        if (taker.length * 4L < giver.length) {
            return null;   // a lopsided split: repairing it would peel a few rows off per level, quadratic in |G|
        }
        int values = data.sensitiveValueCount();
        long[] takerCounts = new long[values];
        for (int r : taker) {
            takerCounts[data.sensitive(r)]++;
        }
        long[] giverCounts = new long[values];
        for (int r : giver) {
            giverCounts[data.sensitive(r)]++;
        }
        Ncp.Extent extent = new Ncp.Extent(data);
        for (int r : taker) {
            extent.add(r);
        }
        Integer[] order = new Integer[giver.length];
        double[] growth = new double[giver.length];
        for (int i = 0; i < giver.length; i++) {
            order[i] = i;
            growth[i] = extent.growth(giver[i]);
        }
        java.util.Arrays.sort(order, (x, y) -> Double.compare(growth[x], growth[y]));
        boolean[] moved = new boolean[giver.length];
        long takerSize = taker.length;
        long giverSize = giver.length;
        int movedCount = 0;
        for (int i : order) {
            if (max(takerCounts) * l <= takerSize) {
                break;
            }
            int v = data.sensitive(giver[i]);
            if (takerCounts[v] == max(takerCounts)) {
                continue;   // another row of the too frequent value would not help
            }
            moved[i] = true;
            movedCount++;
            takerCounts[v]++;
            giverCounts[v]--;
            takerSize++;
            giverSize--;
        }
        if (max(takerCounts) * l > takerSize || giverSize < l || max(giverCounts) * l > giverSize) {
            return null;
        }
        int[] newTaker = java.util.Arrays.copyOf(taker, taker.length + movedCount);
        int[] newGiver = new int[giver.length - movedCount];
        int t = taker.length;
        int g = 0;
        for (int i = 0; i < giver.length; i++) {
            if (moved[i]) {
                newTaker[t++] = giver[i];
            } else {
                newGiver[g++] = giver[i];
            }
        }
        return aShort ? new int[][] {newTaker, newGiver} : new int[][] {newGiver, newTaker};
    }

    private static long max(long[] counts) {
        long m = 0;
        for (long c : counts) {
            m = Math.max(m, c);
        }
        return m;
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
