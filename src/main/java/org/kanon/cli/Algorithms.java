package org.kanon.cli;

import java.util.List;

/** Every name {@code anonymize --algorithm} takes, in the order the help lists them: the engine's registry. */
final class Algorithms {
    private Algorithms() {
    }

    static List<String> names() {
        return org.kanon.engine.Algorithms.names();
    }
}
