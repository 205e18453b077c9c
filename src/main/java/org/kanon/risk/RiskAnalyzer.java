package org.kanon.risk;

import java.util.List;
import java.util.Locale;
import org.jooq.DSLContext;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.metrics.ClassSizes;
import org.kanon.progress.Progress;
import org.kanon.progress.Step;
import org.kanon.risk.population.PopulationModels;
import org.kanon.risk.population.PopulationUniqueness;

/**
 * Runs a risk analysis in the database: a {@code GROUP BY} of the subject's quasi-identifiers inside a
 * {@code GROUP BY} of the class sizes gives the class-size distribution, every record-level figure and the
 * population estimates follow from it; no row is read one by one. The QI combinations need the classes themselves:
 * they are fetched (one row per class, not per record) when there are at most {@value #MAX_CLASSES_FETCHED}.
 */
public final class RiskAnalyzer {
    /** Classes fetched at most for the QI combinations: about 50 MB of codes for 9 QIs. */
    public static final long MAX_CLASSES_FETCHED = 1_000_000;

    private final Database db;
    private final Progress progress;

    public RiskAnalyzer(Database db) {
        this(db, Progress.NONE);
    }

    /** @param progress where its steps report: the class sizes, the classes fetched, the combinations measured */
    public RiskAnalyzer(Database db, Progress progress) {
        this.db = db;
        this.progress = Progress.orNone(progress);
    }

    public RiskAnalysis analyze(RiskSubject subject, RiskOptions options) {
        DSLContext ctx = db.dsl();
        int combinations = options.combinationsFor(subject.quasiIdentifiers().size());
        ClassSizes sizes;
        long excluded;
        try (Step step = progress.start("counting the class sizes", Progress.UNKNOWN)) {
            sizes = ClassSizeQuery.of(ctx, subject.from(), subject.columns(), subject.where());
            excluded = subject.suppressed() == null ? 0 : ctx.fetchCount(subject.from(), subject.suppressed());
        }
        if (sizes.rows() == 0) {
            // no pair of rows to tell apart: every figure would be 0 % or 100 % of nothing, and read as a verdict
            throw new InvalidInputException(subject.description() + (excluded == 0 ? " has no rows"
                    : String.format(Locale.ROOT, " publishes no rows (its %,d rows are suppressed)", excluded))
                    + ": there is no re-identification risk to measure");
        }
        String note = subject.note();
        List<QiCombinationRisk> combined = List.of();
        if (combinations > 0 && sizes.classCount() <= MAX_CLASSES_FETCHED) {
            ClassTable classes;
            try (Step step = progress.start("classes fetched", sizes.classCount())) {
                classes = ClassTable.fetch(ctx, subject.from(), subject.columns(), subject.where(), step);
            }
            try (Step step = progress.start("QI combinations measured", RiskOptions.combinations(subject.quasiIdentifiers().size(), combinations))) {
                combined = AttributeRisk.of(classes, subject.quasiIdentifiers(), combinations, step);
            }
        } else if (combinations > 0) {
            note = (note == null ? "" : note + "; ") + String.format(Locale.ROOT, "QI combinations not measured: %,d classes, more than "
                    + "the %,d kanon fetches for them", sizes.classCount(), MAX_CLASSES_FETCHED);
        }
        double pi = options.samplingFraction(sizes.rows());
        ReidentificationRisk risk = ReidentificationRisk.of(sizes, options.threshold());
        PopulationUniqueness population = options.populationGiven() && sizes.rows() > 0 ? PopulationModels.estimate(sizes, pi) : null;
        return new RiskAnalysis(subject.description(), subject.quasiIdentifiers(), subject.levels(), sizes, risk, population,
                combined, excluded, pi, note);
    }
}
