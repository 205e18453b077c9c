package org.kanon.engine;

import java.util.Optional;

/**
 * The options only some algorithms read, by the spelling {@code kanon anonymize} gives them. An algorithm declares
 * the ones it reads ({@link Algorithm#reads()}); one set for an algorithm that does not read it is refused, so a
 * user never believes they set something they did not. The order is the order in which they are checked.
 */
public enum AlgorithmOption {
    EXECUTOR("--executor", false),
    MEMORY_BUDGET("--memory-budget", false),
    MAX_LATTICE("--max-lattice", false),
    SELECT("--select", false),
    LIST("--list", true),
    SUPPRESS_MODE("--suppress-mode", false),
    MATERIALIZE("--materialize", true),
    WEIGHTS("--weights", false),
    BETA("--beta", false),
    PRIORITY("--priority", false),
    MAX_INCONSISTENCY("--max-inconsistency", false),
    SEED("--seed", false),
    NO_PREPROCESS("--no-preprocess", true),
    ROW_DELETION("--row-deletion", true),
    BLOCK_SIZE("--block-size", false),
    AS_PRINTED("--as-printed", true),
    IDENTIFYING("--identifying", false);

    private final String spelling;
    private final boolean flag;

    AlgorithmOption(String spelling, boolean flag) {
        this.spelling = spelling;
        this.flag = flag;
    }

    /** Whether it is a flag (on when named, or =true/=false) rather than an option taking a value. */
    public boolean flag() {
        return flag;
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
