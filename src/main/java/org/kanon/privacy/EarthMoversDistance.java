package org.kanon.privacy;

import java.util.Locale;
import org.kanon.InvalidInputException;

/**
 * The Earth Mover's Distance between a class's distribution of a sensitive column and the whole table's, under one
 * of the three ground distances of t-closeness (Li, Li, Venkatasubramanian, "t-Closeness: Privacy Beyond
 * k-Anonymity and l-Diversity", ICDE 2007, section 4.3). Bound to the table's values once; the class's counts are
 * indexed by the {@link Domain}'s value codes.
 */
public interface EarthMoversDistance {

    /** The distance of the class whose counts per value are {@code counts} (summing to {@code size}). */
    double distance(long[] counts, long size);

    /** The ground distances, as {@code --closeness} names them. */
    enum Ground {
        EQUAL, HIERARCHICAL, ORDERED;

        public static Ground parse(String text) {
            return switch (text.toLowerCase(Locale.ROOT)) {
                case "equal" -> EQUAL;
                case "hierarchical" -> HIERARCHICAL;
                case "ordered" -> ORDERED;
                default -> throw new InvalidInputException("--closeness: expected equal, hierarchical or ordered, got '" + text + "'");
            };
        }

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The distance to the table's distribution of {@code values}. */
        EarthMoversDistance bind(Domain.SensitiveValues values) {
            return switch (this) {
                case EQUAL -> new EqualDistance(values.tableCounts());
                case HIERARCHICAL -> HierarchicalDistance.of(values);
                case ORDERED -> OrderedDistance.of(values);
            };
        }
    }

    /** The table's share of each value. */
    static double[] shares(long[] tableCounts) {
        long total = 0;
        for (long n : tableCounts) {
            total += n;
        }
        double[] q = new double[tableCounts.length];
        for (int i = 0; i < q.length; i++) {
            q[i] = (double) tableCounts[i] / total;
        }
        return q;
    }
}
