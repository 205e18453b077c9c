package org.kanon.risk.population;

import java.util.Objects;
import java.util.Optional;
import java.util.function.DoubleFunction;
import org.kanon.metrics.ClassSizes;

/**
 * How many of a sample's records are unique in the population it was drawn from, estimated from the sample's
 * class-size distribution and the sampling fraction alone, with the models ARX offers (Zayatz, Pitman, SNB) and
 * Dankar et al.'s rule for choosing among them. ARX (org.deidentifier.arx.risk, Apache-2.0) is the reference
 * implementation; this is a re-implementation, with the differences noted in each model's class.
 *
 * <p>Two cases need no model, as in ARX: a sample without uniques has no population uniques (every class of the
 * sample is at least as large in the population), and when pi = 1 the sample is the population, so its uniques
 * are the answer exactly.
 */
public final class PopulationModels {

    /**
     * Dankar et al. (BMC Med Inform Decis Mak 12:66, 2012) choose by the sampling fraction, Pitman for small
     * fractions and a comparison of Zayatz with SNB for larger ones; ARX puts the line at pi &lt;= 0.1 inclusive.
     */
    static final double DANKAR_PITMAN_LIMIT = 0.1;

    private PopulationModels() {
    }

    /**
     * Estimates with every model and picks one with Dankar et al.'s rule.
     *
     * @param sample           the sample's class sizes; at least one row
     * @param samplingFraction pi = n / N, in (0, 1]
     * @throws IllegalArgumentException for a fraction outside (0, 1] or an empty sample
     */
    public static PopulationUniqueness estimate(ClassSizes sample, double samplingFraction) {
        validate(sample, samplingFraction);
        long n = sample.rows();
        double populationSize = samplingFraction == 1 ? n : n / samplingFraction;
        ModelEstimate zayatz = zayatz(sample, samplingFraction);
        ModelEstimate pitman = pitman(sample, samplingFraction);
        ModelEstimate snb = snb(sample, samplingFraction);
        return new PopulationUniqueness(samplingFraction, populationSize, n, sample.uniques(), zayatz, pitman, snb,
                dankar(sample.uniques(), samplingFraction, zayatz, pitman, snb));
    }

    /** Zayatz's estimate alone (see {@link Zayatz}). */
    public static ModelEstimate zayatz(ClassSizes sample, double samplingFraction) {
        return model(UniquenessModel.ZAYATZ, sample, samplingFraction, populationSize -> {
            // f_1 P sample records are population-unique; ARX's population count divides them by pi
            double p = Zayatz.conditionalUniqueness(sample, populationSize);
            return Double.isFinite(p) ? Optional.of(sample.uniques() * p / samplingFraction) : Optional.empty();
        });
    }

    /** Pitman's estimate alone (see {@link Pitman}). */
    public static ModelEstimate pitman(ClassSizes sample, double samplingFraction) {
        return model(UniquenessModel.PITMAN, sample, samplingFraction, populationSize -> Pitman.fit(sample)
                .flatMap(p -> Pitman.populationUniques(p[0], p[1], populationSize)));
    }

    /** The shifted negative binomial estimate alone (see {@link ShiftedNegativeBinomial}). */
    public static ModelEstimate snb(ClassSizes sample, double samplingFraction) {
        return model(UniquenessModel.SNB, sample, samplingFraction, populationSize -> ShiftedNegativeBinomial
                .fit(sample, samplingFraction)
                .flatMap(p -> ShiftedNegativeBinomial.populationUniques(p[0], p[1], p[2], populationSize)));
    }

    /** The answer shared by the cases without a model, or the model's population uniques. */
    private static ModelEstimate model(UniquenessModel model, ClassSizes sample, double samplingFraction,
                                       DoubleFunction<Optional<Double>> populationUniques) {
        validate(sample, samplingFraction);
        long n = sample.rows();
        if (samplingFraction == 1) {
            return ModelEstimate.of(model, sample.uniques(), n, n);
        }
        double populationSize = n / samplingFraction;
        if (sample.uniques() == 0) {
            return ModelEstimate.of(model, 0, n, populationSize);
        }
        return populationUniques.apply(populationSize)
                .map(value -> ModelEstimate.of(model, value, n, populationSize))
                .orElseGet(() -> ModelEstimate.none(model));
    }

    /**
     * The decision rule as ARX implements it (RiskModelPopulationUniqueness.getNumUniqueTuplesDankar, with Zayatz
     * as the fallback): no sample uniques, no model; pi &lt;= 0.1, Pitman if it gives an estimate, else Zayatz;
     * pi &gt; 0.1, the smaller of Zayatz and SNB if SNB gives an estimate (SNB on a tie, as ARX's strict
     * comparison does), else Zayatz. ARX counts an estimate of exactly 0 as none; so does this.
     */
    static DankarChoice dankar(long sampleUniques, double samplingFraction, ModelEstimate zayatz,
                               ModelEstimate pitman, ModelEstimate snb) {
        if (sampleUniques == 0) {
            return new DankarChoice(UniquenessModel.NONE, 0, 0, 0);
        }
        ModelEstimate chosen;
        if (samplingFraction <= DANKAR_PITMAN_LIMIT) {
            chosen = valid(pitman) ? pitman : zayatz;
        } else if (valid(snb)) {
            chosen = valid(zayatz) && zayatz.populationUniques().getAsDouble() < snb.populationUniques().getAsDouble()
                    ? zayatz : snb;
        } else {
            chosen = zayatz;
        }
        if (!valid(chosen)) { // ARX returns 0 here; Zayatz always applies when there are sample uniques
            return new DankarChoice(chosen.model(), 0, 0, 0);
        }
        return new DankarChoice(chosen.model(), chosen.fraction().getAsDouble(),
                chosen.sampleRecords().getAsDouble(), chosen.populationUniques().getAsDouble());
    }

    private static boolean valid(ModelEstimate estimate) {
        return estimate.isPresent() && estimate.populationUniques().getAsDouble() != 0;
    }

    private static void validate(ClassSizes sample, double samplingFraction) {
        Objects.requireNonNull(sample, "sample");
        if (!(samplingFraction > 0 && samplingFraction <= 1)) {
            throw new IllegalArgumentException(
                    "sampling fraction must be in (0, 1] (sample rows / population rows), got " + samplingFraction);
        }
        if (sample.rows() == 0) {
            throw new IllegalArgumentException("the sample has no rows: population uniqueness is undefined");
        }
    }
}
