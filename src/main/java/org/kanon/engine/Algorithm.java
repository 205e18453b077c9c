package org.kanon.engine;

import java.util.Set;

/**
 * One anonymization algorithm as the engine runs it: its name, its family, the options it reads, and a run in two
 * steps: {@link #prepare} validates the requirement and the options into the algorithm's own typed settings (no
 * database work, so a mistake is refused before anything is opened), then {@link Run#run} works on the source the
 * {@link RunContext} resolves once and answers with an {@link AnonymizeResult}.
 */
public interface Algorithm {
    /** The name {@code --algorithm} takes. */
    String name();

    Family family();

    /** The algorithm-specific options it reads; every other one of {@link AlgorithmOption} is refused. */
    Set<AlgorithmOption> reads();

    /** Whether it reads k; the two-table releases do not (their groups are l-diverse, l rows at least). */
    default boolean readsK() {
        return true;
    }

    /** Checks the requirement and the options; the run they describe, not yet started. */
    Run prepare(Anonymization what, AnonymizeOptions options);

    /** A validated run, waiting for its database. */
    @FunctionalInterface
    interface Run {
        AnonymizeResult run(RunContext context);
    }
}
