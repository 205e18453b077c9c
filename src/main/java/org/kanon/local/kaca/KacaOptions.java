package org.kanon.local.kaca;

import java.util.List;
import java.util.OptionalDouble;
import org.kanon.InvalidInputException;
import org.kanon.metrics.HierarchyWeights;

/**
 * How KACA runs: k; the WHD weights of the distance; the seed of every random choice (the small class taken next,
 * ties); KACA2's maximum inconsistency (empty for KACA1); the attributes to sacrifice first when classes tie
 * (section 6's second remedy for racing attributes, most expendable first); and whether to find the nearest class by
 * scanning every class, as the paper does, instead of the level index (same answers; for tests and comparison).
 */
public record KacaOptions(int k, HierarchyWeights weights, long seed, OptionalDouble maxInconsistency,
                          List<String> priority, boolean exhaustiveSearch) {
    public KacaOptions {
        if (k < 1) {
            throw new InvalidInputException("--k: must be at least 1, got " + k);
        }
        if (maxInconsistency.isPresent() && !(maxInconsistency.getAsDouble() >= 0 && maxInconsistency.getAsDouble() <= 1)) {
            throw new InvalidInputException("--max-inconsistency: must be between 0 % and 100 %, got " + maxInconsistency.getAsDouble() * 100 + " %");
        }
        priority = List.copyOf(priority);
    }

    public static KacaOptions kaca1(int k, HierarchyWeights weights, long seed) {
        return new KacaOptions(k, weights, seed, OptionalDouble.empty(), List.of(), false);
    }

    public static KacaOptions kaca2(int k, HierarchyWeights weights, long seed, double maxInconsistency) {
        return new KacaOptions(k, weights, seed, OptionalDouble.of(maxInconsistency), List.of(), false);
    }

    public KacaOptions withPriority(List<String> attributes) {
        return new KacaOptions(k, weights, seed, maxInconsistency, attributes, exhaustiveSearch);
    }

    public KacaOptions withExhaustiveSearch() {
        return new KacaOptions(k, weights, seed, maxInconsistency, priority, true);
    }

    public String algorithm() {
        return maxInconsistency.isPresent() ? Kaca.KACA2 : Kaca.KACA1;
    }
}
