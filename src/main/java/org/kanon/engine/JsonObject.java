package org.kanon.engine;

import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/** A JSON object written field by field, in insertion order: just enough JSON for the reports and the CLI's --format json. */
public final class JsonObject {
    private final StringBuilder fields = new StringBuilder();

    public JsonObject put(String name, String value) {
        return putRaw(name, value == null ? "null" : quote(value));
    }

    public JsonObject put(String name, long value) {
        return putRaw(name, Long.toString(value));
    }

    public JsonObject put(String name, Long value) {
        return putRaw(name, value == null ? "null" : value.toString());
    }

    public JsonObject put(String name, double value) {
        return putRaw(name, number(value));
    }

    /** An undefined figure is {@code null}. */
    public JsonObject put(String name, OptionalDouble value) {
        return putRaw(name, value.isPresent() ? number(value.getAsDouble()) : "null");
    }

    public JsonObject put(String name, boolean value) {
        return putRaw(name, Boolean.toString(value));
    }

    /** A nested object; {@code null} stays null. */
    public JsonObject put(String name, JsonObject value) {
        return putRaw(name, value == null ? "null" : value.render());
    }

    /** An array of strings. */
    public JsonObject putStrings(String name, List<String> values) {
        return putRaw(name, "[" + String.join(",", values.stream().map(JsonObject::quote).toList()) + "]");
    }

    /** An array of whole numbers. */
    public JsonObject putInts(String name, int[] values) {
        return putRaw(name, java.util.Arrays.toString(values).replace(" ", ""));
    }

    /** An array of objects. */
    public JsonObject putObjects(String name, List<JsonObject> values) {
        return putRaw(name, array(values));
    }

    /** The objects as one JSON array. */
    public static String array(List<JsonObject> values) {
        return "[" + String.join(",", values.stream().map(JsonObject::render).toList()) + "]";
    }

    public JsonObject putRaw(String name, String json) {
        if (fields.length() > 0) {
            fields.append(',');
        }
        fields.append(quote(name)).append(':').append(json);
        return this;
    }

    public String render() {
        return "{" + fields + "}";
    }

    /** JSON has no NaN or infinity: those are {@code null}. */
    public static String number(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "null";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        return Double.toString(v);
    }

    public static String quote(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }
}
