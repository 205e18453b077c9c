package org.kanon.cli;

import java.io.PrintWriter;
import java.time.LocalDateTime;
import java.util.Locale;
import java.util.Set;
import org.kanon.db.Database;
import org.kanon.local.mondrian.Mondrian;
import org.kanon.local.mondrian.MondrianResult;
import org.kanon.local.mondrian.PartitionMetrics;
import org.kanon.privacy.PrivacyModel;
import org.kanon.release.ReleaseRecord;
import org.kanon.schema.SourceTable;

/**
 * {@code kanon anonymize --algorithm mondrian}: LeFevre et al.'s strict multidimensional partitioning (numeric QIs
 * as ranges, the others by hierarchy); with --name its result is written as a local-recoding release table
 * (registered, re-checked).
 */
final class MondrianRun {
    static final Set<String> NAMES = Set.of(Mondrian.ALGORITHM);

    private MondrianRun() {
    }

    static int run(Database db, NodeOptions node, PrivacyModel model, String name, String identifying, boolean replace,
                   AnonymizeOutput output, LocalDateTime started) {
        PrintWriter out = output.text();
        LocalRecodingRuns.refuseSuppression(node, Mondrian.ALGORITHM);
        SourceTable source = node.source(db);
        Set<String> identifyingColumns = LocalRecodingRuns.identifyingColumns(source, identifying);
        MondrianResult result = new Mondrian().anonymize(db, node.table, node.qiNames(), model);
        PartitionMetrics m = result.metrics();
        out.printf(Locale.ROOT, "anonymized %s with mondrian (strict multidimensional partitioning) under %s: %d rows in %d classes, "
                        + "smallest %d, DM %d, CAVG %.4f, %d ms%n", source.displayName(), model, m.rows(), m.classes(),
                m.smallestClass(), m.discernibility(), m.cavg(), result.elapsedMs());
        ReleaseRecord release = LocalRecodingRuns.release(db, name, result, identifyingColumns, replace, Mondrian.ALGORITHM, out);
        output.record(db, source, node.describe(null) + " algorithm=" + Mondrian.ALGORITHM, Mondrian.ALGORITHM, model.toString(),
                new JsonObject().put("rows", m.rows()).put("classes", m.classes()).put("smallestClass", m.smallestClass())
                        .put("dm", m.discernibility()).put("cavg", m.cavg()).put("ms", result.elapsedMs()),
                release, started);
        return ExitCodes.OK;
    }
}
