package org.kanon.evaluation;

import java.util.List;

/**
 * What a cell of a generalized release stands for, under the uniformity assumption of section 4.2 (and of Example 1):
 * the share of the cell's rows that fall inside a query's range.
 */
sealed interface Cover permits Cover.Point, Cover.Span, Cover.Members {

    double share(Interval range);

    /** An exact value: all rows or none. */
    record Point(Object value) implements Cover {
        @Override
        public double share(Interval range) {
            return range.contains(value) ? 1 : 0;
        }
    }

    /**
     * A numeric range {@code [low-high]} (Mondrian's cells, Table 2's {@code [50-90]}), its rows spread evenly over
     * the real interval: the share is the length inside the range over the cell's length. Example 1: {@code [50-90]}
     * against Age in [40, 70] gives 20/40. A range of one value is a point.
     */
    record Span(double low, double high) implements Cover {
        @Override
        public double share(Interval range) {
            if (!(range instanceof Interval.Numeric numeric)) {
                return 0;
            }
            if (high <= low) {
                return numeric.contains(low) ? 1 : 0;
            }
            return numeric.overlap(low, high) / (high - low);
        }
    }

    /**
     * A set of values, each as likely: a hierarchy label (the raw values below it), {@code *} of a categorical
     * attribute (its whole domain), or a listed set such as Table 2's {@code F/M}.
     */
    record Members(List<Object> values) implements Cover {
        public Members {
            values = List.copyOf(values);
        }

        @Override
        public double share(Interval range) {
            if (values.isEmpty()) {
                return 0;
            }
            int inside = 0;
            for (Object v : values) {
                if (range.contains(v)) {
                    inside++;
                }
            }
            return (double) inside / values.size();
        }
    }
}
