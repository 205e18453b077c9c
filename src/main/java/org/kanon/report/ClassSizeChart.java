package org.kanon.report;

import java.util.List;
import org.kanon.metrics.ClassSizes;

/**
 * The share of records in classes of each size range, one bar per series (before and after) and range: where the
 * records at risk are. Ranges grow roughly by powers of ten, since class sizes span 1 to the whole table.
 */
final class ClassSizeChart {
    /** Lower bounds of the size ranges; each runs to the next bound less one, the last without end. */
    static final long[] RANGES = {1, 2, 3, 5, 10, 20, 50, 100, 1000};

    private static final double WIDTH = 760;
    private static final double HEIGHT = 300;
    private static final double LEFT = 64;
    private static final double BOTTOM = 44;
    private static final double TOP = 16;

    record Series(String label, String cssClass, ClassSizes sizes) {
    }

    private ClassSizeChart() {
    }

    static String render(List<Series> series) {
        Svg svg = new Svg("chart class-sizes", WIDTH, HEIGHT, "share of records by the size of their class");
        double plotHeight = HEIGHT - TOP - BOTTOM;
        double[][] shares = new double[series.size()][];
        double max = 0;
        for (int s = 0; s < series.size(); s++) {
            shares[s] = shares(series.get(s).sizes());
            for (double v : shares[s]) {
                max = Math.max(max, v);
            }
        }
        double top = niceTop(max);
        for (int t = 0; t <= 4; t++) {
            double y = TOP + plotHeight * (1 - t / 4.0);
            svg.line(LEFT, y, WIDTH - 8, y, "grid");
            svg.text(LEFT - 6, y + 4, "end", "axis", tick(top * t / 4));
        }
        double band = (WIDTH - LEFT - 8) / RANGES.length;
        double barWidth = (band - 10) / Math.max(1, series.size());
        for (int r = 0; r < RANGES.length; r++) {
            double x0 = LEFT + band * r + 5;
            for (int s = 0; s < series.size(); s++) {
                double h = top == 0 ? 0 : plotHeight * shares[s][r] / top;
                svg.rect(x0 + s * barWidth, TOP + plotHeight - h, barWidth - 2, h, "bar " + series.get(s).cssClass(),
                        series.get(s).label() + ", classes of " + label(r) + " rows: " + Html.percent(shares[s][r]) + " of records");
            }
            svg.text(x0 + (band - 10) / 2, HEIGHT - BOTTOM + 16, "middle", "axis", label(r));
        }
        svg.text(LEFT + (WIDTH - LEFT) / 2, HEIGHT - 8, "middle", "axis-title", "class size (rows)");
        return svg.render();
    }

    /** A tick's share as a percentage without needless decimals: 5 %, 2.5 %. */
    static String tick(double share) {
        double p = Math.round(share * 1000) / 10.0; // 7.500000000000001 -> 7.5
        return (p == Math.rint(p) ? Long.toString(Math.round(p)) : String.valueOf(p)) + " %";
    }

    static String label(int range) {
        long from = RANGES[range];
        if (range == RANGES.length - 1) {
            return from + "+";
        }
        long to = RANGES[range + 1] - 1;
        return from == to ? Long.toString(from) : from + "-" + to;
    }

    /** Share of the rows in classes of each range. */
    static double[] shares(ClassSizes sizes) {
        double[] out = new double[RANGES.length];
        long rows = sizes.rows();
        if (rows == 0) {
            return out;
        }
        for (int i = 0; i < sizes.sizes().length; i++) {
            out[range(sizes.sizes()[i])] += (double) sizes.sizes()[i] * sizes.classes()[i] / rows;
        }
        return out;
    }

    private static int range(long size) {
        int r = 0;
        while (r + 1 < RANGES.length && size >= RANGES[r + 1]) {
            r++;
        }
        return r;
    }

    /** The axis' top, so its four ticks are round: the next of 10 %, 20 %, 40 %, 60 %, 80 %, 100 % above the largest share. */
    private static double niceTop(double max) {
        for (double t : new double[]{0.1, 0.2, 0.4, 0.6, 0.8, 1}) {
            if (max <= t) {
                return t;
            }
        }
        return 1;
    }
}
