package org.kanon.engine;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * How to run an algorithm and whether to release its result: the algorithm-specific options in the spelling of
 * {@code kanon anonymize} (each family parses the ones it reads into its own typed settings before any work, with
 * the errors naming the option), the release name and whether it replaces one. {@code given} holds the options set
 * by the user (a default is not set): {@link Algorithms#require} refuses those the algorithm does not read.
 */
public record AnonymizeOptions(String executor, String memoryBudget, Long maxLattice, String select, boolean list,
                               String suppressMode, boolean materialize, String weights, String beta, String priority,
                               String maxInconsistency, Long seed, boolean noPreprocess, boolean rowDeletion, int blockSize,
                               boolean asPrinted, String identifying, String name, boolean replace, Set<AlgorithmOption> given) {
    public static final String DEFAULT_EXECUTOR = "auto";
    /** Half the heap: the memory executor's search needs room beside its sets (see ZeroLevelBudget). */
    public static final String DEFAULT_MEMORY_BUDGET = "50%";
    public static final String DEFAULT_SELECT = "height";
    public static final String DEFAULT_SUPPRESS_MODE = "remove";
    public static final int DEFAULT_BLOCK_SIZE = 150;

    public AnonymizeOptions {
        given = given.isEmpty() ? Collections.emptySet() : Collections.unmodifiableSet(EnumSet.copyOf(given));
    }

    public boolean isGiven(AlgorithmOption option) {
        return given.contains(option);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Options one by one; each one set counts as given, so one the algorithm does not read is refused. */
    public static final class Builder {
        private String executor = DEFAULT_EXECUTOR;
        private String memoryBudget = DEFAULT_MEMORY_BUDGET;
        private Long maxLattice;
        private String select = DEFAULT_SELECT;
        private boolean list;
        private String suppressMode = DEFAULT_SUPPRESS_MODE;
        private boolean materialize;
        private String weights;
        private String beta;
        private String priority;
        private String maxInconsistency;
        private Long seed;
        private boolean noPreprocess;
        private boolean rowDeletion;
        private int blockSize = DEFAULT_BLOCK_SIZE;
        private boolean asPrinted;
        private String identifying;
        private String name;
        private boolean replace;
        private final Set<AlgorithmOption> given = EnumSet.noneOf(AlgorithmOption.class);

        private Builder() {
        }

        private Builder set(AlgorithmOption option) {
            given.add(option);
            return this;
        }

        /** sql, memory or auto (full-domain searches). */
        public Builder executor(String kind) {
            executor = kind;
            return set(AlgorithmOption.EXECUTOR);
        }

        /** e.g. 512m or 2g (full-domain searches under the auto executor). */
        public Builder memoryBudget(String size) {
            memoryBudget = size;
            return set(AlgorithmOption.MEMORY_BUDGET);
        }

        public Builder maxLattice(long nodes) {
            maxLattice = nodes;
            return set(AlgorithmOption.MAX_LATTICE);
        }

        /** height, weighted-height, dm or distortion (full-domain searches). */
        public Builder select(String criterion) {
            select = criterion;
            return set(AlgorithmOption.SELECT);
        }

        public Builder list(boolean every) {
            list = every;
            return set(AlgorithmOption.LIST);
        }

        /** remove or star (full-domain searches). */
        public Builder suppressMode(String mode) {
            suppressMode = mode;
            return set(AlgorithmOption.SUPPRESS_MODE);
        }

        public Builder materialize(boolean table) {
            materialize = table;
            return set(AlgorithmOption.MATERIALIZE);
        }

        /** Per-QI weights "w1,w2,..", or for KACA uniform or height. */
        public Builder weights(String text) {
            weights = text;
            return set(AlgorithmOption.WEIGHTS);
        }

        public Builder beta(String b) {
            beta = b;
            return set(AlgorithmOption.BETA);
        }

        public Builder priority(String attributes) {
            priority = attributes;
            return set(AlgorithmOption.PRIORITY);
        }

        /** e.g. 10% or 0.1 (kaca2). */
        public Builder maxInconsistency(String share) {
            maxInconsistency = share;
            return set(AlgorithmOption.MAX_INCONSISTENCY);
        }

        public Builder seed(long s) {
            seed = s;
            return set(AlgorithmOption.SEED);
        }

        public Builder noPreprocess(boolean skip) {
            noPreprocess = skip;
            return set(AlgorithmOption.NO_PREPROCESS);
        }

        public Builder rowDeletion(boolean allowed) {
            rowDeletion = allowed;
            return set(AlgorithmOption.ROW_DELETION);
        }

        public Builder blockSize(int rows) {
            blockSize = rows;
            return set(AlgorithmOption.BLOCK_SIZE);
        }

        public Builder asPrinted(boolean printed) {
            asPrinted = printed;
            return set(AlgorithmOption.AS_PRINTED);
        }

        /** Identifying columns "a,b", dropped from the release. */
        public Builder identifying(String columns) {
            identifying = columns;
            return set(AlgorithmOption.IDENTIFYING);
        }

        /** Release the result under this name (KANON_RELEASE.name); without it nothing is written. */
        public Builder releaseAs(String releaseName) {
            name = releaseName;
            return this;
        }

        public Builder replace(boolean overwrite) {
            replace = overwrite;
            return this;
        }

        public AnonymizeOptions build() {
            return new AnonymizeOptions(executor, memoryBudget, maxLattice, select, list, suppressMode, materialize, weights, beta,
                    priority, maxInconsistency, seed, noPreprocess, rowDeletion, blockSize, asPrinted, identifying, name, replace, given);
        }
    }
}
