package org.kanon.schema.hierarchy;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.kanon.InvalidInputException;

/**
 * Masks one more character per level, right to left, then generalizes to {@code *}: with 2 levels 53715 becomes
 * {@code 5371*}, {@code 537**}, {@code *} (height 3; the Zipcode hierarchy of Incognito's Figure 2 is the first
 * two of these levels). Without a level count it masks all characters but the first of the longest value.
 *
 * <p>Each value keeps its own length ({@code 123} becomes {@code 12*} where {@code 53715} becomes {@code 5371*}),
 * so values of different lengths never share a label and the result is always a tree; a short value simply
 * reaches all stars earlier and stays there. Characters are counted as code points.
 */
public final class MaskingHierarchyBuilder implements HierarchyBuilder {
    private static final String MASK = "*";
    private final int levels;

    /** @param levels how many characters get masked, one per level; 0 or less means the default, length - 1 of the longest value */
    public MaskingHierarchyBuilder(int levels) {
        this.levels = Math.max(levels, 0);
    }

    public MaskingHierarchyBuilder() {
        this(0);
    }

    @Override
    public Hierarchy build(String attribute, Collection<String> values) {
        Collection<String> distinct = GeneratedHierarchy.distinct(values);
        int longest = distinct.stream().mapToInt(v -> v.codePointCount(0, v.length())).max().orElse(0);
        if (!distinct.isEmpty() && levels > longest) {
            throw new InvalidInputException(describe() + " for '" + attribute + "': the longest value has " + longest
                    + " characters, so at most " + longest + " can be masked");
        }
        int maskedLevels = levels > 0 ? levels : Math.max(longest - 1, 0);
        return GeneratedHierarchy.of(attribute, distinct, describe(), value -> labels(value, maskedLevels));
    }

    @Override
    public String describe() {
        return levels > 0 ? "mask " + levels : "mask";
    }

    private static List<String> labels(String value, int maskedLevels) {
        List<String> labels = new ArrayList<>();
        for (int masked = 1; masked <= maskedLevels; masked++) {
            labels.add(mask(value, masked));
        }
        labels.add(SuppressionHierarchyBuilder.ROOT);
        return labels;
    }

    private static String mask(String value, int masked) {
        int length = value.codePointCount(0, value.length());
        int kept = Math.max(length - masked, 0);
        return value.substring(0, value.offsetByCodePoints(0, kept)) + MASK.repeat(length - kept);
    }
}
