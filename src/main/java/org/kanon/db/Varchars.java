package org.kanon.db;

/** Text for the catalog's VARCHAR columns: databases refuse a longer value (Derby enforces widths), so it is cut. */
public final class Varchars {
    private Varchars() {
    }

    /** {@code s} as it is when it fits {@code width} characters, else cut to fit with "..." at the end; null stays null. */
    public static String fit(String s, int width) {
        return s == null || s.length() <= width ? s : s.substring(0, width - 3) + "...";
    }
}
