package org.kanon.report;

import java.util.Locale;

/** Escaping and number formats shared by the report's parts. */
final class Html {
    private Html() {
    }

    static String escape(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    static String percent(double share) {
        if (Double.isNaN(share)) {
            return "n/a";
        }
        double p = share * 100;
        return String.format(Locale.ROOT, p != 0 && Math.abs(p) < 0.1 ? "%.3f %%" : "%.1f %%", p);
    }

    static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    static String number(double v) {
        if (Double.isNaN(v)) {
            return "n/a";
        }
        return String.format(Locale.ROOT, Math.abs(v) >= 1000 ? "%,.0f" : "%.4f", v);
    }
}
