package org.kanon.engine;

import java.io.PrintWriter;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.kanon.InvalidInputException;
import org.kanon.approximation.Approximation;
import org.kanon.approximation.ApproximationOptions;
import org.kanon.approximation.ApproximationResult;
import org.kanon.metrics.UtilityMetrics;
import org.kanon.privacy.KAnonymity;
import org.kanon.privacy.PrivacyModel;
import org.kanon.release.ReleaseRecord;
import org.kanon.schema.SourceTable;

/**
 * The approximation paper's algorithms (forest, factor2, factor3, exact), whose cost is provably within a factor of
 * the optimum; with a release name the clustering is written as a local-recoding table.
 */
final class ApproximationAlgorithm extends DeclaredAlgorithm {
    ApproximationAlgorithm(String name) {
        super(name, Family.APPROXIMATION, reads(name));
    }



    private static Set<AlgorithmOption> reads(String name) {
        EnumSet<AlgorithmOption> reads = EnumSet.of(AlgorithmOption.WEIGHTS, AlgorithmOption.AS_PRINTED, AlgorithmOption.IDENTIFYING);
        if (name.equals(ApproximationOptions.FOREST) || name.equals(ApproximationOptions.EXACT)) {
            reads.add(AlgorithmOption.ROW_DELETION);
        }
        if (name.equals(ApproximationOptions.FACTOR2) || name.equals(ApproximationOptions.FACTOR3)) {
            reads.add(AlgorithmOption.BLOCK_SIZE);
        }
        return reads;
    }

    @Override
    public Run prepare(Anonymization what, AnonymizeOptions settings) {
        what.require();
        PrivacyModel model = what.model();
        double[] weights = OptionValues.weights(settings.weights());
        if (!(model instanceof KAnonymity)) {
            throw new InvalidInputException("--algorithm " + name + ": the approximation algorithms protect k-anonymity only; drop --alpha/--l/--sensitive");
        }
        LocalReleases.refuseSuppression(what.suppressionLimit(), name);
        ApproximationOptions options = new ApproximationOptions(name, model.k(), Optional.ofNullable(weights), settings.rowDeletion(),
                settings.blockSize(), !settings.asPrinted());
        return context -> run(context, what, settings, model, weights, options);
    }

    private AnonymizeResult run(RunContext context, Anonymization what, AnonymizeOptions settings, PrivacyModel model, double[] weights,
                                ApproximationOptions options) {
        PrintWriter out = context.text();
        SourceTable source = context.source(what.table());
        Set<String> identifyingColumns = context.identifyingColumns(source, settings.identifying());
        ApproximationResult result = new Approximation(context.progress()).anonymize(context.db(), source, source.columns(what.qiNames()), options);
        UtilityMetrics m = result.metrics();
        out.printf(Locale.ROOT, "anonymized %s with %s under %s: %d rows in %d classes (smallest %d, largest %d)%s, %d ms%n",
                source.displayName(), name, model, m.rows(), m.classes(), m.smallestClass(), result.clustering().largestCluster(),
                result.clustering().deleted().length == 0 ? "" : ", " + result.clustering().deleted().length + " row(s) deleted",
                result.elapsedMs());
        out.printf(Locale.ROOT, "cost %.4f (a cell at level r of l costs r/l%s)%s; guarantee: %s%n", result.cost(),
                weights == null ? "" : ", weighted", result.lowerBound().isPresent() && !name.equals(ApproximationOptions.EXACT)
                        ? String.format(Locale.ROOT, ", at most %.3f x OPT (OPT >= %.4f)", result.lowerBound().getAsDouble() == 0 ? 1.0
                        : result.cost() / result.lowerBound().getAsDouble(), result.lowerBound().getAsDouble()) : "",
                options.guarantee());
        out.printf(Locale.ROOT, "%s%n", result.details());
        out.printf(Locale.ROOT, "DM %d, CAVG %.4f, level distortion %s, modification rate %.4f%n", m.discernibility(), m.cavg(),
                m.levelDistortion().isPresent() ? Long.toString(m.levelDistortion().getAsLong()) : "n/a", m.modificationRate());
        ReleaseRecord release = LocalReleases.release(context, settings.name(), result, identifyingColumns, settings.replace(), name, out);
        return context.record(source, what.describe(null) + " algorithm=" + name, name, model.toString(),
                new JsonObject().put("rows", m.rows()).put("classes", m.classes()).put("smallestClass", m.smallestClass())
                        .put("largestClass", result.clustering().largestCluster()).put("cost", result.cost())
                        .put("lowerBound", result.lowerBound()).put("guarantee", options.guarantee()).put("dm", m.discernibility())
                        .put("cavg", m.cavg()).put("modificationRate", m.modificationRate())
                        .put("deleted", result.clustering().deleted().length).put("ms", result.elapsedMs()),
                release);
    }
}
