package org.kanon.engine;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * An algorithm whose name, family and options read are fixed when it is registered, so each registered class holds
 * only what it does: its checks and its run.
 */
abstract class DeclaredAlgorithm implements Algorithm {
    final String name; // the subclasses name themselves in their refusals
    private final Family family;
    private final Set<AlgorithmOption> reads;

    DeclaredAlgorithm(String name, Family family, Set<AlgorithmOption> reads) {
        this.name = name;
        this.family = family;
        this.reads = Collections.unmodifiableSet(reads.isEmpty() ? EnumSet.noneOf(AlgorithmOption.class) : EnumSet.copyOf(reads));
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final Family family() {
        return family;
    }

    @Override
    public final Set<AlgorithmOption> reads() {
        return reads;
    }
}
