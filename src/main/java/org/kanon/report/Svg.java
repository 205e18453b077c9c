package org.kanon.report;

import java.util.Locale;

/**
 * An SVG picture written element by element, in a viewBox of the given size that scales to the page's width. The
 * charts are drawn here, on the server, so the report needs no script and no library at view time: it renders the
 * same in any browser, printed, or with scripts blocked (as many mail and intranet viewers do).
 */
final class Svg {
    private final StringBuilder b = new StringBuilder();

    Svg(String cssClass, double width, double height, String label) {
        b.append(String.format(Locale.ROOT, "<svg class=\"%s\" viewBox=\"0 0 %.0f %.0f\" role=\"img\" aria-label=\"%s\" "
                + "xmlns=\"http://www.w3.org/2000/svg\">", cssClass, width, height, Html.escape(label)));
    }

    Svg rect(double x, double y, double w, double h, String cssClass, String title) {
        b.append(String.format(Locale.ROOT, "<rect class=\"%s\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\">", cssClass, x, y,
                Math.max(0, w), Math.max(0, h)));
        return titled(title, "rect");
    }

    Svg rect(double x, double y, double w, double h, String cssClass, String fill, String title) {
        b.append(String.format(Locale.ROOT, "<rect class=\"%s\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\">", cssClass,
                x, y, Math.max(0, w), Math.max(0, h), fill));
        return titled(title, "rect");
    }

    Svg circle(double cx, double cy, double r, String cssClass, String title) {
        b.append(String.format(Locale.ROOT, "<circle class=\"%s\" cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\">", cssClass, cx, cy, r));
        return titled(title, "circle");
    }

    Svg line(double x1, double y1, double x2, double y2, String cssClass) {
        b.append(String.format(Locale.ROOT, "<line class=\"%s\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>", cssClass, x1, y1, x2, y2));
        return this;
    }

    /** Text anchored at start, middle or end. */
    Svg text(double x, double y, String anchor, String cssClass, String text) {
        b.append(String.format(Locale.ROOT, "<text class=\"%s\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\">%s</text>", cssClass, x, y, anchor,
                Html.escape(text)));
        return this;
    }

    private Svg titled(String title, String element) {
        if (title != null) {
            b.append("<title>").append(Html.escape(title)).append("</title>");
        }
        b.append("</").append(element).append('>');
        return this;
    }

    String render() {
        return b + "</svg>";
    }
}
