package org.kanon.engine;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.kanon.InvalidInputException;
import org.kanon.approximation.ApproximationOptions;
import org.kanon.global.Searches;
import org.kanon.local.TopDown;
import org.kanon.local.kaca.Kaca;
import org.kanon.permutation.PermutationAnonymizer;

/**
 * Every algorithm kanon runs, by the name {@code --algorithm} takes, in the order the help lists them: the
 * full-domain searches, the local recodings, the approximations, the two-table releases. Which options apply to
 * which algorithm follows from what each declares it reads.
 */
public final class Algorithms {
    /** eincognito is Incognito under (alpha,k): the same search, the name the (alpha,k) paper gives it. */
    public static final String EINCOGNITO = "eincognito";

    private static final Map<String, Algorithm> BY_NAME = registry();

    private Algorithms() {
    }

    private static Map<String, Algorithm> registry() {
        List<Algorithm> all = new ArrayList<>();
        List<String> searches = new ArrayList<>(Searches.names());
        searches.add(1, EINCOGNITO);
        for (String name : searches) {
            // eIncognito is Incognito with the model's test of a node: every search takes the model
            all.add(new FullDomainAlgorithm(name, name.equals(EINCOGNITO) ? "incognito" : name));
        }
        all.add(new TopDownAlgorithm("topdown"));
        all.add(new TopDownAlgorithm(TopDown.ALGORITHM));
        all.add(new KacaAlgorithm(Kaca.KACA1));
        all.add(new KacaAlgorithm(Kaca.KACA2));
        all.add(new MondrianAlgorithm());
        for (String name : List.of(ApproximationOptions.FOREST, ApproximationOptions.FACTOR2, ApproximationOptions.FACTOR3,
                ApproximationOptions.EXACT)) {
            all.add(new ApproximationAlgorithm(name));
        }
        all.add(new TwoTableAlgorithm(PermutationAnonymizer.PERMUTATION));
        all.add(new TwoTableAlgorithm(PermutationAnonymizer.ANATOMY));
        Map<String, Algorithm> byName = new LinkedHashMap<>();
        for (Algorithm a : all) {
            byName.put(a.name(), a);
        }
        return Collections.unmodifiableMap(byName);
    }

    /** Every name, in the order the help lists them. */
    public static List<String> names() {
        return List.copyOf(BY_NAME.keySet());
    }

    /** The names of one family, in that order. */
    public static List<String> names(Family family) {
        return names(a -> a.family() == family);
    }

    /** The algorithm of that name; a name that is none of them is refused with the nearest ones and the whole list. */
    public static Algorithm require(String name) {
        Algorithm a = name == null ? null : BY_NAME.get(name);
        if (a == null) {
            List<String> names = names();
            throw new InvalidInputException("--algorithm: unknown algorithm '" + name + "'" + NameSuggestions.closest(name, names)
                    + " (valid: " + String.join(", ", names) + ")");
        }
        return a;
    }

    /** The algorithms that read the option, in the order of {@link #names()}. */
    public static List<String> readingOption(AlgorithmOption option) {
        return names(a -> a.reads().contains(option));
    }

    /** Whether the algorithm reads the option; false for an unknown algorithm. */
    public static boolean reads(String algorithm, AlgorithmOption option) {
        Algorithm a = BY_NAME.get(algorithm);
        return a != null && a.reads().contains(option);
    }

    /**
     * Refuses the first option in {@code given} (in the order of {@link AlgorithmOption}) that the algorithm does not
     * read, naming the algorithms it applies to.
     */
    public static void requireApplicable(String algorithm, Predicate<AlgorithmOption> given) {
        Algorithm a = require(algorithm);
        for (AlgorithmOption o : AlgorithmOption.values()) {
            if (given.test(o) && !a.reads().contains(o)) {
                throw new InvalidInputException(o.spelling() + " does not apply to --algorithm " + algorithm + "; it applies to "
                        + String.join(", ", readingOption(o)));
            }
        }
    }

    private static List<String> names(Predicate<Algorithm> which) {
        return BY_NAME.values().stream().filter(which).map(Algorithm::name).toList();
    }
}
