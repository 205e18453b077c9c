package org.kanon.risk.population;

/**
 * The population-uniqueness estimates for one sample.
 *
 * @param samplingFraction pi = n / N, as given
 * @param populationSize   the population size N = n / pi it implies
 * @param sampleRows       n
 * @param sampleUniques    the sample's records alone in their class, an upper bound on the records unique in the
 *                         population and the answer itself when pi = 1
 * @param zayatz           Zayatz's estimate
 * @param pitman           Pitman's estimate
 * @param snb              the shifted negative binomial estimate
 * @param dankar           the estimate Dankar et al.'s rule picks among the three
 */
public record PopulationUniqueness(double samplingFraction, double populationSize, long sampleRows,
                                   long sampleUniques, ModelEstimate zayatz, ModelEstimate pitman,
                                   ModelEstimate snb, DankarChoice dankar) {

    /** The fraction of the sample's records that are unique in the sample. */
    public double sampleUniquenessFraction() {
        return (double) sampleUniques / sampleRows;
    }

    /** The estimate of one model; for {@link UniquenessModel#NONE}, an error. */
    public ModelEstimate estimate(UniquenessModel model) {
        return switch (model) {
            case ZAYATZ -> zayatz;
            case PITMAN -> pitman;
            case SNB -> snb;
            case NONE -> throw new IllegalArgumentException("NONE is not a model");
        };
    }
}
