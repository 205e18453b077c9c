package org.kanon.cli;

import java.io.PrintWriter;
import java.time.LocalDateTime;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.local.mondrian.Mondrian;
import org.kanon.local.mondrian.MondrianResult;
import org.kanon.local.mondrian.PartitionMetrics;
import org.kanon.privacy.PrivacyModel;
import org.kanon.release.LocalRecodingReleaseWriter;
import org.kanon.release.LocalReleaseRequest;
import org.kanon.release.ReleaseRecord;
import org.kanon.release.RunLog;
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
                   PrintWriter out, LocalDateTime started) {
        if (node.suppressionLimit().allowance(Long.MAX_VALUE / 2) > 0) {
            throw new InvalidInputException("--suppression: Mondrian partitions every row and suppresses none; drop the option");
        }
        SourceTable source = node.source(db);
        Set<String> identifyingColumns = new HashSet<>();
        for (String c : Lists.names("--identifying", identifying)) {
            identifyingColumns.add(source.column(c).name());
        }
        MondrianResult result = new Mondrian().anonymize(db, node.table, node.qiNames(), model);
        PartitionMetrics m = result.metrics();
        out.printf(Locale.ROOT, "anonymized %s with mondrian (strict multidimensional partitioning) under %s: %d rows in %d classes, "
                        + "smallest %d, DM %d, CAVG %.4f, %d ms%n", source.displayName(), model, m.rows(), m.classes(),
                m.smallestClass(), m.discernibility(), m.cavg(), result.elapsedMs());
        ReleaseRecord release = null;
        if (name != null) {
            release = new LocalRecodingReleaseWriter(db).write(new LocalReleaseRequest(name, result, identifyingColumns, replace,
                    Mondrian.ALGORITHM));
            out.printf("released %s as table %s: %d rows, %d classes, smallest %d%n", release.name(), release.relation(),
                    release.rowsOut(), release.classes(), release.smallestClass());
            out.printf("re-check (must return no row): %s%n", release.recheckSql());
        }
        out.flush();
        new RunLog(db).record(db.dsl(), "anonymize", source, node.describe(null) + " algorithm=" + Mondrian.ALGORITHM,
                name == null ? "SEARCHED" : "RELEASED", String.format(Locale.ROOT, "{\"classes\":%d,\"dm\":%d,\"cavg\":%.4f,\"ms\":%d}",
                        m.classes(), m.discernibility(), m.cavg(), result.elapsedMs()), release == null ? null : release.name(), started);
        return ExitCodes.OK;
    }
}
