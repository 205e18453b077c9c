package org.kanon.schema.hierarchy;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.kanon.InvalidInputException;

/** Turns a command-line hierarchy spec ({@code interval:5,10,20}, {@code mask:3}, {@code date:M/d/yy}) into a builder. */
public final class HierarchyBuilders {
    static final String VALID_FORMS = "interval:W1,W2,... (each width a multiple of the one before), mask, mask:N, "
            + "suppress, date, date:PATTERN (java.time, default " + DateHierarchyBuilder.ISO_PATTERN + ")";

    private HierarchyBuilders() {
    }

    /** @throws InvalidInputException for an unknown kind or a bad argument, listing the valid forms */
    public static HierarchyBuilder parse(String spec) {
        if (spec == null || spec.isBlank()) {
            throw new InvalidInputException("hierarchy spec is empty; valid forms: " + VALID_FORMS);
        }
        String text = spec.trim();
        int colon = text.indexOf(':');
        String kind = (colon < 0 ? text : text.substring(0, colon)).trim().toLowerCase(Locale.ROOT);
        String argument = colon < 0 ? null : text.substring(colon + 1).trim();
        switch (kind) {
            case "interval":
                return new IntervalHierarchyBuilder(widths(spec, required(spec, argument)));
            case "mask":
                return argument == null ? new MaskingHierarchyBuilder() : new MaskingHierarchyBuilder(maskedCount(spec, argument));
            case "suppress":
                noArgument(spec, argument);
                return new SuppressionHierarchyBuilder();
            case "date":
                return argument == null ? new DateHierarchyBuilder() : new DateHierarchyBuilder(required(spec, argument));
            default:
                throw new InvalidInputException("unknown hierarchy spec '" + spec + "'; valid forms: " + VALID_FORMS);
        }
    }

    private static List<Long> widths(String spec, String argument) {
        List<Long> widths = new ArrayList<>();
        for (String part : argument.split(",", -1)) {
            try {
                widths.add(Long.parseLong(part.trim()));
            } catch (NumberFormatException e) {
                throw new InvalidInputException("hierarchy spec '" + spec + "': width '" + part.trim()
                        + "' is not a whole number; valid forms: " + VALID_FORMS);
            }
        }
        return widths;
    }

    private static int maskedCount(String spec, String argument) {
        try {
            int count = Integer.parseInt(argument);
            if (count >= 1) {
                return count;
            }
        } catch (NumberFormatException e) {
            // reported below, like a count below 1
        }
        throw new InvalidInputException("hierarchy spec '" + spec + "': mask:N needs a number of characters N >= 1, "
                + "or plain 'mask' for all but the first character");
    }

    private static String required(String spec, String argument) {
        if (argument == null || argument.isEmpty()) {
            throw new InvalidInputException("hierarchy spec '" + spec + "' lacks its argument; valid forms: " + VALID_FORMS);
        }
        return argument;
    }

    private static void noArgument(String spec, String argument) {
        if (argument != null) {
            throw new InvalidInputException("hierarchy spec '" + spec + "': suppress takes no argument; valid forms: "
                    + VALID_FORMS);
        }
    }
}
