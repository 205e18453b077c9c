package org.kanon.cli;

import java.io.PrintWriter;
import java.time.LocalDateTime;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.kanon.InvalidInputException;
import org.kanon.approximation.Approximation;
import org.kanon.approximation.ApproximationOptions;
import org.kanon.approximation.ApproximationResult;
import org.kanon.db.Database;
import org.kanon.metrics.UtilityMetrics;
import org.kanon.privacy.KAnonymity;
import org.kanon.privacy.PrivacyModel;
import org.kanon.release.ReleaseRecord;
import org.kanon.schema.SourceTable;

/**
 * {@code kanon anonymize --algorithm forest|factor2|factor3|exact}: the approximation paper's algorithms, whose cost
 * is provably within a factor of the optimum; with --name the clustering is written as a local-recoding release.
 */
final class ApproximationRun {
    static final Set<String> NAMES = ApproximationOptions.NAMES;

    private ApproximationRun() {
    }

    static int run(Database db, String algorithm, NodeOptions node, PrivacyModel model, double[] weights, boolean rowDeletion,
                   int blockSize, boolean asPrinted, String name, String identifying, boolean replace, AnonymizeOutput output,
                   LocalDateTime started) {
        PrintWriter out = output.text();
        if (!(model instanceof KAnonymity)) {
            throw new InvalidInputException("--algorithm " + algorithm + ": the approximation algorithms protect k-anonymity only; drop --alpha/--l/--sensitive");
        }
        LocalRecodingRuns.refuseSuppression(node, algorithm);
        ApproximationOptions options = new ApproximationOptions(algorithm, model.k(), Optional.ofNullable(weights), rowDeletion, blockSize, !asPrinted);
        SourceTable source = node.source(db);
        Set<String> identifyingColumns = LocalRecodingRuns.identifyingColumns(source, identifying);
        ApproximationResult result = new Approximation().anonymize(db, node.table, node.qiNames(), options);
        UtilityMetrics m = result.metrics();
        out.printf(Locale.ROOT, "anonymized %s with %s under %s: %d rows in %d classes (smallest %d, largest %d)%s, %d ms%n",
                source.displayName(), algorithm, model, m.rows(), m.classes(), m.smallestClass(), result.clustering().largestCluster(),
                result.clustering().deleted().length == 0 ? "" : ", " + result.clustering().deleted().length + " row(s) deleted",
                result.elapsedMs());
        out.printf(Locale.ROOT, "cost %.4f (a cell at level r of l costs r/l%s)%s; guarantee: %s%n", result.cost(),
                weights == null ? "" : ", weighted", result.lowerBound().isPresent() && !algorithm.equals(ApproximationOptions.EXACT)
                        ? String.format(Locale.ROOT, ", at most %.3f x OPT (OPT >= %.4f)", result.lowerBound().getAsDouble() == 0 ? 1.0
                        : result.cost() / result.lowerBound().getAsDouble(), result.lowerBound().getAsDouble()) : "",
                options.guarantee());
        out.printf(Locale.ROOT, "%s%n", result.details());
        out.printf(Locale.ROOT, "DM %d, CAVG %.4f, level distortion %s, modification rate %.4f%n", m.discernibility(), m.cavg(),
                m.levelDistortion().isPresent() ? Long.toString(m.levelDistortion().getAsLong()) : "n/a", m.modificationRate());
        ReleaseRecord release = LocalRecodingRuns.release(db, name, result, identifyingColumns, replace, algorithm, out);
        output.record(db, source, node.describe(null) + " algorithm=" + algorithm, algorithm, model.toString(),
                new JsonObject().put("rows", m.rows()).put("classes", m.classes()).put("smallestClass", m.smallestClass())
                        .put("largestClass", result.clustering().largestCluster()).put("cost", result.cost())
                        .put("lowerBound", result.lowerBound()).put("guarantee", options.guarantee()).put("dm", m.discernibility())
                        .put("cavg", m.cavg()).put("modificationRate", m.modificationRate())
                        .put("deleted", result.clustering().deleted().length).put("ms", result.elapsedMs()),
                release, started);
        return ExitCodes.OK;
    }
}
