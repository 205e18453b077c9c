package org.kanon.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.kanon.engine.AlgorithmOption;
import org.kanon.engine.Algorithms;

/**
 * Which algorithms each algorithm-specific option of {@code kanon anonymize} applies to, as the engine's algorithms
 * declare what they read (the engine refuses an option set for an algorithm that does not read it, so a user never
 * believes they set something they did not). Options every algorithm
 * takes (table, qi, k, the privacy model, name, replace, format, stats) are not listed; the model options a family
 * cannot take are refused by its run with their own words.
 */
final class AlgorithmOptions {
    /** Option -> the algorithms that read it, in the order --help lists the algorithms. */
    static final Map<String, List<String>> APPLIES_TO = table();

    private AlgorithmOptions() {
    }

    private static Map<String, List<String>> table() {
        Map<String, List<String>> t = new LinkedHashMap<>();
        for (AlgorithmOption o : AlgorithmOption.values()) {
            t.put(o.spelling(), Algorithms.readingOption(o));
        }
        return java.util.Collections.unmodifiableMap(t);
    }

    /** Whether the option is one of the table's and applies to the algorithm; options not in the table apply to all. */
    static boolean applies(String option, String algorithm) {
        List<String> algorithms = APPLIES_TO.get(option);
        return algorithms == null || algorithms.contains(algorithm);
    }
}
