package org.kanon.privacy;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.kanon.InvalidInputException;

/**
 * Ordered ground distance for a numeric sensitive column (ICDE 2007, section 4.3): the m distinct values of the
 * table in ascending order are {@code |i - j| / (m - 1)} apart, and {@code EMD = 1/(m-1) sum_{i=1..m} |sum_{j=1..i}
 * (p_j - q_j)|}.
 */
final class OrderedDistance implements EarthMoversDistance {
    private final int[] order;
    private final double[] q;

    private OrderedDistance(int[] order, double[] q) {
        this.order = order;
        this.q = q;
    }

    static OrderedDistance of(Domain.SensitiveValues values) {
        List<Object> v = values.values();
        BigDecimal[] numbers = new BigDecimal[v.size()];
        for (int i = 0; i < numbers.length; i++) {
            Object x = v.get(i);
            if (!(x instanceof Number)) {
                throw new InvalidInputException("--closeness ordered: " + values.column() + " must be a numeric column without NULLs"
                        + " (ordered distance ranks its values); use --closeness equal or hierarchical");
            }
            numbers[i] = new BigDecimal(x.toString());
        }
        int[] order = java.util.stream.IntStream.range(0, numbers.length).boxed()
                .sorted(Comparator.comparing(i -> numbers[i])).mapToInt(Integer::intValue).toArray();
        return new OrderedDistance(order, EarthMoversDistance.shares(values.tableCounts()));
    }

    @Override
    public double distance(long[] counts, long size) {
        int m = order.length;
        if (m < 2) {
            return 0;
        }
        double running = 0;
        double sum = 0;
        for (int i : order) {
            running += (double) counts[i] / size - q[i];
            sum += Math.abs(running);
        }
        return sum / (m - 1);
    }

    @Override
    public String toString() {
        return "ordered " + Arrays.toString(order);
    }
}
