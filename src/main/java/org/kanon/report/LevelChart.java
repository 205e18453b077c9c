package org.kanon.report;

import java.util.List;
import java.util.Locale;
import org.kanon.metrics.AttributeLevels;

/**
 * How far each quasi-identifier was generalized: one bar per attribute, split by the share of its cells at each
 * hierarchy level, from level 0 (as collected, lightest) to the root (darkest). A global recoding puts every cell
 * of an attribute at one level; a local recoding spreads them, which is what KACA's inconsistency measures. Cells
 * at no level of the hierarchy (Mondrian's ranges) are a hatched part of their own.
 */
final class LevelChart {
    private static final double WIDTH = 760;
    private static final double LABEL = 170;
    private static final double ROW = 30;
    /** Level shades, light to dark (ColorBrewer's sequential Blues, 9 classes). */
    private static final String[] SHADES = {"#f7fbff", "#deebf7", "#c6dbef", "#9ecae1", "#6baed6", "#4292c6", "#2171b5", "#08519c", "#08306b"};

    private LevelChart() {
    }

    static String render(List<AttributeLevels> attributes) {
        double height = ROW * attributes.size() + 40;
        Svg svg = new Svg("chart levels", WIDTH, height, "share of cells at each hierarchy level, per quasi-identifier");
        double plot = WIDTH - LABEL - 20;
        for (int a = 0; a < attributes.size(); a++) {
            AttributeLevels at = attributes.get(a);
            double y = 6 + a * ROW;
            svg.text(LABEL - 8, y + ROW / 2 + 2, "end", "label", at.name() + " (height " + at.height() + ")");
            long cells = at.cells();
            double x = LABEL;
            for (int level = 0; level <= at.height(); level++) {
                long n = at.cells(level);
                if (n == 0 || cells == 0) {
                    continue;
                }
                double w = plot * n / cells;
                svg.rect(x, y, w, ROW - 8, "seg", shade(level, at.height()), String.format(Locale.ROOT, "%s: %s of cells at level %d of %d",
                        at.name(), Html.percent((double) n / cells), level, at.height()));
                if (w > 34) {
                    svg.text(x + w / 2, y + ROW / 2 + 1, "middle", level * 2 > at.height() ? "seg-label dark" : "seg-label", "L" + level);
                }
                x += w;
            }
            if (at.cellsWithoutLevel() > 0 && cells > 0) {
                double w = plot * at.cellsWithoutLevel() / cells;
                svg.rect(x, y, w, ROW - 8, "seg nolevel", at.name() + ": " + Html.percent((double) at.cellsWithoutLevel() / cells)
                        + " of cells at no level of the hierarchy (ranges)");
            }
        }
        svg.text(LABEL, height - 8, "start", "axis", "0 %");
        svg.text(LABEL + plot, height - 8, "end", "axis", "100 % of the attribute's cells");
        return svg.render();
    }

    /** Level 0 lightest, the root darkest, whatever the height. */
    static String shade(int level, int height) {
        if (height == 0) {
            return SHADES[0];
        }
        return SHADES[(int) Math.round((double) level / height * (SHADES.length - 1))];
    }
}
