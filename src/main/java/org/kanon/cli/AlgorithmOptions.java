package org.kanon.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.kanon.InvalidInputException;
import org.kanon.approximation.ApproximationOptions;
import org.kanon.local.kaca.Kaca;
import org.kanon.permutation.PermutationAnonymizer;

/**
 * Which algorithms each algorithm-specific option of {@code kanon anonymize} applies to: an option set on the command
 * line (not one left at its default) for an algorithm that does not read it is refused, so a user never believes
 * they set something they did not. Options every algorithm takes (table, qi, k, the privacy model, name, replace,
 * format, stats) are not listed; the model options a family cannot take are refused by its run with their own words.
 */
final class AlgorithmOptions {
    /** Option -> the algorithms that read it, in the order --help lists the algorithms. */
    static final Map<String, List<String>> APPLIES_TO = table();

    private AlgorithmOptions() {
    }

    private static Map<String, List<String>> table() {
        List<String> searches = Algorithms.fullDomainSearches();
        List<String> kaca = List.of(Kaca.KACA1, Kaca.KACA2);
        List<String> approximations = List.of(ApproximationOptions.FOREST, ApproximationOptions.FACTOR2, ApproximationOptions.FACTOR3,
                ApproximationOptions.EXACT);
        List<String> twoTables = List.of(PermutationAnonymizer.PERMUTATION, PermutationAnonymizer.ANATOMY);
        Map<String, List<String>> t = new LinkedHashMap<>();
        t.put("--executor", searches);
        t.put("--memory-budget", searches);
        t.put("--max-lattice", searches);
        t.put("--select", searches);
        t.put("--list", searches);
        t.put("--suppress-mode", searches);
        t.put("--materialize", searches);
        t.put("--weights", join(searches, kaca, approximations));
        t.put("--beta", kaca);
        t.put("--priority", kaca);
        t.put("--max-inconsistency", List.of(Kaca.KACA2));
        t.put("--seed", join(kaca, twoTables));
        t.put("--no-preprocess", twoTables);
        t.put("--row-deletion", List.of(ApproximationOptions.FOREST, ApproximationOptions.EXACT));
        t.put("--block-size", List.of(ApproximationOptions.FACTOR2, ApproximationOptions.FACTOR3));
        t.put("--as-printed", approximations);
        // the two tables hold only the QIs and the sensitive attribute: there is no identifying column to drop
        t.put("--identifying", Algorithms.names().stream().filter(Predicate.not(Set.copyOf(twoTables)::contains)).toList());
        return java.util.Collections.unmodifiableMap(t);
    }

    @SafeVarargs
    private static List<String> join(List<String>... lists) {
        List<String> all = new ArrayList<>();
        for (List<String> l : lists) {
            all.addAll(l);
        }
        return List.copyOf(all);
    }

    /** Whether the option is one of the table's and applies to the algorithm; options not in the table apply to all. */
    static boolean applies(String option, String algorithm) {
        List<String> algorithms = APPLIES_TO.get(option);
        return algorithms == null || algorithms.contains(algorithm);
    }

    /**
     * Refuses the first option in {@code given} that does not apply to the algorithm, naming the algorithms it
     * applies to; {@code given} says whether the user set an option (a default is not set).
     */
    static void require(String algorithm, Predicate<String> given) {
        for (Map.Entry<String, List<String>> e : APPLIES_TO.entrySet()) {
            if (given.test(e.getKey()) && !e.getValue().contains(algorithm)) {
                throw new InvalidInputException(e.getKey() + " does not apply to --algorithm " + algorithm + "; it applies to "
                        + String.join(", ", e.getValue()));
            }
        }
    }
}
