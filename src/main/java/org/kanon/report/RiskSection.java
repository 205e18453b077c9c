package org.kanon.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.kanon.risk.QiCombinationRisk;
import org.kanon.risk.ReidentificationRisk;
import org.kanon.risk.RiskAnalysis;
import org.kanon.risk.population.ModelEstimate;
import org.kanon.risk.population.PopulationUniqueness;

/**
 * The risk part of a report: the figures of one analysis, or of two side by side (the table before, the release
 * after), as charts and as a table with every figure, the class-size distribution and the QI combinations that
 * tell records apart.
 */
final class RiskSection {
    /** Combinations listed per size. */
    private static final int COMBINATIONS_SHOWN = 5;

    private final RiskAnalysis before;
    private final RiskAnalysis after;

    /** @param after null for a risk-only report of one table */
    RiskSection(RiskAnalysis before, RiskAnalysis after) {
        this.before = before;
        this.after = after;
    }

    private List<RiskAnalysis> analyses() {
        return after == null ? List.of(before) : List.of(before, after);
    }

    private static String cssClass(int i) {
        return i == 0 ? "before" : "after";
    }

    private String label(int i) {
        return after == null ? "table" : i == 0 ? "before (source table)" : "after (release)";
    }

    void appendTo(HtmlDocument doc) {
        doc.section("risk").heading("Re-identification risk");
        doc.explain("A record in a class of f rows (rows with its quasi-identifier values) is re-identified with probability 1/f by an attacker "
                + "who knows the person is in the table (prosecutor). Records at risk: those above the threshold of "
                + Html.percent(before.risk().threshold()) + ". Sample uniques are records alone in their class. Definitions: El Emam and Dankar, "
                + "JAMIA 2008; the same measures as ARX's risk analysis.");
        doc.raw(legend());
        List<RiskChart.Series> series = new ArrayList<>();
        List<ClassSizeChart.Series> sizes = new ArrayList<>();
        for (int i = 0; i < analyses().size(); i++) {
            series.add(new RiskChart.Series(label(i), cssClass(i), analyses().get(i).risk()));
            sizes.add(new ClassSizeChart.Series(label(i), cssClass(i), analyses().get(i).classSizes()));
        }
        doc.raw(RiskChart.render(series));
        doc.raw(figures());
        population(doc);
        doc.end();
        doc.section("class-sizes").heading("Class sizes");
        doc.explain("Share of records in classes of each size. Records in classes smaller than k are the ones a k-anonymous release may not have.");
        doc.raw(legend()).raw(ClassSizeChart.render(sizes));
        doc.raw(sizeTable());
        doc.end();
        combinations(doc);
    }

    private String legend() {
        if (after == null) {
            return "";
        }
        return "<p class=\"legend\"><span class=\"before\"></span>before: the source table<span class=\"after\"></span>after: the release</p>";
    }

    private String figures() {
        StringBuilder t = new StringBuilder("<table class=\"figures\"><tr><th>figure</th>");
        for (int i = 0; i < analyses().size(); i++) {
            t.append("<th class=\"num\">").append(Html.escape(label(i))).append("</th>");
        }
        t.append("</tr>");
        row(t, "rows measured", a -> Html.count(a.risk().rows()));
        row(t, "equivalence classes", a -> Html.count(a.classSizes().classCount()));
        row(t, "smallest class (k)", a -> Html.count(a.classSizes().smallest()));
        row(t, "sample uniques", a -> Html.count(a.risk().sampleUniques()) + " (" + Html.percent(a.risk().sampleUniqueShare()) + ")");
        row(t, "prosecutor: highest risk", a -> Html.percent(a.risk().prosecutor().highest()));
        row(t, "prosecutor: records affected by the highest", a -> Html.percent(a.risk().prosecutor().recordsAffectedByHighest()));
        row(t, "prosecutor: average risk", a -> Html.percent(a.risk().prosecutor().average()));
        row(t, "prosecutor: records at risk", a -> Html.percent(a.risk().prosecutor().recordsAtRisk()) + " = "
                + Html.count(a.risk().prosecutor().rowsAtRisk()));
        row(t, "journalist: highest risk (the prosecutor's, an upper bound)", a -> Html.percent(a.risk().journalist().highest()));
        row(t, "marketer risk", a -> Html.percent(a.risk().marketer()));
        if (analyses().stream().anyMatch(a -> a.excludedRows() > 0)) {
            row(t, "suppressed rows left out", a -> Html.count(a.excludedRows()));
        }
        t.append("</table>");
        for (RiskAnalysis a : analyses()) {
            if (a.note() != null) {
                t.append("<p class=\"explain\">Note: ").append(Html.escape(a.note())).append("</p>");
            }
        }
        return t.toString();
    }

    private void row(StringBuilder t, String name, java.util.function.Function<RiskAnalysis, String> value) {
        t.append("<tr><td>").append(Html.escape(name)).append("</td>");
        for (RiskAnalysis a : analyses()) {
            t.append("<td class=\"num\">").append(Html.escape(value.apply(a))).append("</td>");
        }
        t.append("</tr>");
    }

    private void population(HtmlDocument doc) {
        if (before.population() == null) {
            doc.explain("No population size or sampling fraction given: no population-uniqueness estimate (kanon report --population N).");
            return;
        }
        StringBuilder t = new StringBuilder("<h3>Population uniques</h3><table><tr><th>model</th>");
        for (int i = 0; i < analyses().size(); i++) {
            t.append("<th class=\"num\">").append(Html.escape(label(i))).append("</th>");
        }
        t.append("</tr>");
        for (int m = 0; m < 3; m++) {
            final int model = m;
            t.append("<tr><td>").append(new String[]{"Zayatz (1991)", "Pitman (1996)", "SNB (Chen, Keller-McNulty 1998)"}[m]).append("</td>");
            for (RiskAnalysis a : analyses()) {
                PopulationUniqueness p = a.population();
                ModelEstimate e = p == null ? null : new ModelEstimate[]{p.zayatz(), p.pitman(), p.snb()}[model];
                t.append("<td class=\"num\">").append(e == null || !e.isPresent() ? "no estimate"
                        : Html.percent(e.fraction().getAsDouble()) + String.format(Locale.ROOT, " = %,.1f", e.sampleRecords().getAsDouble())).append("</td>");
            }
            t.append("</tr>");
        }
        t.append("<tr><td><b>Dankar et al.'s choice</b></td>");
        for (RiskAnalysis a : analyses()) {
            PopulationUniqueness p = a.population();
            t.append("<td class=\"num\"><b>").append(p == null ? "" : Html.percent(p.dankar().fraction()) + " ("
                    + p.dankar().model().name().toLowerCase(Locale.ROOT) + ")").append("</b></td>");
        }
        t.append("</tr></table>");
        doc.raw(t.toString());
        doc.explain(String.format(Locale.ROOT, "Share of the table's records estimated unique in the population; sampling fraction %.6f.",
                before.samplingFraction()));
    }

    private String sizeTable() {
        StringBuilder t = new StringBuilder("<table><tr><th>class size</th>");
        for (int i = 0; i < analyses().size(); i++) {
            t.append("<th class=\"num\">").append(Html.escape(label(i))).append(": classes</th><th class=\"num\">records</th>");
        }
        t.append("</tr>");
        double[][] shares = new double[analyses().size()][];
        for (int i = 0; i < analyses().size(); i++) {
            shares[i] = ClassSizeChart.shares(analyses().get(i).classSizes());
        }
        for (int r = 0; r < ClassSizeChart.RANGES.length; r++) {
            t.append("<tr><td>").append(ClassSizeChart.label(r)).append("</td>");
            for (int i = 0; i < analyses().size(); i++) {
                long lo = ClassSizeChart.RANGES[r];
                long hi = r + 1 < ClassSizeChart.RANGES.length ? ClassSizeChart.RANGES[r + 1] : Long.MAX_VALUE;
                long classes = 0;
                long[] s = analyses().get(i).classSizes().sizes();
                long[] c = analyses().get(i).classSizes().classes();
                for (int j = 0; j < s.length; j++) {
                    if (s[j] >= lo && s[j] < hi) {
                        classes += c[j];
                    }
                }
                t.append("<td class=\"num\">").append(Html.count(classes)).append("</td><td class=\"num\">")
                        .append(Html.percent(shares[i][r])).append("</td>");
            }
            t.append("</tr>");
        }
        return t.append("</table>").toString();
    }

    private void combinations(HtmlDocument doc) {
        if (before.combinations().isEmpty()) {
            return;
        }
        doc.section("quasi-identifiers").heading("Quasi-identifiers that make records unique");
        doc.explain("Per combination of quasi-identifiers: distinction (classes / rows; 100 % means the combination is a key), separation "
                + "(share of pairs of records it tells apart) and the records it leaves alone in their class (Motwani and Xu, 2007; "
                + "ARX's attribute risk). The most distinguishing combinations of each size, in the "
                + (after == null ? "table" : "source table and in the release") + ".");
        for (int i = 0; i < analyses().size(); i++) {
            RiskAnalysis a = analyses().get(i);
            if (a.combinations().isEmpty()) {
                continue;
            }
            StringBuilder t = new StringBuilder("<h3>").append(Html.escape(label(i))).append("</h3><table><tr><th>quasi-identifiers</th>"
                    + "<th class=\"num\">distinction</th><th class=\"num\">separation</th><th class=\"num\">uniques</th></tr>");
            for (QiCombinationRisk c : a.topCombinations(COMBINATIONS_SHOWN)) {
                t.append("<tr><td>").append(Html.escape(String.join(", ", c.quasiIdentifiers()))).append("</td><td class=\"num\">")
                        .append(Html.percent(c.distinction())).append("</td><td class=\"num\">").append(Html.percent(c.separation()))
                        .append("</td><td class=\"num\">").append(Html.count(c.uniques())).append("</td></tr>");
            }
            doc.raw(t.append("</table>").toString());
        }
        doc.end();
    }

    /** The headline cards: the figure after, with what it was before. */
    String cards(ReidentificationRisk risk, ReidentificationRisk was) {
        StringBuilder b = new StringBuilder("<div class=\"cards\">");
        card(b, "highest prosecutor risk", Html.percent(risk.prosecutor().highest()), was == null ? null : Html.percent(was.prosecutor().highest()));
        card(b, "records at risk", Html.percent(risk.prosecutor().recordsAtRisk()), was == null ? null : Html.percent(was.prosecutor().recordsAtRisk()));
        card(b, "sample uniques", Html.count(risk.sampleUniques()), was == null ? null : Html.count(was.sampleUniques()));
        card(b, "average prosecutor risk", Html.percent(risk.prosecutor().average()), was == null ? null : Html.percent(was.prosecutor().average()));
        return b.append("</div>").toString();
    }

    static void card(StringBuilder b, String name, String value, String was) {
        b.append("<div class=\"card\"><div class=\"name\">").append(Html.escape(name)).append("</div><div class=\"value\">")
                .append(Html.escape(value)).append("</div>");
        if (was != null) {
            b.append("<div class=\"was\">was ").append(Html.escape(was)).append("</div>");
        }
        b.append("</div>");
    }
}
