package org.kanon.cli;

import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import org.kanon.engine.Counts;
import org.kanon.engine.JsonObject;
import org.kanon.metrics.AttributeLevels;
import org.kanon.metrics.HierarchyWeights;
import org.kanon.metrics.UtilityMetrics;
import org.kanon.release.ReleaseRecord;
import org.kanon.release.metrics.ReleaseMetrics;

/**
 * {@link ReleaseMetrics.Figures} as {@code kanon metrics} prints them: aligned text, one figure per line and the
 * per-attribute figures in a block per attribute; or one JSON object for scripts, in which a figure that is not
 * defined is {@code null}. Distortion is given for each of the requested weights.
 */
public final class MetricsReport {
    private static final String NOT_DEFINED = "not defined";

    private final ReleaseMetrics.Figures figures;
    private final List<HierarchyWeights> weights;

    public MetricsReport(ReleaseMetrics.Figures figures, List<HierarchyWeights> weights) {
        if (weights.isEmpty()) {
            throw new IllegalArgumentException("at least one weighting is needed");
        }
        this.figures = figures;
        this.weights = List.copyOf(weights);
    }

    public String text() {
        ReleaseRecord r = figures.release();
        UtilityMetrics u = figures.utility();
        StringBuilder out = new StringBuilder();
        line(out, "release:", String.format(Locale.ROOT, "%s (%s recoding, %s, k = %d)", r.name(),
                r.recoding().toLowerCase(Locale.ROOT), r.privacyModel(), r.k()));
        line(out, "rows:", String.format(Locale.ROOT, "%d in %s, smallest %d", u.rows(), Counts.classes(u.classes()), u.smallestClass()));
        if (u.suppressedRows() > 0) {
            line(out, "suppressed rows:", String.format(Locale.ROOT, "%d (%s; at the root in every figure, each charged %d in DM)",
                    u.suppressedRows(), r.suppressMode(), u.suppressedRowCharge()));
        }
        line(out, "distortion:", u.levelDistortion().isPresent()
                ? String.format(Locale.ROOT, "%d (ratio %.4f of %d with every cell at the root)", u.levelDistortion().getAsLong(),
                u.distortionRatio().getAsDouble(), u.levelDistortionAtRoot())
                : NOT_DEFINED + " (a cell has no hierarchy level)");
        line(out, "cost (r/l):", decimal(u.generalizationCost()) + " (the approximation paper's: a cell at level r of l costs r/l)");
        for (HierarchyWeights w : weights) {
            line(out, "WHD " + label(w) + ":", decimal(u.distortion(w)) + (w.isUniform() ? "" : beta(w)));
        }
        line(out, "DM:", Long.toString(u.discernibility()));
        line(out, "CAVG:", String.format(Locale.ROOT, "%.4f", u.cavg()));
        line(out, "inconsistency:", decimal(u.inconsistency()) + " (largest over the attributes)");
        line(out, "modification rate:", String.format(Locale.ROOT, "%.4f", u.modificationRate()));
        if (!Double.isNaN(figures.largestSensitiveShare())) {
            out.append(String.format(Locale.ROOT, "largest share of %s in a class: %.4f%n",
                    r.sensitiveValues() == null ? "a value of " + r.sensitiveAttribute() : "the sensitive class",
                    figures.largestSensitiveShare()));
        }
        for (AttributeLevels a : u.attributes()) {
            out.append(String.format(Locale.ROOT, "attribute %s (hierarchy height %d)%n", a.name(), a.height()));
            StringBuilder levels = new StringBuilder();
            for (int l = 0; l <= a.height(); l++) {
                levels.append(l == 0 ? "" : "  ").append(l).append(": ").append(a.cells(l));
            }
            if (!a.levelled()) {
                levels.append("  without level: ").append(a.cellsWithoutLevel());
            }
            line(out, "  cells per level:", levels.toString());
            for (HierarchyWeights w : weights) {
                line(out, "  WHD " + label(w) + ":", decimal(a.distortion(w)));
            }
            line(out, "  inconsistency:", decimal(a.inconsistency()));
            line(out, "  gen. portion:", decimal(a.generalizationPortion()));
            line(out, "  modified cells:", a.modifiedCells() + " of " + a.cells());
        }
        return out.toString();
    }

    public String json() {
        ReleaseRecord r = figures.release();
        UtilityMetrics u = figures.utility();
        JsonObject o = new JsonObject();
        o.put("release", r.name()).put("recoding", r.recoding().toLowerCase(Locale.ROOT)).put("algorithm", r.algorithm())
                .put("privacyModel", r.privacyModel()).put("k", r.k())
                .put("rows", u.rows()).put("classes", u.classes()).put("smallestClass", u.smallestClass())
                .put("suppressedRows", u.suppressedRows())
                .putRaw("distortion", distortions(w -> u.distortion(w)))
                .putRaw("beta", betaOrNull())
                .put("cost", u.generalizationCost())
                .put("levelDistortion", u.levelDistortion().isPresent() ? (Long) u.levelDistortion().getAsLong() : null)
                .put("levelDistortionAtRoot", u.levelDistortionAtRoot())
                .put("distortionRatio", u.distortionRatio())
                .put("discernibility", u.discernibility())
                .put("cavg", u.cavg())
                .put("inconsistency", u.inconsistency())
                .put("modificationRate", u.modificationRate())
                .put("largestSensitiveShare", Double.isNaN(figures.largestSensitiveShare()) ? OptionalDouble.empty()
                        : OptionalDouble.of(figures.largestSensitiveShare()));
        StringBuilder attributes = new StringBuilder("[");
        for (AttributeLevels a : u.attributes()) {
            if (attributes.length() > 1) {
                attributes.append(',');
            }
            StringBuilder cells = new StringBuilder("[");
            for (int l = 0; l <= a.height(); l++) {
                cells.append(l == 0 ? "" : ",").append(a.cells(l));
            }
            cells.append(']');
            attributes.append(new JsonObject().put("name", a.name()).put("height", a.height())
                    .putRaw("cellsAtLevel", cells.toString()).put("cellsWithoutLevel", a.cellsWithoutLevel())
                    .putRaw("distortion", distortions(a::distortion))
                    .put("inconsistency", a.inconsistency()).put("generalizationPortion", a.generalizationPortion())
                    .put("modifiedCells", a.modifiedCells()).render());
        }
        o.putRaw("attributes", attributes.append(']').toString());
        return o.render();
    }

    /** {"uniform": x, "height": y} for the requested weights. */
    private String distortions(java.util.function.Function<HierarchyWeights, OptionalDouble> of) {
        JsonObject d = new JsonObject();
        for (HierarchyWeights w : weights) {
            d.put(w.isUniform() ? "uniform" : "height", of.apply(w));
        }
        return d.render();
    }

    private String betaOrNull() {
        return weights.stream().filter(w -> !w.isUniform()).findFirst().map(w -> JsonObject.number(w.beta())).orElse("null");
    }

    private static String label(HierarchyWeights w) {
        return w.isUniform() ? "uniform" : "height";
    }

    private static String beta(HierarchyWeights w) {
        return " (beta " + java.math.BigDecimal.valueOf(w.beta()).stripTrailingZeros().toPlainString() + ")";
    }

    private static String decimal(OptionalDouble v) {
        return v.isPresent() ? String.format(Locale.ROOT, "%.4f", v.getAsDouble()) : NOT_DEFINED;
    }

    /** Labels padded to 20 characters, the width `kanon metrics` has always used. */
    private static void line(StringBuilder out, String label, String value) {
        out.append(String.format(Locale.ROOT, "%-20s%s%n", label, value));
    }
}
