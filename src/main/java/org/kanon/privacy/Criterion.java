package org.kanon.privacy;

import java.util.Optional;
import org.jooq.Record;
import org.jooq.Select;

/**
 * One condition of a privacy {@link Requirement} that every equivalence class must meet beyond its size, each
 * model its own class. A criterion declares what it reads — the distribution of one sensitive column in a class,
 * the class's rows in a population table, the sensitive column's hierarchy — and the executors supply exactly that
 * ({@link Domain}, {@link ClassDetail}); it says whether a search may prune on it when rows may be suppressed, and it
 * is bound once to the table ({@link #bind}) before any class is judged, so per-class work is arithmetic only.
 */
public interface Criterion {

    /** The sensitive column whose distribution in a class the criterion reads, or empty. */
    default Optional<String> sensitiveColumn() {
        return Optional.empty();
    }

    /** The population table whose rows per class the criterion reads, or empty. */
    default Optional<String> population() {
        return Optional.empty();
    }

    /** Whether the criterion reads the hierarchy bound to its sensitive column (hierarchical distance). */
    default boolean readsSensitiveHierarchy() {
        return false;
    }

    /**
     * Whether "rows in failing classes at most N" is monotone under generalization. Every criterion here is monotone
     * without suppression (a union of passing classes passes); with suppression only a criterion for which merging
     * cannot make more rows fail may say yes.
     */
    boolean monotoneWithSuppression();

    /** What {@link ClassTest#measure} measures, in words: "l reached (e^entropy)", "distance", ... */
    String figure();

    /** The criterion as the release register stores it, see {@link ModelCode}. */
    String code();

    /**
     * The classes that fail the criterion, as one SELECT of their keys ({@code k1..kn}) over the blocks of
     * {@code sql}: the verdict in the database, for the stored re-check and the release view.
     */
    Select<? extends Record> failingClasses(ClassSql sql);

    /** The test of one class, bound to the table's domain (its distributions, a hierarchy). */
    ClassTest bind(Domain domain);

    /** One class's verdict under a bound criterion. */
    interface ClassTest {
        boolean accepts(ClassDetail c);

        /** What a class the criterion refuses fails, in the criterion's terms; no sensitive value is named. */
        String failure(ClassDetail c);

        /** The criterion's own figure of a class (the l reached, the distance, the share...) for risk and reports. */
        double measure(ClassDetail c);

        /**
         * How far a class is from passing, 0 when it passes and above 0 when it fails, falling as the class comes
         * closer: what a local recoding's heuristics steer by when they move rows between classes.
         */
        default double deficit(ClassDetail c) {
            return accepts(c) ? 0 : 1;
        }
    }
}
