package org.kanon.cli;

import java.util.Locale;
import org.kanon.engine.JsonObject;
import org.kanon.risk.RiskAnalysis;
import org.kanon.risk.population.ModelEstimate;
import org.kanon.risk.population.PopulationUniqueness;

/** The population-uniqueness part of {@code kanon risk}'s output, present only when a population was given. */
final class PopulationText {
    private PopulationText() {
    }

    static void append(StringBuilder b, RiskAnalysis a) {
        PopulationUniqueness p = a.population();
        if (p == null) {
            return;
        }
        b.append(String.format(Locale.ROOT, "population uniques    sampling fraction %.6f (population %,.0f): records of the table unique in the population%n",
                p.samplingFraction(), p.populationSize()));
        for (ModelEstimate e : new ModelEstimate[]{p.zayatz(), p.pitman(), p.snb()}) {
            b.append(String.format(Locale.ROOT, "  %-8s %s%n", name(e), e.isPresent()
                    ? String.format(Locale.ROOT, "%s = %,.1f records", RiskOutput.percent(e.fraction().getAsDouble()), e.sampleRecords().getAsDouble())
                    : "no estimate (the model does not converge on this table)"));
        }
        b.append(String.format(Locale.ROOT, "  %-8s %s = %,.1f records (Dankar et al.'s rule picks %s)%n", "chosen",
                RiskOutput.percent(p.dankar().fraction()), p.dankar().sampleRecords(), p.dankar().model().name().toLowerCase(Locale.ROOT)));
    }

    static JsonObject json(RiskAnalysis a) {
        PopulationUniqueness p = a.population();
        if (p == null) {
            return null;
        }
        return new JsonObject().put("samplingFraction", p.samplingFraction()).put("populationSize", p.populationSize())
                .put("zayatz", estimate(p.zayatz())).put("pitman", estimate(p.pitman())).put("snb", estimate(p.snb()))
                .put("dankar", new JsonObject().put("model", p.dankar().model().name().toLowerCase(Locale.ROOT))
                        .put("fraction", p.dankar().fraction()).put("records", p.dankar().sampleRecords()));
    }

    private static JsonObject estimate(ModelEstimate e) {
        return new JsonObject().put("fraction", e.fraction()).put("records", e.sampleRecords())
                .put("populationUniques", e.populationUniques());
    }

    private static String name(ModelEstimate e) {
        return e.model().name().toLowerCase(Locale.ROOT);
    }
}
