package org.kanon.privacy;

import java.math.BigDecimal;
import java.util.Optional;
import org.jooq.Condition;
import org.jooq.Field;

/**
 * What every equivalence class of a release must satisfy. Checks, every lattice search on both executors, the
 * local-recoding algorithms and the release re-check all ask a model the same question about one class, given
 * the few numbers of {@link ClassStatistics}; those numbers are sums and counts over the class's rows per
 * sensitive value, so they are computed in the GROUP BY that builds the class and roll up along hierarchies
 * (a frequency set keeps one count per class and sensitive value, never a maximum, which would not roll up).
 *
 * <p>All models are monotone under generalization (a union of classes that pass passes), which is what lets the
 * lattice searches prune. With a suppression allowance only k-anonymity stays monotone: merging a class that
 * fails alpha or l with one that passes can make a larger failing class, so more rows would be suppressed at the
 * coarser node (see {@link #monotoneWithSuppression()}).
 *
 * <p>Each model also answers for itself what the engine around it needs in its own terms: its catalog code
 * ({@link #code}, read back by {@link ModelCode}), its verdict as SQL ({@link #acceptsSql}) and the parts of the
 * stored re-check SQL that differ between models, how far a class falls short ({@link #shortfall}) and why
 * ({@link #failure}).
 */
public sealed interface PrivacyModel permits KAnonymity, AlphaKAnonymity, LDiversity, Requirement {

    /** The least class size (1 when the model sets none beyond its own condition). */
    int k();

    /** The sensitive attribute the model protects; empty for k-anonymity. */
    Optional<SensitiveAttribute> sensitive();

    /** Whether one equivalence class with these figures satisfies the model. */
    boolean accepts(ClassStatistics c);

    /**
     * Refuses, before any search, a model no release of this table can satisfy: the fully generalized table is one
     * class, and every release is at most that coarse, so the model must accept the whole table (Lemma 1 of the
     * (alpha,k) paper; max_v c(v) <= |T|/l for l-diversity; k at most the row count).
     */
    void checkFeasible(ClassStatistics wholeTable, String table);

    /**
     * The model as a {@link Requirement} of criteria that read a class's distributions or population rows
     * ({@link ClassDetail}); empty for the classic models, whose verdicts read the four figures of {@link ClassStatistics}.
     */
    default Optional<Requirement> requirement() {
        return Optional.empty();
    }

    /**
     * Refuses, in one line naming {@code where} (an algorithm, an executor, a command), a requirement that path cannot
     * judge; nothing for the classic models, which every path judges.
     */
    default void refuseCriteria(String where) {
    }

    /** Refuses, in one line naming {@code where}, what a local recoding cannot judge; nothing for the classic models. */
    default void refuseForLocalRecoding(String where) {
    }

    /**
     * The sensitive column a local recoding groups the rows by, so that each class's values can be counted: the
     * classic model's attribute, a requirement's one sensitive column.
     */
    default Optional<SensitiveAttribute> groupedSensitive() {
        return sensitive();
    }

    /** Whether "rows in failing classes at most N" is monotone under generalization for this model. */
    default boolean monotoneWithSuppression() {
        return sensitive().isEmpty();
    }

    /**
     * The model as the release register stores it (column {@code model_code}): parameters only, the sensitive
     * attribute and its values having columns of their own. The format is {@link ModelCode}'s.
     */
    String code();

    /**
     * {@link #accepts} as a SQL condition ({@link ModelSql#accepts}): {@code size} already BIGINT; the other figures
     * may be null when the model does not read them.
     */
    Condition acceptsSql(Field<Long> size, Field<? extends Number> sensitiveRows, Field<? extends Number> largestValueRows,
                         Field<? extends Number> distinctValues);

    /**
     * For the re-check over counts per (class, sensitive value): when the model counts a sensitive class (simple
     * (alpha,k)), whether a value (as text) belongs to it; empty when every value counts on its own.
     */
    default Optional<Condition> inSensitiveClass(Field<String> valueText) {
        return Optional.empty();
    }

    /**
     * For the local-recoding re-check, whose classes are sums of per-value counts {@code valueRows} (exact numbers):
     * the condition beyond k that a class fails, given its size and the value's text. Only asked of a model with a
     * sensitive attribute.
     */
    Condition failsBeyondK(Field<BigDecimal> valueRows, Field<BigDecimal> classSize, Field<String> valueText);

    /**
     * How far a class is from satisfying the model, one non-negative figure per condition (all 0 when it passes):
     * rows missing to k first, then the excess of the model's own condition in integers.
     */
    long[] shortfall(ClassStatistics c);

    /** What a class the model does not accept fails, in the model's own terms; sensitive values are not named. */
    String failure(ClassStatistics c);
}
