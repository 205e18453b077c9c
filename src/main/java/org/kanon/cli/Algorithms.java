package org.kanon.cli;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.kanon.InvalidInputException;
import org.kanon.approximation.ApproximationOptions;
import org.kanon.local.TopDown;
import org.kanon.local.kaca.Kaca;
import org.kanon.local.mondrian.Mondrian;
import org.kanon.permutation.PermutationAnonymizer;
import org.kanon.global.Searches;

/** Every name {@code anonymize --algorithm} takes, in the order the help lists them. */
final class Algorithms {
    /** eincognito is Incognito under (alpha,k): the same search, the name the (alpha,k) paper gives it. */
    static final String EINCOGNITO = "eincognito";

    private Algorithms() {
    }

    static List<String> names() {
        List<String> names = new ArrayList<>(fullDomainSearches());
        names.addAll(List.of("topdown", TopDown.ALGORITHM, Kaca.KACA1, Kaca.KACA2, Mondrian.ALGORITHM,
                ApproximationOptions.FOREST, ApproximationOptions.FACTOR2, ApproximationOptions.FACTOR3, ApproximationOptions.EXACT,
                PermutationAnonymizer.PERMUTATION, PermutationAnonymizer.ANATOMY));
        return Collections.unmodifiableList(names);
    }

    /** The full-domain lattice searches (Incognito's variants, Samarati, bottom-up, brute force). */
    static List<String> fullDomainSearches() {
        List<String> names = new ArrayList<>(Searches.names());
        names.add(1, EINCOGNITO);
        return Collections.unmodifiableList(names);
    }

    /** Refuses a name that is none of them, with the nearest ones and the whole list. */
    static void require(String name) {
        List<String> names = names();
        if (!names.contains(name)) {
            throw new InvalidInputException("--algorithm: unknown algorithm '" + name + "'" + Suggestions.closest(name, names)
                    + " (valid: " + String.join(", ", names) + ")");
        }
    }
}
