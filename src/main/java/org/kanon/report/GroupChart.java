package org.kanon.report;

import java.util.Locale;

/**
 * A two-table release's groups by the adversary's probability of its Theorem 1 (the chance of the group's most
 * frequent sensitive value): the share of groups in each tenth of [0, 1]. With l-diversity every group stays at or
 * below 1/l, which the chart's marker shows.
 */
final class GroupChart {
    private static final double WIDTH = 760;
    private static final double HEIGHT = 260;
    private static final double LEFT = 64;
    private static final double BOTTOM = 44;
    private static final double TOP = 16;
    private static final int BINS = 10;

    private GroupChart() {
    }

    /** @param probabilities per group, the adversary's probability; @param l the release's l */
    static String render(double[] probabilities, int l) {
        Svg svg = new Svg("chart groups", WIDTH, HEIGHT, "groups by the adversary's probability of the sensitive value");
        long[] counts = new long[BINS];
        for (double p : probabilities) {
            counts[Math.min(BINS - 1, (int) (p * BINS))]++; // [0, 10 %), [10 %, 20 %), ... [90 %, 100 %]
        }
        double plot = HEIGHT - TOP - BOTTOM;
        double band = (WIDTH - LEFT - 8) / BINS;
        for (int t = 0; t <= 4; t++) {
            double y = TOP + plot * (1 - t / 4.0);
            svg.line(LEFT, y, WIDTH - 8, y, "grid");
            svg.text(LEFT - 6, y + 4, "end", "axis", ClassSizeChart.tick(t / 4.0));
        }
        for (int b = 0; b < BINS; b++) {
            double share = probabilities.length == 0 ? 0 : (double) counts[b] / probabilities.length;
            double h = plot * share;
            String range = String.format(Locale.ROOT, "%d-%d %%", b * 10, (b + 1) * 10);
            svg.rect(LEFT + band * b + 4, TOP + plot - h, band - 8, h, "bar after", String.format(Locale.ROOT,
                    "%,d group(s) (%s) where the adversary's probability is %s", counts[b], Html.percent(share), range));
            svg.text(LEFT + band * b + band / 2, HEIGHT - BOTTOM + 16, "middle", "axis", range);
        }
        if (l > 0) {
            double x = LEFT + (WIDTH - LEFT - 8) / l;
            svg.line(x, TOP - 4, x, TOP + plot, "limit");
            svg.text(x + 4, TOP + 8, "start", "value", "1/l = " + Html.percent(1.0 / l));
        }
        svg.text(LEFT + (WIDTH - LEFT) / 2, HEIGHT - 8, "middle", "axis-title", "adversary's probability (Theorem 1), share of groups");
        return svg.render();
    }
}
