package org.kanon.cli;

import java.util.List;
import org.kanon.engine.Family;

/** Every name {@code anonymize --algorithm} takes, in the order the help lists them: the engine's registry. */
final class Algorithms {
    private Algorithms() {
    }

    static List<String> names() {
        return org.kanon.engine.Algorithms.names();
    }

    /** The full-domain lattice searches (Incognito's variants, Samarati, bottom-up, brute force). */
    static List<String> fullDomainSearches() {
        return org.kanon.engine.Algorithms.names(Family.FULL_DOMAIN);
    }

    /** Refuses a name that is none of them, with the nearest ones and the whole list. */
    static void require(String name) {
        org.kanon.engine.Algorithms.require(name);
    }
}
