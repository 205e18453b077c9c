package org.kanon.cli;

import java.util.Locale;
import org.kanon.engine.JsonObject;
import org.kanon.evaluation.Accuracy;
import org.kanon.evaluation.QueryEvaluation;
import org.kanon.evaluation.WorkloadSpec;

/** {@code kanon evaluate-queries}: aligned text or one JSON object. */
final class QueryEvaluationOutput {
    private final QueryEvaluation.Report r;

    QueryEvaluationOutput(QueryEvaluation.Report report) {
        this.r = report;
    }

    String text() {
        WorkloadSpec s = r.workload().spec();
        Accuracy a = r.accuracy();
        StringBuilder out = new StringBuilder();
        line(out, "release:", String.format(Locale.ROOT, "%s (algorithm %s, %s recoding; estimated by %s)", r.release().name(),
                r.release().algorithm(), r.release().recoding().toLowerCase(Locale.ROOT), r.estimator()));
        line(out, "original:", r.original().displayName() + " (exact answers by SQL)");
        line(out, "workload:", String.format(Locale.ROOT, "%d COUNT(*) queries, w = %d (%d QI range(s) of %s + %s = v), s = %s, seed %d",
                a.queries(), s.dimensionality(), s.dimensionality() - 1, r.release().quasiIdentifiers(), r.sensitive(),
                plain(s.selectivity()), s.seed()));
        line(out, "redrawn:", r.workload().redrawn() + " drawn queries had exact answer 0 (no relative error) and were drawn again");
        line(out, "average rel. error:", String.format(Locale.ROOT, "%.4f", a.mean()));
        line(out, "median rel. error:", String.format(Locale.ROOT, "%.4f", a.median()));
        line(out, "largest rel. error:", String.format(Locale.ROOT, "%.4f", a.largest()));
        return out.toString();
    }

    String json() {
        WorkloadSpec s = r.workload().spec();
        Accuracy a = r.accuracy();
        return new JsonObject().put("release", r.release().name()).put("algorithm", r.release().algorithm())
                .put("recoding", r.release().recoding().toLowerCase(Locale.ROOT)).put("estimator", r.estimator())
                .put("original", r.original().displayName()).put("sensitive", r.sensitive())
                .put("queries", a.queries()).put("dimensionality", s.dimensionality()).put("selectivity", s.selectivity()).put("seed", s.seed())
                .put("redrawn", r.workload().redrawn()).put("averageRelativeError", a.mean()).put("medianRelativeError", a.median())
                .put("largestRelativeError", a.largest()).render();
    }

    private static String plain(double v) {
        return java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }

    private static void line(StringBuilder out, String label, String value) {
        out.append(String.format(Locale.ROOT, "%-20s%s%n", label, value));
    }
}
