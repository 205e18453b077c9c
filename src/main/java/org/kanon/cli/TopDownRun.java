package org.kanon.cli;

import java.io.PrintWriter;
import java.time.LocalDateTime;
import java.util.Locale;
import java.util.Set;
import org.kanon.db.Database;
import org.kanon.local.LocalRecodingMetrics;
import org.kanon.local.LocalRecodingUtility;
import org.kanon.local.TopDown;
import org.kanon.local.TopDownResult;
import org.kanon.metrics.HierarchyWeights;
import org.kanon.metrics.UtilityMetrics;
import org.kanon.privacy.PrivacyModel;
import org.kanon.release.ReleaseRecord;
import org.kanon.schema.SourceTable;

/**
 * {@code kanon anonymize --algorithm topdown}: the (alpha,k) paper's Top-Down local recoding instead of a lattice
 * search; with --name its result is written as a local-recoding release table (registered, re-checked).
 */
final class TopDownRun {
    static final Set<String> NAMES = Set.of("topdown", "top-down");

    private TopDownRun() {
    }

    static int run(Database db, NodeOptions node, PrivacyModel model, String name, String identifying, boolean replace,
                   AnonymizeOutput output, LocalDateTime started) {
        PrintWriter out = output.text();
        LocalRecodingRuns.refuseSuppression(node, TopDown.ALGORITHM);
        SourceTable source = node.source(db);
        Set<String> identifyingColumns = LocalRecodingRuns.identifyingColumns(source, identifying);
        TopDownResult result = new TopDown().anonymize(db, node.table, node.qiNames(), model);
        LocalRecodingMetrics m = result.metrics();
        out.printf(Locale.ROOT, "anonymized %s with top-down (local recoding) under %s: %d rows in %d classes, smallest %d, "
                        + "distortion %d (ratio %.4f), %d ms%n", source.displayName(), model, m.rows(), m.classes(),
                m.smallestClass(), m.distortion(), m.distortionRatio(), result.elapsedMs());
        UtilityMetrics u = LocalRecodingUtility.of(result.recoding(), model.k());
        out.printf(Locale.ROOT, "WHD distortion %.4f uniform, %.4f height (beta 1), DM %d, CAVG %.4f, inconsistency %.4f, modification rate %.4f%n",
                u.distortion(HierarchyWeights.uniform()).orElse(Double.NaN), u.distortion(HierarchyWeights.height(1)).orElse(Double.NaN),
                u.discernibility(), u.cavg(), u.inconsistency().orElse(Double.NaN), u.modificationRate());
        ReleaseRecord release = LocalRecodingRuns.release(db, name, result, identifyingColumns, replace, TopDown.ALGORITHM, out);
        output.record(db, source, node.describe(null) + " algorithm=" + TopDown.ALGORITHM, TopDown.ALGORITHM, model.toString(),
                new JsonObject().put("rows", m.rows()).put("classes", m.classes()).put("smallestClass", m.smallestClass())
                        .put("distortion", m.distortion()).put("distortionRatio", m.distortionRatio())
                        .put("whdDistortionUniform", u.distortion(HierarchyWeights.uniform())).put("whdDistortionHeight", u.distortion(HierarchyWeights.height(1)))
                        .put("dm", u.discernibility()).put("cavg", u.cavg()).put("inconsistency", u.inconsistency())
                        .put("modificationRate", u.modificationRate()).put("ms", result.elapsedMs()),
                release, started);
        return ExitCodes.OK;
    }
}
