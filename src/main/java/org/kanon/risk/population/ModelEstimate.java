package org.kanon.risk.population;

import java.util.OptionalDouble;

/**
 * One model's estimate; all three values are empty together when the model does not converge or does not apply.
 *
 * @param model             the model
 * @param fraction          the fraction of the sample's records that are unique in the population. Under simple
 *                          random sampling it equals the fraction of the population's records that are unique, which
 *                          is what ARX reports (getFractionOfUniqueTuples: population uniques / N)
 * @param sampleRecords     the number of the sample's records that are unique in the population: fraction times n
 * @param populationUniques the number of the population's records that are unique in it (ARX's
 *                          getNumUniqueTuples): fraction times N
 */
public record ModelEstimate(UniquenessModel model, OptionalDouble fraction, OptionalDouble sampleRecords,
                            OptionalDouble populationUniques) {

    /** From the estimated number of population uniques, for a sample of {@code rows} from a population. */
    static ModelEstimate of(UniquenessModel model, double populationUniques, long rows, double populationSize) {
        double fraction = populationUniques / populationSize;
        return new ModelEstimate(model, OptionalDouble.of(fraction), OptionalDouble.of(fraction * rows),
                OptionalDouble.of(populationUniques));
    }

    /** No estimate. */
    static ModelEstimate none(UniquenessModel model) {
        return new ModelEstimate(model, OptionalDouble.empty(), OptionalDouble.empty(), OptionalDouble.empty());
    }

    public boolean isPresent() {
        return fraction.isPresent();
    }
}
