package org.kanon.evaluation;

import java.util.List;

/**
 * {@code SELECT COUNT(*) FROM T WHERE A_1 in b_1 AND .. AND A_{w-1} in b_{w-1} AND A_s = v}: the query form of the
 * permutation paper's section 4.2 (after Xiao and Tao's Anatomy), w - 1 ranges on distinct QI attributes and an
 * equality on the sensitive attribute; {@code sensitiveValue} is compared as text.
 */
public record CountQuery(List<Interval> ranges, String sensitiveValue) {
    public CountQuery {
        ranges = List.copyOf(ranges);
    }

    /** w: the ranges plus the sensitive predicate. */
    public int dimensionality() {
        return ranges.size() + 1;
    }
}
