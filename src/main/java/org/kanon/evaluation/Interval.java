package org.kanon.evaluation;

import java.util.List;

/**
 * A query's predicate on one QI attribute, {@code A_i in b_i}: an interval of the attribute's ordered domain
 * ({@link AttributeDomain}). {@code attribute} is the attribute's position in the release's QI list. Values are
 * compared as {@link Values} normalizes them: numbers as doubles, anything else as text.
 */
public sealed interface Interval permits Interval.Numeric, Interval.Text {

    int attribute();

    boolean contains(Object value);

    /** {@code low <= A <= high}. */
    record Numeric(int attribute, double low, double high) implements Interval {
        @Override
        public boolean contains(Object value) {
            return value instanceof Double d && d >= low && d <= high;
        }

        /** The length of [lo, hi] inside this interval. */
        public double overlap(double lo, double hi) {
            return Math.max(0, Math.min(hi, high) - Math.max(lo, low));
        }
    }

    /**
     * A run of consecutive values in text order, {@code low <= A <= high}; {@code values} are the original's values in
     * it, as the database returned them.
     */
    record Text(int attribute, String low, String high, List<Object> values) implements Interval {
        public Text {
            values = List.copyOf(values);
        }

        @Override
        public boolean contains(Object value) {
            return value instanceof String s && s.compareTo(low) >= 0 && s.compareTo(high) <= 0;
        }
    }
}
