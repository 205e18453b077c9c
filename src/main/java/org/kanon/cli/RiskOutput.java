package org.kanon.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.kanon.engine.JsonObject;
import org.kanon.metrics.ClassSizes;
import org.kanon.risk.CriterionFigures;
import org.kanon.risk.QiCombinationRisk;
import org.kanon.risk.ReidentificationRisk;
import org.kanon.risk.RiskAnalysis;

/** A risk analysis as {@code kanon risk} prints it: aligned text, or one JSON object. */
final class RiskOutput {
    /** Combinations printed per size in text (JSON has them all). */
    private static final int COMBINATIONS_SHOWN = 5;
    /** Class sizes printed one per line in text before the rest are summed up. */
    private static final int SIZES_SHOWN = 10;

    private final RiskAnalysis a;
    /** A release's criteria beyond k, or null. */
    private final CriterionFigures figures;

    RiskOutput(RiskAnalysis analysis, CriterionFigures figures) {
        this.a = analysis;
        this.figures = figures;
    }

    String text() {
        StringBuilder b = new StringBuilder();
        ReidentificationRisk r = a.risk();
        ClassSizes s = a.classSizes();
        line(b, "risk of %s (%,d rows, %d quasi-identifiers: %s%s)", a.subject(), r.rows(), a.quasiIdentifiers().size(),
                String.join(", ", a.quasiIdentifiers()), a.levels() == null ? "" : "; levels " + a.levels());
        if (a.excludedRows() > 0) {
            line(b, "  %,d suppressed (starred) rows left out", a.excludedRows());
        }
        if (a.note() != null) {
            line(b, "  note: %s", a.note());
        }
        line(b, "classes               %,d (sizes %,d to %,d rows)", s.classCount(), s.smallest(), s.largest());
        if (figures != null) {
            for (CriterionFigures.Range range : figures.ranges()) {
                line(b, "%-21s %s: %s to %s", "attribute disclosure", range.criterion(), number(range.least()), number(range.greatest()));
                line(b, "%-21s (%s per class)", "", range.figure());
            }
        }
        line(b, "sample uniques        %,d rows (%s)", r.sampleUniques(), percent(r.sampleUniqueShare()));
        attacker(b, "prosecutor", r.prosecutor(), r.threshold());
        line(b, "journalist            the prosecutor's figures, an upper bound (the population's classes are at least as large)");
        line(b, "marketer              %s of records re-identified on average", percent(r.marketer()));
        PopulationText.append(b, a);
        line(b, "class sizes (size: classes, rows)");
        long[] sizes = s.sizes();
        long[] classes = s.classes();
        for (int i = 0; i < sizes.length && i < SIZES_SHOWN; i++) {
            line(b, "  %,8d: %,d %s, %,d %s", sizes[i], classes[i], classes[i] == 1 ? "class" : "classes", sizes[i] * classes[i],
                    sizes[i] * classes[i] == 1 ? "row" : "rows");
        }
        if (sizes.length > SIZES_SHOWN) {
            long moreClasses = 0;
            long moreRows = 0;
            for (int i = SIZES_SHOWN; i < sizes.length; i++) {
                moreClasses += classes[i];
                moreRows += sizes[i] * classes[i];
            }
            line(b, "  %,d..%,d: %,d classes, %,d rows", sizes[SIZES_SHOWN], sizes[sizes.length - 1], moreClasses, moreRows);
        }
        if (!a.combinations().isEmpty()) {
            line(b, "quasi-identifiers that tell records apart");
            line(b, "  %11s %11s %9s  %s", "distinction", "separation", "uniques", "combination");
            for (QiCombinationRisk c : a.topCombinations(COMBINATIONS_SHOWN)) {
                line(b, "  %11s %11s %,9d  %s", percent(c.distinction()), percent(c.separation()), c.uniques(),
                        String.join(",", c.quasiIdentifiers()));
            }
            line(b, "  (distinction = classes / rows, separation = share of pairs of rows told apart; top %d per size, --format json lists all %,d)", COMBINATIONS_SHOWN, a.combinations().size());
        }
        return b.toString();
    }

    private static void attacker(StringBuilder b, String who, ReidentificationRisk.Attacker at, double threshold) {
        line(b, "%-21s highest %s (%s of records), average %s, at risk (> %s) %s = %,d rows", who, percent(at.highest()),
                percent(at.recordsAffectedByHighest()), percent(at.average()), percent(threshold), percent(at.recordsAtRisk()), at.rowsAtRisk());
    }

    JsonObject json() {
        ReidentificationRisk r = a.risk();
        ClassSizes s = a.classSizes();
        JsonObject o = new JsonObject().put("subject", a.subject()).putStrings("quasiIdentifiers", a.quasiIdentifiers())
                .put("levels", a.levels()).put("rows", r.rows()).put("excludedRows", a.excludedRows()).put("classes", s.classCount())
                .put("smallestClass", s.smallest()).put("largestClass", s.largest()).put("sampleUniques", r.sampleUniques())
                .put("threshold", r.threshold()).put("samplingFraction", a.samplingFraction())
                .put("prosecutor", attacker(r.prosecutor())).put("journalist", attacker(r.journalist()))
                .put("marketer", r.marketer());
        o.put("population", PopulationText.json(a));
        List<JsonObject> dist = new ArrayList<>();
        for (int i = 0; i < s.sizes().length; i++) {
            dist.add(new JsonObject().put("size", s.sizes()[i]).put("classes", s.classes()[i]));
        }
        o.putObjects("classSizes", dist);
        List<JsonObject> combos = new ArrayList<>();
        for (QiCombinationRisk c : a.combinations()) {
            combos.add(new JsonObject().putStrings("quasiIdentifiers", c.quasiIdentifiers()).put("classes", c.classes())
                    .put("distinction", c.distinction()).put("separation", c.separation()).put("uniques", c.uniques()));
        }
        o.putObjects("combinations", combos);
        if (figures != null) {
            List<JsonObject> criteria = new java.util.ArrayList<>();
            for (CriterionFigures.Range range : figures.ranges()) {
                criteria.add(new JsonObject().put("criterion", range.criterion()).put("figure", range.figure())
                        .put("least", range.least()).put("greatest", range.greatest()));
            }
            o.putObjects("criteria", criteria);
        }
        return o.put("note", a.note());
    }

    private static JsonObject attacker(ReidentificationRisk.Attacker at) {
        return new JsonObject().put("highest", at.highest()).put("recordsAffectedByHighest", at.recordsAffectedByHighest())
                .put("average", at.average()).put("recordsAtRisk", at.recordsAtRisk()).put("rowsAtRisk", at.rowsAtRisk());
    }

    static String percent(double share) {
        return String.format(Locale.ROOT, "%.2f %%", share * 100);
    }

    private static void line(StringBuilder b, String format, Object... args) {
        b.append(String.format(Locale.ROOT, format, args)).append('\n');
    }

    /** A criterion's figure: at most four decimals, a whole number as such. */
    private static String number(double x) {
        return x == Math.rint(x) && Math.abs(x) < 1e15 ? String.format(Locale.ROOT, "%,d", (long) x) : String.format(Locale.ROOT, "%.4f", x);
    }
}
