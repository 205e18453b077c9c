package org.kanon.report;

import java.util.List;
import org.kanon.risk.ReidentificationRisk;

/** The main risk figures as horizontal bars on one 0-100 % scale, one bar per series (before and after) and figure. */
final class RiskChart {
    private static final double WIDTH = 760;
    private static final double LABEL = 250;
    private static final double ROW = 22;

    record Series(String label, String cssClass, ReidentificationRisk risk) {
    }

    private record Figure(String label, java.util.function.ToDoubleFunction<ReidentificationRisk> value) {
    }

    private static final List<Figure> FIGURES = List.of(
            new Figure("highest prosecutor risk", r -> r.prosecutor().highest()),
            new Figure("records affected by the highest", r -> r.prosecutor().recordsAffectedByHighest()),
            new Figure("average prosecutor risk", r -> r.prosecutor().average()),
            new Figure("records at risk", r -> r.prosecutor().recordsAtRisk()),
            new Figure("sample uniques", ReidentificationRisk::sampleUniqueShare),
            new Figure("marketer risk", ReidentificationRisk::marketer));

    private RiskChart() {
    }

    static String render(List<Series> series) {
        double group = ROW * series.size() + 12;
        double height = group * FIGURES.size() + 30;
        Svg svg = new Svg("chart risk", WIDTH, height, "re-identification risk figures");
        double plot = WIDTH - LABEL - 70;
        for (int t = 0; t <= 4; t++) {
            double x = LABEL + plot * t / 4;
            svg.line(x, 4, x, height - 26, "grid");
            svg.text(x, height - 10, "middle", "axis", (25 * t) + " %");
        }
        for (int f = 0; f < FIGURES.size(); f++) {
            Figure figure = FIGURES.get(f);
            double y0 = 6 + f * group;
            svg.text(LABEL - 8, y0 + group / 2 + 2, "end", "label", figure.label());
            for (int s = 0; s < series.size(); s++) {
                double v = figure.value().applyAsDouble(series.get(s).risk());
                double y = y0 + s * ROW;
                svg.rect(LABEL, y, plot * v, ROW - 4, "bar " + series.get(s).cssClass(), series.get(s).label() + ": " + figure.label()
                        + " " + Html.percent(v));
                svg.text(LABEL + plot * v + 4, y + ROW - 9, "start", "value", Html.percent(v));
            }
        }
        return svg.render();
    }
}
