package org.kanon.cli;

import java.util.Locale;

/**
 * One flat JSON object written field by field, in insertion order, for the reports of the commands in this package
 * (the metrics package's writer is private to it). No NaN or infinity in JSON: those are {@code null}.
 */
final class JsonFields {
    private final StringBuilder fields = new StringBuilder();

    JsonFields put(String name, String value) {
        return raw(name, value == null ? "null" : quote(value));
    }

    JsonFields put(String name, long value) {
        return raw(name, Long.toString(value));
    }

    JsonFields put(String name, double value) {
        return raw(name, Double.isNaN(value) || Double.isInfinite(value) ? "null" : Double.toString(value));
    }

    JsonFields put(String name, boolean value) {
        return raw(name, Boolean.toString(value));
    }

    private JsonFields raw(String name, String json) {
        if (fields.length() > 0) {
            fields.append(',');
        }
        fields.append(quote(name)).append(':').append(json);
        return this;
    }

    String render() {
        return "{" + fields + "}";
    }

    private static String quote(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> b.append(c < 0x20 ? String.format(Locale.ROOT, "\\u%04x", (int) c) : String.valueOf(c));
            }
        }
        return b.append('"').toString();
    }
}
