package org.kanon.local.mondrian;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Mondrian's choice of a cut for one partition: attributes in order of normalized width, widest first (a tie keeps
 * the QI listed first); the first whose cut is allowable (every part accepted by the model) wins. None allowable:
 * the partition is final.
 */
final class SplitChoice {
    private final List<SplitDimension> dimensions;
    private final PartitionCheck check;

    SplitChoice(List<SplitDimension> dimensions, PartitionCheck check) {
        this.dimensions = List.copyOf(dimensions);
        this.check = check;
    }

    /** The parts of the chosen cut, or empty when no attribute has an allowable one. */
    Optional<List<int[]>> choose(int[] groups) {
        double[] width = new double[dimensions.size()];
        List<Integer> order = new ArrayList<>();
        for (int q = 0; q < width.length; q++) {
            width[q] = dimensions.get(q).normalizedWidth(groups);
            order.add(q);
        }
        // List.sort is stable: equal widths keep QI order
        order.sort(Comparator.comparingDouble((Integer q) -> width[q]).reversed());
        for (int q : order) {
            List<int[]> parts = dimensions.get(q).cut(groups);
            if (!parts.isEmpty() && parts.stream().allMatch(check::accepts)) {
                return Optional.of(parts);
            }
        }
        return Optional.empty();
    }
}
