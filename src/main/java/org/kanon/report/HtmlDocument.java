package org.kanon.report;

/**
 * One self-contained HTML page: its style sheet inline and nothing fetched at view time (no script, font, image or
 * style from anywhere), so the file can be mailed, archived with the release and opened offline years later. The
 * Content-Security-Policy meta tag makes the browser itself refuse anything the page would fetch.
 */
final class HtmlDocument {
    private static final String STYLE = """
            :root { --before: #9a9a9a; --after: #0072b2; --ok: #009e73; --bad: #d55e00; --sel: #e69f00; --ink: #1d2327; --muted: #5f6b73; }
            * { box-sizing: border-box; }
            body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: var(--ink);
                   margin: 0; background: #f4f6f8; }
            main { max-width: 1000px; margin: 0 auto; padding: 24px 28px 40px; background: #fff; }
            header h1 { font-size: 26px; margin: 0 0 4px; }
            header p { margin: 2px 0; color: var(--muted); }
            h2 { font-size: 19px; margin: 34px 0 8px; padding-bottom: 4px; border-bottom: 1px solid #dde3e8; }
            p.internal { margin: 14px 0 0; padding: 6px 10px; border-left: 4px solid var(--sel); background: #fff8e6; font-size: 13.5px; }
            p.explain { color: var(--muted); margin: 4px 0 10px; font-size: 14px; }
            .cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(170px, 1fr)); gap: 10px; margin-top: 18px; }
            .card { border: 1px solid #dde3e8; border-radius: 6px; padding: 10px 12px; }
            .card .name { color: var(--muted); font-size: 13px; }
            .card .value { font-size: 20px; font-weight: 600; }
            .card .was { color: var(--muted); font-size: 13px; }
            table { border-collapse: collapse; width: 100%; font-size: 14px; margin: 6px 0; }
            th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid #eef1f4; vertical-align: top; }
            td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
            .legend { font-size: 13px; color: var(--muted); margin: 4px 0; }
            .legend span { display: inline-block; width: 12px; height: 12px; margin: 0 4px -1px 12px; border-radius: 2px; }
            svg.chart { width: 100%; height: auto; display: block; }
            svg .grid { stroke: #e3e7eb; stroke-width: 1; }
            svg .axis, svg .value { font-size: 12px; fill: var(--muted); }
            svg .axis-title, svg .label { font-size: 13px; fill: var(--ink); }
            svg .selected-label { fill: #a86a00; font-weight: 600; }
            svg .bar.before, .legend .before { fill: var(--before); background: var(--before); }
            svg .bar.after, .legend .after { fill: var(--after); background: var(--after); }
            svg .seg { stroke: #fff; stroke-width: 1; }
            svg .seg.nolevel { fill: #cfd4d8; }
            svg .seg-label { font-size: 11px; fill: #1d2327; }
            svg .seg-label.dark { fill: #fff; }
            svg .limit { stroke: var(--bad); stroke-width: 2; stroke-dasharray: 5 3; }
            svg .edge { stroke: #c9d0d6; stroke-width: 0.7; }
            svg .node { stroke-width: 1.5; }
            svg .node.anonymous, .legend .anonymous { fill: #a7dcc9; stroke: var(--ok); background: #a7dcc9; }
            svg .node.minimal, .legend .minimal { fill: var(--ok); stroke: #005c44; background: var(--ok); }
            svg .node.failed, .legend .failed { fill: #fff; stroke: #c4a99a; background: #f3e6df; }
            svg .node.unknown { fill: #fff; stroke: #c9d0d6; }
            svg .node.selected, .legend .selected { fill: var(--sel); stroke: #7a4f00; stroke-width: 3; background: var(--sel); }
            svg .node-bar.other { fill: #e9ecef; }
            svg .node-bar.anonymous { fill: var(--ok); }
            pre { background: #f6f8fa; border: 1px solid #e3e7eb; border-radius: 6px; padding: 10px 12px; font-size: 12.5px; overflow-x: auto;
                  white-space: pre-wrap; word-break: break-word; }
            footer { margin-top: 36px; color: var(--muted); font-size: 12.5px; }
            @media print { body { background: #fff; } main { padding: 0; } h2 { break-after: avoid; } svg, table { break-inside: avoid; } }
            """;

    private final StringBuilder body = new StringBuilder();
    private final String title;

    HtmlDocument(String title) {
        this.title = title;
    }

    HtmlDocument raw(String html) {
        body.append(html).append('\n');
        return this;
    }

    HtmlDocument heading(String text) {
        return raw("<h2>" + Html.escape(text) + "</h2>");
    }

    HtmlDocument section(String id) {
        return raw("<section id=\"" + Html.escape(id) + "\">");
    }

    HtmlDocument end() {
        return raw("</section>");
    }

    HtmlDocument explain(String text) {
        return raw("<p class=\"explain\">" + Html.escape(text) + "</p>");
    }

    String render() {
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:\">\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                + "<title>" + Html.escape(title) + "</title>\n<style>\n" + STYLE + "</style>\n</head>\n<body>\n<main>\n"
                + body + "</main>\n</body>\n</html>\n";
    }
}
