package org.kanon.report;

import java.util.Locale;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.kanon.metrics.AttributeLevels;
import org.kanon.metrics.HierarchyWeights;
import org.kanon.metrics.UtilityMetrics;
import org.kanon.permutation.metrics.TwoTableMetrics;
import org.kanon.release.metrics.ReleaseMetrics;

/**
 * What a release cost in information: for a one-table release the levels its cells were generalized to (a chart)
 * and the utility figures kanon metrics prints (DM, CAVG, distortion, inconsistency, ...); for a two-table release
 * the permutation paper's figures (NCP, adversary probability, RCE).
 */
final class UtilitySection {
    private UtilitySection() {
    }

    static void oneTable(HtmlDocument doc, ReleaseMetrics.Figures figures) {
        UtilityMetrics u = figures.utility();
        doc.section("generalization").heading("Generalization per attribute");
        doc.explain("Share of each quasi-identifier's cells at each level of its hierarchy, from L0 (the value as collected, lightest) to the "
                + "root (darkest). A global recoding puts all cells of an attribute at one level; a local recoding (KACA, Mondrian, Top-Down) "
                + "spreads them, which the inconsistency measures. Suppressed rows count as cells at the root.");
        doc.raw(LevelChart.render(u.attributes()));
        StringBuilder a = new StringBuilder("<table><tr><th>attribute</th><th class=\"num\">height</th><th class=\"num\">cells modified</th>"
                + "<th class=\"num\">inconsistency</th><th class=\"num\">generalization portion</th><th class=\"num\">distortion (uniform)</th></tr>");
        for (AttributeLevels at : u.attributes()) {
            a.append("<tr><td>").append(Html.escape(at.name())).append("</td><td class=\"num\">").append(at.height())
                    .append("</td><td class=\"num\">").append(Html.count(at.modifiedCells())).append(" of ").append(Html.count(at.cells()))
                    .append("</td><td class=\"num\">").append(Html.escape(optional(at.inconsistency())))
                    .append("</td><td class=\"num\">").append(Html.escape(optional(at.generalizationPortion())))
                    .append("</td><td class=\"num\">").append(Html.escape(optional(at.distortion(HierarchyWeights.uniform())))).append("</td></tr>");
        }
        doc.raw(a.append("</table>").toString());
        doc.explain("Inconsistency (TKDE 2008, Definition 12): how unevenly an attribute's cells are spread over its levels, 0 for a "
                + "global recoding; generalization portion (Definition 13). A figure is not defined where cells are at no level of the "
                + "hierarchy (Mondrian's ranges).");
        doc.end();
        doc.section("utility").heading("Utility");
        StringBuilder t = new StringBuilder("<table>");
        row(t, "rows released", Html.count(u.rows()), "rows of the release as published");
        row(t, "suppressed rows", Html.count(u.suppressedRows()), "removed, or kept with every QI starred");
        row(t, "classes", Html.count(u.classes()), "smallest " + Html.count(u.smallestClass()));
        row(t, "discernibility (DM)", Html.count(u.discernibility()), "sum of squared class sizes; a suppressed row costs the table's size");
        row(t, "CAVG", String.format(Locale.ROOT, "%.4f", u.cavg()), "(rows / classes) / k; 1 is ideal");
        row(t, "distortion (uniform weights)", optional(u.distortion(HierarchyWeights.uniform())), "TKDE 2008, Definitions 5-7");
        row(t, "distortion (height weights)", optional(u.distortion(HierarchyWeights.height(1))), "steps near the root weigh more");
        row(t, "inconsistency", optional(u.inconsistency()), "TKDE 2008, Definition 12: the largest of the attributes'");
        row(t, "modification rate", Html.percent(u.modificationRate()), "share of QI cells not at level 0");
        OptionalLong levels = u.levelDistortion();
        row(t, "distortion ratio", optional(u.distortionRatio()), "(alpha,k) paper: levels climbed over levels to the root"
                + (levels.isPresent() ? " (" + Html.count(levels.getAsLong()) + " of " + Html.count(u.levelDistortionAtRoot()) + ")" : ""));
        if (!Double.isNaN(figures.largestSensitiveShare())) {
            row(t, "largest sensitive share", Html.percent(figures.largestSensitiveShare()), "the most frequent sensitive value's share of a class");
        }
        doc.raw(t.append("</table>").toString());
        doc.end();
    }

    static void twoTables(HtmlDocument doc, TwoTableMetrics.Figures f, double[] adversary) {
        doc.section("groups").heading("Groups and the sensitive value");
        doc.explain("A two-table release links each QI row to a group, not to its sensitive value: an adversary who finds a person's row "
                + "learns the group's sensitive values. Theorem 1 of the permutation paper gives the chance of guessing the value; "
                + "l-diversity keeps it at most 1/l in every group.");
        doc.raw(GroupChart.render(adversary, f.l()));
        doc.end();
        doc.section("utility").heading("Utility and protection of the two tables");
        StringBuilder t = new StringBuilder("<table>");
        row(t, "rows", Html.count(f.rows()), Html.count(f.groups()) + " groups of " + Html.count(f.smallestGroup()) + " to "
                + Html.count(f.largestGroup()) + " rows");
        row(t, "CAVG", String.format(Locale.ROOT, "%.4f", f.cavg()), "rows / groups / l");
        row(t, "NCP", String.format(Locale.ROOT, "%.4f", f.ncp()), "Definition 3 of the permutation paper, of the partition");
        row(t, "adversary probability", "largest " + Html.percent(f.adversaryLargest()), "Theorem 1: the most likely sensitive value of a group; mean "
                + Html.percent(f.adversaryMean()));
        row(t, "presence probability", "largest " + String.format(Locale.ROOT, "%.6f", f.presenceLargest()), "Lemma 1, per row; mean "
                + String.format(Locale.ROOT, "%.6f", f.presenceMean()));
        row(t, "reconstruction error (RCE)", String.format(Locale.ROOT, "%.4f", f.rce()), "equations 5, 6, 9; Theorem 2's lower bound "
                + String.format(Locale.ROOT, "%.4f", f.rceLowerBound()));
        doc.raw(t.append("</table>").toString());
        doc.end();
    }

    private static String optional(OptionalDouble v) {
        return v.isPresent() ? Html.number(v.getAsDouble()) : "not defined";
    }

    private static void row(StringBuilder t, String name, String value, String explain) {
        t.append("<tr><td>").append(Html.escape(name)).append("</td><td class=\"num\">").append(Html.escape(value)).append("</td><td class=\"explain\">")
                .append(Html.escape(explain)).append("</td></tr>");
    }
}
