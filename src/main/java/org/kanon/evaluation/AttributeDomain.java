package org.kanon.evaluation;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.kanon.schema.Column;

/**
 * The values a QI attribute takes in the original table, in order (numbers by value, anything else in text order, as
 * {@link org.kanon.permutation.Microdata} orders them): |A_i| of section 4.2 is their number, and a query's range is a
 * run of consecutive ones.
 */
public final class AttributeDomain {
    private final Column column;
    private final List<Object> raw;
    private final List<Object> values;

    /** {@code raw}: the column's distinct non-null values as the database returned them, in any order. */
    AttributeDomain(Column column, List<Object> raw) {
        this.column = column;
        List<Object[]> pairs = new ArrayList<>();
        for (Object r : raw) {
            pairs.add(new Object[] {r, Values.of(r, column.isNumeric())});
        }
        if (column.isNumeric()) {
            pairs.sort(Comparator.comparingDouble(p -> (Double) p[1]));
        } else {
            pairs.sort(Comparator.comparing(p -> (String) p[1]));
        }
        this.raw = pairs.stream().map(p -> p[0]).toList();
        this.values = pairs.stream().map(p -> p[1]).toList();
    }

    public Column column() {
        return column;
    }

    public boolean numeric() {
        return column.isNumeric();
    }

    public int size() {
        return values.size();
    }

    /** The value at a position, normalized ({@link Values}). */
    public Object value(int index) {
        return values.get(index);
    }

    public List<Object> values() {
        return values;
    }

    /** The values at positions {@code from..to} (both included) as the predicate on attribute {@code attribute}. */
    public Interval interval(int attribute, int from, int to) {
        if (from < 0 || to >= size() || from > to) {
            throw new IllegalArgumentException("positions " + from + ".." + to + " outside 0.." + (size() - 1) + " of " + column.name());
        }
        if (numeric()) {
            return new Interval.Numeric(attribute, (Double) values.get(from), (Double) values.get(to));
        }
        return new Interval.Text(attribute, (String) values.get(from), (String) values.get(to), raw.subList(from, to + 1));
    }
}
