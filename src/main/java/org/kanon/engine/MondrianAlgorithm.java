package org.kanon.engine;

import java.io.PrintWriter;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import org.kanon.local.mondrian.Mondrian;
import org.kanon.local.mondrian.MondrianResult;
import org.kanon.local.mondrian.PartitionMetrics;
import org.kanon.privacy.PrivacyModel;
import org.kanon.release.ReleaseRecord;
import org.kanon.schema.SourceTable;

/**
 * LeFevre et al.'s strict multidimensional partitioning (numeric QIs as ranges, the others by hierarchy); with a
 * release name its result is written as a local-recoding table.
 */
final class MondrianAlgorithm extends DeclaredAlgorithm {
    MondrianAlgorithm() {
        super(Mondrian.ALGORITHM, Family.LOCAL_RECODING, EnumSet.of(AlgorithmOption.IDENTIFYING));
    }



    @Override
    public Run prepare(Anonymization what, AnonymizeOptions options) {
        what.require();
        PrivacyModel model = what.model();
        model.refuseForLocalRecoding("--algorithm " + Mondrian.ALGORITHM);
        LocalReleases.refuseSuppression(what.suppressionLimit(), Mondrian.ALGORITHM);
        return context -> run(context, what, options, model);
    }

    private AnonymizeResult run(RunContext context, Anonymization what, AnonymizeOptions options, PrivacyModel model) {
        PrintWriter out = context.text();
        SourceTable source = context.source(what.table());
        Set<String> identifyingColumns = context.identifyingColumns(source, options.identifying());
        MondrianResult result = new Mondrian(context.progress()).anonymize(context.db(), source, source.columns(what.qiNames()), model);
        PartitionMetrics m = result.metrics();
        out.printf(Locale.ROOT, "anonymized %s with mondrian (strict multidimensional partitioning) under %s: %d rows in %d classes, "
                        + "smallest %d, DM %d, CAVG %.4f, %d ms%n", source.displayName(), model, m.rows(), m.classes(),
                m.smallestClass(), m.discernibility(), m.cavg(), result.elapsedMs());
        ReleaseRecord release = LocalReleases.release(context, options.name(), result, identifyingColumns, options.replace(),
                Mondrian.ALGORITHM, out);
        return context.record(source, what.describe(null) + " algorithm=" + Mondrian.ALGORITHM, Mondrian.ALGORITHM, model.toString(),
                new JsonObject().put("rows", m.rows()).put("classes", m.classes()).put("smallestClass", m.smallestClass())
                        .put("dm", m.discernibility()).put("cavg", m.cavg()).put("ms", result.elapsedMs()),
                release);
    }
}
