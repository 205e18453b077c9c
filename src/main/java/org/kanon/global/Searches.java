package org.kanon.global;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.kanon.InvalidInputException;

/** The full-domain searches by name, as a user picks one; each lookup gives a new instance. */
public final class Searches {
    private static final Map<String, Supplier<FullDomainSearch>> SEARCHES = new LinkedHashMap<>();

    static {
        register(Incognito::new);
        register(SuperRootsIncognito::new);
        register(CubeIncognito::new);
        register(Samarati::new);
        register(BottomUp::new);
        register(BottomUpRollup::new);
        register(BruteForce::new);
    }

    private Searches() {
    }

    private static void register(Supplier<FullDomainSearch> search) {
        SEARCHES.put(search.get().name(), search);
    }

    /** The search of that name; an unknown name is a user error that lists the valid ones. */
    public static FullDomainSearch byName(String name) {
        Supplier<FullDomainSearch> search = name == null ? null : SEARCHES.get(name);
        if (search == null) {
            throw new InvalidInputException("unknown search algorithm '" + name + "'; valid: " + String.join(", ", names()));
        }
        return search.get();
    }

    /** Valid names, Incognito's variants first, brute force last. */
    public static List<String> names() {
        return List.copyOf(SEARCHES.keySet());
    }
}
