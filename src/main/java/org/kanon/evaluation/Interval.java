package org.kanon.evaluation;

import java.util.List;
import org.jooq.Condition;
import org.jooq.Field;

/**
 * A query's predicate on one QI attribute, {@code A_i in b_i}: an interval of the attribute's ordered domain
 * ({@link AttributeDomain}). {@code attribute} is the attribute's position in the release's QI list. Values are
 * compared as {@link Values} normalizes them: numbers as doubles, anything else as text.
 */
public sealed interface Interval permits Interval.Numeric, Interval.Text {

    int attribute();

    boolean contains(Object value);

    /** The predicate in SQL on the original column. */
    Condition condition(Field<Object> column);

    /** {@code low <= A <= high}; {@code rawLow}/{@code rawHigh} are the bounds as the original column types them. */
    record Numeric(int attribute, double low, double high, Object rawLow, Object rawHigh) implements Interval {
        @Override
        public boolean contains(Object value) {
            return value instanceof Double d && d >= low && d <= high;
        }

        /** The length of [lo, hi] inside this interval. */
        public double overlap(double lo, double hi) {
            return Math.max(0, Math.min(hi, high) - Math.max(lo, low));
        }

        @Override
        public Condition condition(Field<Object> column) {
            return column.between(rawLow, rawHigh);
        }
    }

    /**
     * A run of consecutive values in text order, {@code low <= A <= high}; {@code values} are the original's values in
     * it, which SQL tests by IN (a database's collation need not order text as Java does).
     */
    record Text(int attribute, String low, String high, List<Object> values) implements Interval {
        public Text {
            values = List.copyOf(values);
        }

        @Override
        public boolean contains(Object value) {
            return value instanceof String s && s.compareTo(low) >= 0 && s.compareTo(high) <= 0;
        }

        @Override
        public Condition condition(Field<Object> column) {
            return column.in(values);
        }
    }
}
