package org.kanon.cli;

import java.io.PrintWriter;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.local.kaca.Kaca;
import org.kanon.local.kaca.KacaOptions;
import org.kanon.local.kaca.KacaResult;
import org.kanon.metrics.HierarchyWeights;
import org.kanon.metrics.UtilityMetrics;
import org.kanon.privacy.KAnonymity;
import org.kanon.privacy.PrivacyModel;
import org.kanon.release.ReleaseRecord;
import org.kanon.schema.SourceTable;

/**
 * {@code kanon anonymize --algorithm kaca1|kaca2}: the TKDE paper's local recoding by clustering in attribute
 * hierarchies; with --name its result is written as a local-recoding release table (registered, re-checked).
 */
final class KacaRun {
    static final Set<String> NAMES = Set.of(Kaca.KACA1, Kaca.KACA2);

    /** The options only KACA reads, as given on the command line (null when absent). */
    record Settings(String weights, String beta, String maxInconsistency, long seed, String priority) {
    }

    private KacaRun() {
    }

    static int run(Database db, String algorithm, NodeOptions node, PrivacyModel model, Settings settings, String name,
                   String identifying, boolean replace, AnonymizeOutput output, LocalDateTime started) {
        PrintWriter out = output.text();
        if (!(model instanceof KAnonymity)) {
            throw new InvalidInputException("--algorithm " + algorithm + ": KACA protects k-anonymity only; drop --alpha/--l/--sensitive");
        }
        LocalRecodingRuns.refuseSuppression(node, algorithm);
        KacaOptions options = options(algorithm, model.k(), settings);
        SourceTable source = node.source(db);
        Set<String> identifyingColumns = LocalRecodingRuns.identifyingColumns(source, identifying);
        KacaResult result = new Kaca().anonymize(db, node.table, node.qiNames(), options);
        UtilityMetrics m = result.metrics();
        out.printf(Locale.ROOT, "anonymized %s with %s (local recoding by clustering, %s weights%s, seed %d%s) under %s: %d rows in %d classes, "
                        + "smallest %d, %d merges and %d stubs, %d ms%n", source.displayName(), algorithm, options.weights(),
                options.maxInconsistency().isPresent() ? String.format(Locale.ROOT, ", max inconsistency %.4g %%", options.maxInconsistency().getAsDouble() * 100) : "",
                options.seed(), options.priority().isEmpty() ? "" : ", priority " + String.join(",", options.priority()),
                model, m.rows(), m.classes(), m.smallestClass(), result.stats().merges(), result.stats().stubMerges(), result.elapsedMs());
        out.printf(Locale.ROOT, "distortion %.4f (%s weights), DM %d, CAVG %.4f, inconsistency %.4f, modification rate %.4f%n",
                m.distortion(options.weights()).orElse(Double.NaN), options.weights(), m.discernibility(), m.cavg(),
                m.inconsistency().orElse(Double.NaN), m.modificationRate());
        ReleaseRecord release = LocalRecodingRuns.release(db, name, result, identifyingColumns, replace, algorithm, out);
        output.record(db, source, node.describe(null) + " algorithm=" + algorithm + " seed=" + options.seed(), algorithm, model.toString(),
                new JsonObject().put("rows", m.rows()).put("classes", m.classes()).put("smallestClass", m.smallestClass())
                        .put("weights", options.weights().toString()).put("seed", options.seed())
                        .put("distortion", m.distortion(options.weights())).put("dm", m.discernibility()).put("cavg", m.cavg())
                        .put("inconsistency", m.inconsistency()).put("modificationRate", m.modificationRate())
                        .put("merges", result.stats().merges()).put("stubs", result.stats().stubMerges()).put("ms", result.elapsedMs()),
                release, started);
        return ExitCodes.OK;
    }

    static KacaOptions options(String algorithm, int k, Settings s) {
        HierarchyWeights weights = weights(s.weights(), s.beta());
        List<String> priority = Lists.names("--priority", s.priority());
        if (algorithm.equals(Kaca.KACA1)) {
            if (s.maxInconsistency() != null) {
                throw new InvalidInputException("--max-inconsistency: only kaca2 bounds the inconsistency; use --algorithm kaca2");
            }
            return KacaOptions.kaca1(k, weights, s.seed()).withPriority(priority);
        }
        double max = s.maxInconsistency() == null ? 0.10 : percent("--max-inconsistency", s.maxInconsistency());
        return KacaOptions.kaca2(k, weights, s.seed(), max).withPriority(priority);
    }

    private static HierarchyWeights weights(String scheme, String beta) {
        String w = scheme == null ? "height" : scheme.trim().toLowerCase(Locale.ROOT);
        if (w.equals("uniform")) {
            if (beta != null) {
                throw new InvalidInputException("--beta: only height weights take beta; drop it or use --weights height");
            }
            return HierarchyWeights.uniform();
        }
        if (!w.equals("height")) {
            throw new InvalidInputException("--weights: expected uniform or height for KACA, got '" + scheme + "'");
        }
        double b;
        try {
            b = beta == null ? 1.0 : Double.parseDouble(beta.trim());
        } catch (NumberFormatException e) {
            throw new InvalidInputException("--beta: expected a number >= 1, got '" + beta + "'");
        }
        if (!(b >= 1) || Double.isInfinite(b)) {
            throw new InvalidInputException("--beta: must be a number >= 1, got " + beta);
        }
        return HierarchyWeights.height(b);
    }

    /** "10%" or "0.1" -> 0.1. */
    static double percent(String option, String text) {
        String t = text.trim();
        try {
            BigDecimal v = t.endsWith("%") ? new BigDecimal(t.substring(0, t.length() - 1).trim()).movePointLeft(2) : new BigDecimal(t);
            if (v.signum() < 0 || v.compareTo(BigDecimal.ONE) > 0) {
                throw new InvalidInputException(option + ": must be between 0 % and 100 %, got " + text);
            }
            return v.doubleValue();
        } catch (NumberFormatException e) {
            throw new InvalidInputException(option + ": expected a percentage such as 10% or a fraction such as 0.1, got '" + text + "'");
        }
    }
}
