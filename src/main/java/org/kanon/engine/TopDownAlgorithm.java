package org.kanon.engine;

import java.io.PrintWriter;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import org.kanon.local.LocalRecodingMetrics;
import org.kanon.local.LocalRecodingUtility;
import org.kanon.local.TopDown;
import org.kanon.local.TopDownResult;
import org.kanon.metrics.HierarchyWeights;
import org.kanon.metrics.UtilityMetrics;
import org.kanon.privacy.PrivacyModel;
import org.kanon.release.ReleaseRecord;
import org.kanon.schema.SourceTable;

/** The (alpha,k) paper's Top-Down local recoding; with a release name its result is written as a local-recoding table. */
final class TopDownAlgorithm extends DeclaredAlgorithm {
    /** topdown, or top-down (the paper's spelling, which the release records). */
    TopDownAlgorithm(String name) {
        super(name, Family.LOCAL_RECODING, EnumSet.of(AlgorithmOption.IDENTIFYING));
    }




    @Override
    public Run prepare(Anonymization what, AnonymizeOptions options) {
        what.require();
        PrivacyModel model = what.model();
        model.refuseForLocalRecoding("--algorithm " + TopDown.ALGORITHM);
        LocalReleases.refuseSuppression(what.suppressionLimit(), TopDown.ALGORITHM);
        return context -> run(context, what, options, model);
    }

    private AnonymizeResult run(RunContext context, Anonymization what, AnonymizeOptions options, PrivacyModel model) {
        PrintWriter out = context.text();
        SourceTable source = context.source(what.table());
        Set<String> identifyingColumns = context.identifyingColumns(source, options.identifying());
        TopDownResult result = new TopDown(context.progress()).anonymize(context.db(), source, source.columns(what.qiNames()), model);
        LocalRecodingMetrics m = result.metrics();
        out.printf(Locale.ROOT, "anonymized %s with top-down (local recoding) under %s: %d rows in %d classes, smallest %d, "
                        + "distortion %d (ratio %.4f), %d ms%n", source.displayName(), model, m.rows(), m.classes(),
                m.smallestClass(), m.distortion(), m.distortionRatio(), result.elapsedMs());
        UtilityMetrics u = LocalRecodingUtility.of(result.recoding(), model.k());
        out.printf(Locale.ROOT, "WHD distortion %.4f uniform, %.4f height (beta 1), DM %d, CAVG %.4f, inconsistency %.4f, modification rate %.4f%n",
                u.distortion(HierarchyWeights.uniform()).orElse(Double.NaN), u.distortion(HierarchyWeights.height(1)).orElse(Double.NaN),
                u.discernibility(), u.cavg(), u.inconsistency().orElse(Double.NaN), u.modificationRate());
        ReleaseRecord release = LocalReleases.release(context, options.name(), result, identifyingColumns, options.replace(),
                TopDown.ALGORITHM, out);
        return context.record(source, what.describe(null) + " algorithm=" + TopDown.ALGORITHM, TopDown.ALGORITHM, model.toString(),
                new JsonObject().put("rows", m.rows()).put("classes", m.classes()).put("smallestClass", m.smallestClass())
                        .put("distortion", m.distortion()).put("distortionRatio", m.distortionRatio())
                        .put("whdDistortionUniform", u.distortion(HierarchyWeights.uniform())).put("whdDistortionHeight", u.distortion(HierarchyWeights.height(1)))
                        .put("dm", u.discernibility()).put("cavg", u.cavg()).put("inconsistency", u.inconsistency())
                        .put("modificationRate", u.modificationRate()).put("ms", result.elapsedMs()),
                release);
    }
}
