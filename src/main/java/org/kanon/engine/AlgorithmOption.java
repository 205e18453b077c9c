package org.kanon.engine;

import java.util.Optional;

/**
 * The options only some algorithms read, by the spelling {@code kanon anonymize} gives them. An algorithm declares
 * the ones it reads ({@link Algorithm#reads()}); one set for an algorithm that does not read it is refused, so a
 * user never believes they set something they did not. The order is the order in which they are checked.
 */
public enum AlgorithmOption {
    EXECUTOR("--executor"),
    MEMORY_BUDGET("--memory-budget"),
    MAX_LATTICE("--max-lattice"),
    SELECT("--select"),
    LIST("--list"),
    SUPPRESS_MODE("--suppress-mode"),
    MATERIALIZE("--materialize"),
    WEIGHTS("--weights"),
    BETA("--beta"),
    PRIORITY("--priority"),
    MAX_INCONSISTENCY("--max-inconsistency"),
    SEED("--seed"),
    NO_PREPROCESS("--no-preprocess"),
    ROW_DELETION("--row-deletion"),
    BLOCK_SIZE("--block-size"),
    AS_PRINTED("--as-printed"),
    IDENTIFYING("--identifying");

    private final String spelling;

    AlgorithmOption(String spelling) {
        this.spelling = spelling;
    }

    /** The option as written on the command line and in a spec's options text, e.g. {@code --beta}. */
    public String spelling() {
        return spelling;
    }

    public static Optional<AlgorithmOption> bySpelling(String option) {
        for (AlgorithmOption o : values()) {
            if (o.spelling.equals(option)) {
                return Optional.of(o);
            }
        }
        return Optional.empty();
    }
}
