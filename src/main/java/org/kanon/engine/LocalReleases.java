package org.kanon.engine;

import java.io.PrintWriter;
import java.util.Set;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.local.LocalRecodingResult;
import org.kanon.privacy.SuppressionLimit;
import org.kanon.release.LocalRecodingReleaseWriter;
import org.kanon.release.LocalReleaseRequest;
import org.kanon.release.ReleaseRecord;

/** What every local-recoding algorithm does alike before and after it runs. */
final class LocalReleases {
    private LocalReleases() {
    }

    /** Local recodings generalize every row and suppress none: a suppression threshold is a mistake, not a no-op. */
    static void refuseSuppression(SuppressionLimit limit, String algorithm) {
        if (limit.allowance(Long.MAX_VALUE / 2) > 0) {
            throw new InvalidInputException("--suppression: " + algorithm + " recodes every row locally and suppresses none; drop the option");
        }
    }

    /** With a name: writes the result as a registered, re-checked table and says so; null without a name. */
    static ReleaseRecord release(RunContext context, String name, LocalRecodingResult result, Set<String> identifying, boolean replace,
                                 String algorithm, PrintWriter out) {
        if (name == null) {
            return null;
        }
        ReleaseRecord release = new LocalRecodingReleaseWriter(context.db(), context.progress()).write(new LocalReleaseRequest(name, result, identifying, replace, algorithm));
        out.printf("released %s as table %s: %s, %s, smallest %d%n", release.name(), release.relation(),
                Counts.rows(release.rowsOut()), Counts.classes(release.classes()), release.smallestClass());
        out.printf("re-check (must return no row): %s%n", release.recheckSql());
        return release;
    }
}
