package org.kanon.schema.hierarchy;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;
import org.kanon.InvalidInputException;

/**
 * Generalizes integers to intervals of growing width (age 37 to {@code 35-39}, {@code 30-39}, {@code 20-39}),
 * then to {@code *}. Intervals are aligned at 0 with floor division, so -3 falls in {@code -5--1}, not in a
 * {@code -4-0} straddling zero. Each width must be a multiple of the one before: then every interval lies inside
 * exactly one wider interval and the levels form a tree.
 */
public final class IntervalHierarchyBuilder implements HierarchyBuilder {
    private final List<Long> widths;

    /** @throws InvalidInputException when there are no widths, one is not positive or not a larger multiple of the one before */
    public IntervalHierarchyBuilder(List<Long> widths) {
        if (widths == null || widths.isEmpty()) {
            throw new InvalidInputException("interval hierarchy: at least one width is required, as in interval:5,10,20");
        }
        this.widths = List.copyOf(widths); // a null width is a caller bug: NullPointerException
        for (int i = 0; i < this.widths.size(); i++) {
            long width = this.widths.get(i);
            if (width <= 0) {
                throw new InvalidInputException(describe() + ": width " + width + " is not positive");
            }
            if (i > 0) {
                long previous = this.widths.get(i - 1);
                if (width <= previous || width % previous != 0) {
                    throw new InvalidInputException(describe() + ": width " + width + " is not a larger multiple of "
                            + previous + ", so its intervals would not nest");
                }
            }
        }
    }

    public List<Long> widths() {
        return widths;
    }

    @Override
    public Hierarchy build(String attribute, Collection<String> values) {
        return GeneratedHierarchy.of(attribute, values, describe(), value -> labels(attribute, value));
    }

    @Override
    public String describe() {
        return "interval " + widths.stream().map(String::valueOf).collect(Collectors.joining(","));
    }

    private List<String> labels(String attribute, String value) {
        long number = integerOf(attribute, value);
        List<String> labels = new ArrayList<>();
        try {
            for (long width : widths) {
                long low = Math.multiplyExact(Math.floorDiv(number, width), width);
                labels.add(low + "-" + Math.addExact(low, width - 1));
            }
        } catch (ArithmeticException e) {
            throw new InvalidInputException(describe() + " for '" + attribute + "': value '" + value
                    + "' is too close to the limits of a 64-bit integer for these intervals");
        }
        labels.add(SuppressionHierarchyBuilder.ROOT);
        return labels;
    }

    /** SQL text of an integral column; {@code 42.0} from a DECIMAL is accepted as 42, {@code 42.5} is not. */
    private long integerOf(String attribute, String value) {
        try {
            return new BigDecimal(value.trim()).longValueExact();
        } catch (NumberFormatException | ArithmeticException e) {
            throw new InvalidInputException(describe() + " for '" + attribute + "': value '" + value
                    + "' is not an integer");
        }
    }
}
