package org.kanon.risk;

import org.kanon.metrics.ClassSizes;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jooq.DSLContext;
import org.jooq.impl.DSL;
import org.kanon.db.Database;
import org.kanon.risk.population.PopulationModels;
import org.kanon.risk.population.PopulationUniqueness;

/**
 * Runs a risk analysis in the database: one {@code GROUP BY} of the subject's quasi-identifiers gives its classes
 * (fetched when QI combinations are measured) or, when they are not, a {@code GROUP BY} of that {@code GROUP BY}
 * gives the class-size distribution alone. Every figure is computed from that; no row is read one by one.
 */
public final class RiskAnalyzer {
    private final Database db;

    public RiskAnalyzer(Database db) {
        this.db = db;
    }

    public RiskAnalysis analyze(RiskSubject subject, RiskOptions options) {
        DSLContext ctx = db.dsl();
        int combinations = options.combinationsFor(subject.quasiIdentifiers().size());
        ClassSizes sizes;
        List<QiCombinationRisk> combined;
        if (combinations > 0) {
            ClassTable classes = ClassTable.fetch(ctx, subject.from(), subject.columns(), subject.where())
                    .withoutStarred(subject.starredRows());
            sizes = classes.sizes();
            combined = AttributeRisk.of(classes, subject.quasiIdentifiers(), combinations);
        } else {
            sizes = withoutStarred(ctx, subject, ClassSizeQuery.of(ctx, subject.from(), subject.columns(), subject.where()));
            combined = List.of();
        }
        double pi = options.samplingFraction(sizes.rows());
        ReidentificationRisk risk = ReidentificationRisk.of(sizes, options.threshold(), pi, options.populationGiven());
        PopulationUniqueness population = options.populationGiven() && sizes.rows() > 0 ? PopulationModels.estimate(sizes, pi) : null;
        return new RiskAnalysis(subject.description(), subject.quasiIdentifiers(), subject.levels(), sizes, risk, population,
                combined, subject.starredRows(), pi, subject.note());
    }

    /** The distribution with the starred rows taken out of the all-{@code *} class (see {@link ClassTable#withoutStarred}). */
    private static ClassSizes withoutStarred(DSLContext ctx, RiskSubject subject, ClassSizes sizes) {
        long starred = subject.starredRows();
        if (starred == 0) {
            return sizes;
        }
        long starClass = ctx.fetchCount(subject.from(), DSL.and(subject.texts().stream().map(t -> t.eq(DSL.inline("*"))).toList()));
        Map<Long, Long> bySize = new HashMap<>();
        for (int i = 0; i < sizes.sizes().length; i++) {
            bySize.put(sizes.sizes()[i], sizes.classes()[i]);
        }
        bySize.merge(starClass, -1L, Long::sum);
        if (starClass > starred) {
            bySize.merge(starClass - starred, 1L, Long::sum);
        }
        return ClassSizes.of(bySize);
    }
}
