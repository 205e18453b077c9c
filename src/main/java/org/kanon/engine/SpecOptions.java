package org.kanon.engine;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.kanon.InvalidInputException;
import org.kanon.workflow.Spec;

/**
 * A spec as the engine's typed request: its columns give the table, the requirement, the algorithm and the release;
 * its options text ({@code --executor memory --seed 7}, in the spelling of {@code kanon anonymize}, split at white
 * space) gives the algorithm's own options. Refused: an option the spec's columns set, an argument file
 * ({@code @file}), an option {@code kanon anonymize} does not have, a value of the wrong type, an option given
 * twice; an option the spec's algorithm does not read is refused by {@link Algorithms#requireApplicable}.
 */
public final class SpecOptions {
    /** Options a spec sets through its own columns; in its options text they would contradict them. */
    private static final Set<String> OWN_OPTIONS = Set.of("--table", "--qi", "--k", "--alpha", "--l", "--diversity", "--sensitive",
            "--value", "--suppression", "--algorithm", "--select", "--identifying", "--materialize", "--name", "--replace",
            "--db", "--user", "--list", "--format", "--stats-format", "--config");
    /**
     * The criteria beyond the spec's own model columns (recursive diversity's c, t-closeness, k-map, delta-presence and
     * the population): a spec gives them in its options text, in {@code kanon anonymize}'s spelling.
     */
    private static final Set<String> CRITERIA = Set.of("--c", "--t", "--closeness", "--k-map", "--presence", "--population");
    /** Options of {@code kanon anonymize} that only change what it prints: accepted, and of no effect on a spec's run. */
    private static final Set<String> PRINTING = Set.of("--stats");

    private SpecOptions() {
    }

    /** What the spec anonymizes, in {@code table} (its source table or the snapshot of its query). */
    public static Anonymization anonymization(Spec spec, String table) {
        // a spec always has a k; an algorithm that does not read it (the two-table releases) is not given it
        boolean readsK = !Algorithms.names().contains(spec.algorithm()) || Algorithms.require(spec.algorithm()).readsK();
        return new Anonymization(table, spec.quasiIdentifiers(), readsK ? spec.k() : null, spec.alpha(), spec.l(), spec.diversity(),
                spec.sensitiveAttribute(), spec.sensitiveValue() == null ? List.of() : List.of(spec.sensitiveValue()), spec.suppression(),
                criteria(spec));
    }

    /** The criteria the spec's options text gives ({@link #CRITERIA}). */
    private static Anonymization.Beyond criteria(Spec spec) {
        java.util.Map<String, String> given = new java.util.HashMap<>();
        List<String> tokens = tokens(spec);
        for (int i = 0; i < tokens.size(); i++) {
            String t = tokens.get(i);
            int eq = t.indexOf('=');
            String option = eq < 0 ? t : t.substring(0, eq);
            if (CRITERIA.contains(option)) {
                if (eq < 0 && i + 1 >= tokens.size()) {
                    throw new InvalidInputException("spec '" + spec.name() + "': options: missing the value of " + option);
                }
                given.put(option, eq < 0 ? tokens.get(++i) : t.substring(eq + 1));
            }
        }
        Integer kMap = null;
        if (given.containsKey("--k-map")) {
            try {
                kMap = Integer.parseInt(given.get("--k-map"));
            } catch (NumberFormatException e) {
                throw new InvalidInputException("spec '" + spec.name() + "': options: --k-map: '" + given.get("--k-map") + "' is not an int");
            }
        }
        return new Anonymization.Beyond(given.get("--c"), given.get("--t"), given.get("--closeness"), kMap, given.get("--presence"),
                given.get("--population"));
    }

    /** The spec's options, its release name and whether it replaces the release of that name. */
    public static AnonymizeOptions options(Spec spec, String releaseName, boolean replace) {
        AnonymizeOptions.Builder b = AnonymizeOptions.builder().releaseAs(releaseName).replace(replace);
        // a spec's select criterion and target kind always have a value: passed where the algorithm reads them, or
        // where the spec chose what the algorithm cannot do (a criterion other than the default), so its run is refused
        if (Algorithms.reads(spec.algorithm(), AlgorithmOption.SELECT)
                || !spec.selectCriterion().trim().equalsIgnoreCase(Spec.DEFAULT_SELECT)) {
            b.select(spec.selectCriterion());
        }
        if (spec.identifying() != null && !spec.identifying().isBlank()) {
            b.identifying(spec.identifying());
        }
        if (spec.materialized() && Algorithms.reads(spec.algorithm(), AlgorithmOption.MATERIALIZE)) {
            b.materialize(true);
        }
        parse(spec, b);
        return b.build();
    }

    /**
     * Refuses an argument file or an option the spec's own columns set, in the words of the spec: checked before
     * anything else, when the spec is stored and when it runs.
     */
    public static void refuseOwnOptions(Spec spec) {
        for (String t : tokens(spec)) {
            if (t.startsWith("@")) {
                throw new InvalidInputException("spec '" + spec.name() + "': options: '" + t + "': argument files are not read from specs");
            }
            String option = t.contains("=") ? t.substring(0, t.indexOf('=')) : t;
            if (OWN_OPTIONS.contains(option.toLowerCase(Locale.ROOT))) {
                throw new InvalidInputException("spec '" + spec.name() + "': options: " + option + " is set by the spec's own column, not in options");
            }
        }
    }

    private static List<String> tokens(Spec spec) {
        return spec.options() == null || spec.options().isBlank() ? List.of() : List.of(spec.options().trim().split("\\s+"));
    }

    /** The options text into the builder. */
    private static void parse(Spec spec, AnonymizeOptions.Builder b) {
        refuseOwnOptions(spec);
        List<String> tokens = tokens(spec);
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < tokens.size(); i++) {
            String t = tokens.get(i);
            int eq = t.indexOf('=');
            String option = eq < 0 ? t : t.substring(0, eq);
            String attached = eq < 0 ? null : t.substring(eq + 1);
            if (!option.startsWith("-")) {
                throw new InvalidInputException("Unmatched argument at index " + i + ": '" + t + "'");
            }
            if (!seen.add(option)) {
                throw new InvalidInputException("option '" + option + "' should be specified only once");
            }
            if (PRINTING.contains(option)) {
                flag(option, attached);
                continue;
            }
            if (CRITERIA.contains(option)) {
                i += attached == null ? 1 : 0; // the requirement's, read by anonymization(spec, table)
                continue;
            }
            AlgorithmOption o = AlgorithmOption.bySpelling(option)
                    .orElseThrow(() -> new InvalidInputException("Unknown option: '" + option + "'"));
            if (o.flag()) {
                set(b, o, Boolean.toString(flag(option, attached)));
                continue;
            }
            String value = attached;
            if (value == null) {
                if (i + 1 >= tokens.size()) {
                    throw new InvalidInputException("Missing required parameter for option '" + option + "'");
                }
                value = tokens.get(++i);
            }
            set(b, o, value);
        }
    }

    private static boolean flag(String option, String attached) {
        if (attached == null || attached.equalsIgnoreCase("true")) {
            return true;
        }
        if (attached.equalsIgnoreCase("false")) {
            return false;
        }
        throw new InvalidInputException("Invalid value for option '" + option + "': '" + attached + "' is not a boolean");
    }

    private static void set(AnonymizeOptions.Builder b, AlgorithmOption o, String value) {
        switch (o) {
            case EXECUTOR -> b.executor(value);
            case MEMORY_BUDGET -> b.memoryBudget(value);
            case MAX_LATTICE -> b.maxLattice(number(o, value, "long"));
            case SELECT -> b.select(value);
            case LIST -> b.list(Boolean.parseBoolean(value));
            case SUPPRESS_MODE -> b.suppressMode(value);
            case MATERIALIZE -> b.materialize(Boolean.parseBoolean(value));
            case WEIGHTS -> b.weights(value);
            case BETA -> b.beta(value);
            case PRIORITY -> b.priority(value);
            case MAX_INCONSISTENCY -> b.maxInconsistency(value);
            case SEED -> b.seed(number(o, value, "long"));
            case NO_PREPROCESS -> b.noPreprocess(Boolean.parseBoolean(value));
            case ROW_DELETION -> b.rowDeletion(Boolean.parseBoolean(value));
            case BLOCK_SIZE -> b.blockSize(Math.toIntExact(number(o, value, "int")));
            case AS_PRINTED -> b.asPrinted(Boolean.parseBoolean(value));
            case IDENTIFYING -> b.identifying(value);
        }
    }

    private static long number(AlgorithmOption o, String value, String type) {
        try {
            return type.equals("int") ? Integer.parseInt(value) : Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new InvalidInputException("Invalid value for option '" + o.spelling() + "': '" + value + "' is not " + (type.equals("int") ? "an int" : "a long"));
        }
    }
}
