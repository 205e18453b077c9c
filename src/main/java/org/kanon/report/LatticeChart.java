package org.kanon.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.kanon.lattice.LevelVector;

/**
 * The generalization lattice of a full-domain search, as ARX's lattice view draws it: one row of nodes per height
 * (the raw table at the bottom, every QI at its root on top), an edge from each node to its direct
 * generalizations, anonymous nodes filled, the minimal ones outlined, the selected one marked. A lattice of more
 * than {@value #MAX_DRAWN} nodes cannot be read as dots; it is drawn as one bar per height instead, split into
 * anonymous and other nodes.
 */
final class LatticeChart {
    static final int MAX_DRAWN = 400;
    private static final double WIDTH = 760;

    private LatticeChart() {
    }

    static String render(LatticeView view) {
        return view.size() <= MAX_DRAWN ? nodes(view) : perHeight(view);
    }

    private static String nodes(LatticeView view) {
        List<List<LevelVector>> byHeight = byHeight(view);
        int rows = byHeight.size();
        double rowGap = rows > 12 ? 34 : 52;
        double height = rowGap * (rows - 1) + 70;
        Svg svg = new Svg("chart lattice", WIDTH, height, "generalization lattice: anonymous nodes filled, selected node marked");
        double[][] x = new double[rows][];
        for (int h = 0; h < rows; h++) {
            int n = byHeight.get(h).size();
            x[h] = new double[n];
            for (int i = 0; i < n; i++) {
                x[h][i] = 40 + (WIDTH - 80) * (n == 1 ? 0.5 : (double) i / (n - 1));
            }
        }
        // edges first, so the nodes are drawn over them
        for (int h = 0; h + 1 < rows; h++) {
            List<LevelVector> upper = byHeight.get(h + 1);
            for (int i = 0; i < byHeight.get(h).size(); i++) {
                LevelVector v = byHeight.get(h).get(i);
                for (int j = 0; j < upper.size(); j++) {
                    if (directlyAbove(upper.get(j), v)) {
                        svg.line(x[h][i], y(h, rows, rowGap), x[h + 1][j], y(h + 1, rows, rowGap), "edge");
                    }
                }
            }
        }
        double r = Math.max(3, Math.min(9, (WIDTH - 80) / maxWidth(byHeight) / 3));
        for (int h = 0; h < rows; h++) {
            for (int i = 0; i < byHeight.get(h).size(); i++) {
                LevelVector v = byHeight.get(h).get(i);
                String cls = cssClass(view, v);
                svg.circle(x[h][i], y(h, rows, rowGap), v.equals(view.selected()) ? r + 3 : r, cls, describe(view, v));
            }
            svg.text(6, y(h, rows, rowGap) + 4, "start", "axis", "h" + h);
        }
        return svg.render();
    }

    private static String perHeight(LatticeView view) {
        int maxHeight = 0;
        for (int h : view.heights()) {
            maxHeight += h;
        }
        long[] all = new long[maxHeight + 1];
        long[] anonymous = new long[maxHeight + 1];
        count(view.heights(), 0, 0, all);
        for (LevelVector v : view.anonymous()) {
            anonymous[v.height()]++;
        }
        long widest = 0;
        for (long n : all) {
            widest = Math.max(widest, n);
        }
        double row = 22;
        double height = row * (maxHeight + 1) + 40;
        double label = 70;
        double plot = WIDTH - label - 150;
        Svg svg = new Svg("chart lattice", WIDTH, height, "lattice nodes per height: anonymous and other");
        for (int h = maxHeight; h >= 0; h--) {
            double y = 6 + (maxHeight - h) * row;
            double wAll = plot * all[h] / widest;
            double wAnon = plot * anonymous[h] / widest;
            svg.text(label - 8, y + row / 2 + 2, "end", "label", "height " + h);
            svg.rect(label, y, wAll, row - 5, "node-bar other", String.format(Locale.ROOT, "height %d: %,d nodes", h, all[h]));
            svg.rect(label, y, wAnon, row - 5, "node-bar anonymous", String.format(Locale.ROOT, "height %d: %,d anonymous", h, anonymous[h]));
            boolean selected = view.selected() != null && view.selected().height() == h;
            svg.text(label + wAll + 6, y + row / 2 + 2, "start", selected ? "value selected-label" : "value",
                    String.format(Locale.ROOT, "%,d / %,d%s", anonymous[h], all[h], selected ? "  \u25c0 selected" : ""));
        }
        svg.text(label, height - 10, "start", "axis", String.format(Locale.ROOT, "%,d nodes in all: too many to draw one by one", view.size()));
        return svg.render();
    }

    private static void count(int[] heights, int i, int sum, long[] all) {
        if (i == heights.length) {
            all[sum]++;
            return;
        }
        for (int l = 0; l <= heights[i]; l++) {
            count(heights, i + 1, sum + l, all);
        }
    }

    private static String cssClass(LatticeView view, LevelVector v) {
        String base = view.anonymous().contains(v) ? (view.minimal(v) ? "node anonymous minimal" : "node anonymous")
                : view.complete() ? "node failed" : "node unknown";
        return v.equals(view.selected()) ? base + " selected" : base;
    }

    private static String describe(LatticeView view, LevelVector v) {
        String state = view.anonymous().contains(v) ? (view.minimal(v) ? "anonymous, minimal" : "anonymous")
                : view.complete() ? "not anonymous" : "not known to be anonymous";
        return v.toString(view.quasiIdentifiers()) + ": " + state + (v.equals(view.selected()) ? ", selected" : "");
    }

    private static boolean directlyAbove(LevelVector upper, LevelVector lower) {
        int diff = 0;
        for (int i = 0; i < upper.size(); i++) {
            int d = upper.level(i) - lower.level(i);
            if (d < 0 || d > 1) {
                return false;
            }
            diff += d;
        }
        return diff == 1;
    }

    private static List<List<LevelVector>> byHeight(LatticeView view) {
        int max = 0;
        for (int h : view.heights()) {
            max += h;
        }
        List<List<LevelVector>> rows = new ArrayList<>();
        for (int h = 0; h <= max; h++) {
            rows.add(new ArrayList<>());
        }
        enumerate(view.heights(), new int[view.heights().length], 0, rows);
        return rows;
    }

    private static void enumerate(int[] heights, int[] levels, int i, List<List<LevelVector>> rows) {
        if (i == heights.length) {
            LevelVector v = new LevelVector(levels.clone());
            rows.get(v.height()).add(v);
            return;
        }
        for (int l = 0; l <= heights[i]; l++) {
            levels[i] = l;
            enumerate(heights, levels, i + 1, rows);
        }
    }

    private static double y(int h, int rows, double gap) {
        return 24 + gap * (rows - 1 - h);
    }

    private static int maxWidth(List<List<LevelVector>> rows) {
        int w = 1;
        for (List<LevelVector> r : rows) {
            w = Math.max(w, r.size());
        }
        return w;
    }
}
