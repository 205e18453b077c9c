package org.kanon.schema.hierarchy;

import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Collection;
import java.util.List;
import org.kanon.InvalidInputException;

/**
 * Generalizes dates to their month ({@code 2026-11}), their year ({@code 2026}), then {@code *}. Values are read
 * with a java.time pattern; with the ISO default a timestamp's text ({@code 2026-11-25 00:00:00.0} from Derby,
 * {@code 2026-11-25T08:00}) counts as its date, since the database side hands over DATE and TIMESTAMP columns
 * alike as text.
 */
public final class DateHierarchyBuilder implements HierarchyBuilder {
    public static final String ISO_PATTERN = "yyyy-MM-dd";
    private static final DateTimeFormatter MONTH = DateTimeFormatter.ofPattern("uuuu-MM");
    private static final DateTimeFormatter YEAR = DateTimeFormatter.ofPattern("uuuu");
    private final String pattern;
    private final DateTimeFormatter format;

    /** @throws InvalidInputException when the pattern is not a java.time pattern */
    public DateHierarchyBuilder(String pattern) {
        this.pattern = pattern;
        this.format = isIso(pattern) ? DateTimeFormatter.ISO_LOCAL_DATE : formatOf(pattern);
    }

    public DateHierarchyBuilder() {
        this(ISO_PATTERN);
    }

    @Override
    public Hierarchy build(String attribute, Collection<String> values) {
        return GeneratedHierarchy.of(attribute, values, describe(), value -> labels(attribute, value));
    }

    @Override
    public String describe() {
        return "date " + pattern;
    }

    private List<String> labels(String attribute, String value) {
        LocalDate date = dateOf(attribute, value);
        return List.of(MONTH.format(date), YEAR.format(date), SuppressionHierarchyBuilder.ROOT);
    }

    private LocalDate dateOf(String attribute, String value) {
        String text = value.trim();
        if (format == DateTimeFormatter.ISO_LOCAL_DATE && text.length() > 10
                && (text.charAt(10) == ' ' || text.charAt(10) == 'T')) {
            text = text.substring(0, 10);
        }
        try {
            return LocalDate.parse(text, format);
        } catch (DateTimeParseException e) {
            throw new InvalidInputException(describe() + " for '" + attribute + "': value '" + value
                    + "' is not a date in the pattern " + pattern);
        }
    }

    private static boolean isIso(String pattern) {
        return ISO_PATTERN.equals(pattern) || "uuuu-MM-dd".equals(pattern);
    }

    private static DateTimeFormatter formatOf(String pattern) {
        if (pattern == null || pattern.isBlank()) {
            throw new InvalidInputException("date hierarchy: the date pattern is empty; leave it out for " + ISO_PATTERN);
        }
        try {
            return DateTimeFormatter.ofPattern(pattern);
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException("date hierarchy: '" + pattern + "' is not a java.time date pattern: "
                    + e.getMessage());
        }
    }
}
