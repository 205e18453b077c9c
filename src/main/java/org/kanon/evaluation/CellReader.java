package org.kanon.evaluation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.kanon.InvalidInputException;

/**
 * Reads the cells of one QI column of a generalized release (a global recoding's view, a local recoding's table) as
 * {@link Cover}s, trying in turn: a label of the hierarchy bound to the attribute (the raw values below it, at any
 * level, so raw values at level 0 are points); {@code *} (the whole domain: the original's range of a numeric
 * attribute, its values otherwise); a numeric range {@code [lo-hi]}; a raw value; a {@code /}-separated set of raw
 * values ({@code F/M}). Anything else is a user error naming the attribute and the cell.
 */
final class CellReader {
    private static final Pattern RANGE = Pattern.compile("\\[\\s*(-?[0-9][0-9.eE+]*)\\s*-\\s*(-?[0-9][0-9.eE+]*)\\s*]");

    private final AttributeDomain domain;
    private final Map<String, List<Object>> labels;
    private final Map<String, Cover> read = new HashMap<>();

    /** {@code labels}: the bound hierarchy's label -> raw values below it (normalized), empty without a hierarchy. */
    CellReader(AttributeDomain domain, Map<String, List<Object>> labels) {
        this.domain = domain;
        this.labels = labels;
    }

    Cover cover(String cell) {
        if (cell == null) {
            return new Cover.Point(null);
        }
        return read.computeIfAbsent(cell, this::interpret);
    }

    private Cover interpret(String cell) {
        List<Object> below = labels.get(cell);
        if (below != null) {
            return below.size() == 1 ? new Cover.Point(below.get(0)) : new Cover.Members(below);
        }
        String text = cell.trim();
        if (text.equals("*")) {
            return domain.numeric() && domain.size() > 0
                    ? new Cover.Span((Double) domain.value(0), (Double) domain.value(domain.size() - 1))
                    : new Cover.Members(domain.values());
        }
        if (domain.numeric()) {
            Matcher m = RANGE.matcher(text);
            if (m.matches()) {
                Double lo = Values.number(m.group(1));
                Double hi = Values.number(m.group(2));
                if (lo != null && hi != null && lo <= hi) {
                    return new Cover.Span(lo, hi);
                }
            }
            Double v = Values.number(text);
            if (v != null) {
                return new Cover.Point(v);
            }
        } else {
            if (domain.values().contains(cell)) {
                return new Cover.Point(cell);
            }
            if (cell.contains("/")) {
                List<Object> parts = new ArrayList<>();
                for (String p : cell.split("/", -1)) {
                    parts.add(p.trim());
                }
                if (domain.values().containsAll(parts)) {
                    return new Cover.Members(parts);
                }
            }
        }
        throw new InvalidInputException("cell '" + cell + "' of " + domain.column().name() + " is no label of its hierarchy, no value of the"
                + " original, no range [lo-hi] and not *: the query estimate cannot interpret it");
    }
}
