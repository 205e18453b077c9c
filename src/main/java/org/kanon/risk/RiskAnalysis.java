package org.kanon.risk;

import org.kanon.metrics.ClassSizes;
import java.util.List;
import org.kanon.risk.population.PopulationUniqueness;

/**
 * What a risk analysis found for one subject (a table at a node of its lattice, or a registered release):
 * the class-size distribution and every measure derived from it.
 *
 * @param subject what was measured, for people ("table APP.ADULT", "release ADULT_K10")
 * @param quasiIdentifiers the QIs, in the order given
 * @param levels the node's levels ("1,0,2"), the release's for a global release, null otherwise
 * @param excludedRows suppressed rows left out of the measure (a release's starred rows; removed rows are not in it)
 * @param population the population-uniqueness estimates; null when no population was given
 * @param combinations the distinction and separation of QI combinations (empty when not asked for)
 * @param note what a reader should know about the figures (a two-table release's QI table), or null
 */
public record RiskAnalysis(String subject, List<String> quasiIdentifiers, String levels, ClassSizes classSizes,
                           ReidentificationRisk risk, PopulationUniqueness population, List<QiCombinationRisk> combinations,
                           long excludedRows, double samplingFraction, String note) {
    public RiskAnalysis {
        quasiIdentifiers = List.copyOf(quasiIdentifiers);
        combinations = List.copyOf(combinations);
    }

    /** The {@code perSize} most distinguishing combinations of each size, in the order of {@link #combinations}. */
    public List<QiCombinationRisk> topCombinations(int perSize) {
        List<QiCombinationRisk> top = new java.util.ArrayList<>();
        int size = 0;
        int shown = 0;
        for (QiCombinationRisk c : combinations) {
            if (c.quasiIdentifiers().size() != size) {
                size = c.quasiIdentifiers().size();
                shown = 0;
            }
            if (shown++ < perSize) {
                top.add(c);
            }
        }
        return top;
    }
}
