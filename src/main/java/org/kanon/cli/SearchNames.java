package org.kanon.cli;

import org.kanon.InvalidInputException;
import org.kanon.global.BruteForce;
import org.kanon.global.FullDomainSearch;
import org.kanon.global.Incognito;

/** Placeholder until the search registry lands: the algorithms available by name. */
final class SearchNames {
    private SearchNames() {
    }

    static FullDomainSearch byName(String name) {
        return switch (name.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "incognito" -> new Incognito();
            case "bruteforce" -> new BruteForce();
            default -> throw new InvalidInputException("--algorithm: unknown '" + name + "' (known: incognito, bruteforce)");
        };
    }
}
