package org.kanon.engine;

import java.io.PrintWriter;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.kanon.InvalidInputException;
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
 * The TKDE paper's local recoding by clustering in attribute hierarchies (kaca1; kaca2 bounds the inconsistency);
 * with a release name its result is written as a local-recoding table.
 */
final class KacaAlgorithm extends DeclaredAlgorithm {
    /** The seed of the random choices when none is given, so runs repeat. */
    static final long DEFAULT_SEED = 1;

    KacaAlgorithm(String name) {
        super(name, Family.LOCAL_RECODING, reads(name));
    }



    private static Set<AlgorithmOption> reads(String name) {
        EnumSet<AlgorithmOption> reads = EnumSet.of(AlgorithmOption.WEIGHTS, AlgorithmOption.BETA, AlgorithmOption.PRIORITY,
                AlgorithmOption.SEED, AlgorithmOption.IDENTIFYING);
        if (name.equals(Kaca.KACA2)) {
            reads.add(AlgorithmOption.MAX_INCONSISTENCY);
        }
        return reads;
    }

    @Override
    public Run prepare(Anonymization what, AnonymizeOptions settings) {
        what.require();
        PrivacyModel model = what.model();
        if (!(model instanceof KAnonymity)) {
            throw new InvalidInputException("--algorithm " + name + ": KACA protects k-anonymity only; drop --alpha/--l/--sensitive");
        }
        LocalReleases.refuseSuppression(what.suppressionLimit(), name);
        KacaOptions options = options(model.k(), settings);
        return context -> run(context, what, settings, model, options);
    }

    private AnonymizeResult run(RunContext context, Anonymization what, AnonymizeOptions settings, PrivacyModel model, KacaOptions options) {
        PrintWriter out = context.text();
        SourceTable source = context.source(what.table());
        Set<String> identifyingColumns = context.identifyingColumns(source, settings.identifying());
        KacaResult result = new Kaca(context.progress()).anonymize(context.db(), source, source.columns(what.qiNames()), options);
        UtilityMetrics m = result.metrics();
        out.printf(Locale.ROOT, "anonymized %s with %s (local recoding by clustering, %s weights%s, seed %d%s) under %s: %d rows in %d classes, "
                        + "smallest %d, %d merges and %d stubs, %d ms%n", source.displayName(), name, options.weights(),
                options.maxInconsistency().isPresent() ? String.format(Locale.ROOT, ", max inconsistency %.4g %%", options.maxInconsistency().getAsDouble() * 100) : "",
                options.seed(), options.priority().isEmpty() ? "" : ", priority " + String.join(",", options.priority()),
                model, m.rows(), m.classes(), m.smallestClass(), result.stats().merges(), result.stats().stubMerges(), result.elapsedMs());
        out.printf(Locale.ROOT, "distortion %.4f (%s weights), DM %d, CAVG %.4f, inconsistency %.4f, modification rate %.4f%n",
                m.distortion(options.weights()).orElse(Double.NaN), options.weights(), m.discernibility(), m.cavg(),
                m.inconsistency().orElse(Double.NaN), m.modificationRate());
        ReleaseRecord release = LocalReleases.release(context, settings.name(), result, identifyingColumns, settings.replace(), name, out);
        return context.record(source, what.describe(null) + " algorithm=" + name + " seed=" + options.seed(), name, model.toString(),
                new JsonObject().put("rows", m.rows()).put("classes", m.classes()).put("smallestClass", m.smallestClass())
                        .put("weights", options.weights().toString()).put("seed", options.seed())
                        .put("distortion", m.distortion(options.weights())).put("dm", m.discernibility()).put("cavg", m.cavg())
                        .put("inconsistency", m.inconsistency()).put("modificationRate", m.modificationRate())
                        .put("merges", result.stats().merges()).put("stubs", result.stats().stubMerges()).put("ms", result.elapsedMs()),
                release);
    }

    /** The typed KACA options, checked before any work. */
    KacaOptions options(int k, AnonymizeOptions s) {
        HierarchyWeights weights = weights(s.weights(), s.beta());
        List<String> priority = OptionLists.names("--priority", s.priority());
        long seed = s.seed() == null ? DEFAULT_SEED : s.seed();
        if (name.equals(Kaca.KACA1)) {
            if (s.maxInconsistency() != null) {
                throw new InvalidInputException("--max-inconsistency: only kaca2 bounds the inconsistency; use --algorithm kaca2");
            }
            return KacaOptions.kaca1(k, weights, seed).withPriority(priority);
        }
        double max = s.maxInconsistency() == null ? 0.10 : OptionValues.percent("--max-inconsistency", s.maxInconsistency());
        return KacaOptions.kaca2(k, weights, seed, max).withPriority(priority);
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
}
