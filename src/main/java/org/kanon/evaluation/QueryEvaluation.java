package org.kanon.evaluation;

import java.util.List;
import java.util.Optional;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.release.ReleaseRecord;
import org.kanon.release.ReleaseRegister;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;

/**
 * {@code kanon evaluate-queries}: a release's accuracy on a seeded workload of count queries, against the exact answers
 * on the original table. The QI attributes are the release's; the sensitive attribute is the release's, or named when
 * the release has none (a k-anonymous release keeps the column, it just was not protected).
 */
public final class QueryEvaluation {
    /** What was measured and how well the release did. */
    public record Report(ReleaseRecord release, SourceTable original, String sensitive, String estimator, Workload workload,
                         Accuracy accuracy) {
    }

    private final Database db;

    public QueryEvaluation(Database db) {
        this.db = db;
    }

    /** {@code spec}'s dimensionality may be {@link WorkloadSpec#AUTO}. */
    public Report evaluate(String releaseName, String originalName, Optional<String> sensitiveName, WorkloadSpec spec) {
        ReleaseRecord release = new ReleaseRegister(db).require(releaseName);
        List<String> qis = release.qiNames();
        WorkloadSpec resolved = spec.forRelease(qis.size());
        String sensitive = sensitive(release, sensitiveName);
        SourceTable table = new TableResolver(db).resolve(originalName);
        OriginalTable original = OriginalTable.load(db, table, qis, sensitive);
        if (original.qis().contains(original.sensitive())) {
            throw new InvalidInputException("--sensitive: " + original.sensitive().name() + " is a quasi-identifier of release " + release.name());
        }
        CountEstimator estimator = new ReleaseEstimators(db).open(release, original);
        Workload workload = Workload.generate(original, resolved);
        return new Report(release, table, original.sensitive().name(), estimator.kind(), workload, Accuracy.of(workload, estimator));
    }

    private static String sensitive(ReleaseRecord release, Optional<String> named) {
        String registered = release.sensitiveAttribute();
        if (named.isPresent()) {
            if (registered != null && !registered.equalsIgnoreCase(named.get().trim())) {
                throw new InvalidInputException("--sensitive: release " + release.name() + " protects " + registered + ", not " + named.get().trim());
            }
            return named.get().trim();
        }
        if (registered == null) {
            throw new InvalidInputException("--sensitive: release " + release.name() + " has no sensitive attribute; name the column the queries ask for");
        }
        return registered;
    }
}
