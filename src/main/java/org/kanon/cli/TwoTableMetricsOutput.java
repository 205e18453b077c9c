package org.kanon.cli;

import java.util.Locale;
import org.kanon.engine.JsonObject;
import org.kanon.permutation.metrics.TwoTableMetrics;
import org.kanon.release.ReleaseRecord;

/** {@code kanon metrics} of a two-table release: aligned text, one figure per line, or one JSON object. */
final class TwoTableMetricsOutput {
    private final ReleaseRecord release;
    private final TwoTableMetrics.Figures f;

    TwoTableMetricsOutput(ReleaseRecord release, TwoTableMetrics.Figures figures) {
        this.release = release;
        this.f = figures;
    }

    String text() {
        StringBuilder out = new StringBuilder();
        line(out, "release:", String.format(Locale.ROOT, "%s (%s: %s.%s + %s.%s, %s)", release.name(), f.permuted() ? "permutation" : "anatomy",
                release.relationSchema(), release.relationName(), release.relationSchema(), release.sensitiveRelation(), release.privacyModel()));
        line(out, "rows:", String.format(Locale.ROOT, "%d in %d groups, smallest %d, largest %d", f.rows(), f.groups(), f.smallestGroup(),
                f.largestGroup()));
        line(out, "CAVG:", String.format(Locale.ROOT, "%.4f (rows / groups / l)", f.cavg()));
        line(out, "NCP:", String.format(Locale.ROOT, "%.4f (Definition 3, of the partition; %.4f per row)", f.ncp(),
                f.rows() == 0 ? 0.0 : f.ncp() / f.rows()));
        line(out, "adversary (Thm 1):", String.format(Locale.ROOT, "largest %.4f, mean %.4f (per group, the most likely sensitive value)",
                f.adversaryLargest(), f.adversaryMean()));
        line(out, "presence (Lemma 1):", String.format(Locale.ROOT, "largest %.6f, mean %.6f (per row%s)", f.presenceLargest(), f.presenceMean(),
                f.permuted() ? "" : "; anatomy: 1/|group|"));
        line(out, "RCE:", String.format(Locale.ROOT, "%.4f (equations 5, 6, 9; %.4f per row)", f.rce(), f.rows() == 0 ? 0.0 : f.rce() / f.rows()));
        // Theorem 2 bounds RCE from below (RCE >= the sum): an RCE above this figure is what the theorem says
        line(out, "RCE lower bound:", String.format(Locale.ROOT, "%.4f (Thm 2: RCE >= the sum of 1 + l d^2 - 2 d over rows, l = %d; "
                + "this RCE is %.4f above it)", f.rceLowerBound(), f.l(), f.rce() - f.rceLowerBound()));
        return out.toString();
    }

    String json() {
        return new JsonObject().put("release", release.name()).put("recoding", release.recoding().toLowerCase(Locale.ROOT))
                .put("algorithm", release.algorithm()).put("privacyModel", release.privacyModel()).put("l", f.l())
                .put("rows", f.rows()).put("groups", f.groups()).put("smallestGroup", f.smallestGroup()).put("largestGroup", f.largestGroup())
                .put("cavg", f.cavg()).put("ncp", f.ncp())
                .put("adversaryProbabilityLargest", f.adversaryLargest()).put("adversaryProbabilityMean", f.adversaryMean())
                .put("presenceProbabilityLargest", f.presenceLargest()).put("presenceProbabilityMean", f.presenceMean())
                .put("rce", f.rce()).put("rceLowerBound", f.rceLowerBound()).render();
    }

    /** Labels padded to 20 characters, as the single-table report. */
    private static void line(StringBuilder out, String label, String value) {
        out.append(String.format(Locale.ROOT, "%-20s%s%n", label, value));
    }
}
