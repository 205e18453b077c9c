package org.kanon.engine;

import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/**
 * One way to print a moment: ISO date and time to the second, always with the seconds ({@link LocalDateTime#toString}
 * drops them when they are :00, so one column of {@code release list} had two widths).
 */
public final class Timestamps {
    private static final DateTimeFormatter SECONDS = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss");

    private Timestamps() {
    }

    /** {@code 2026-11-29T05:36:00}; null stays null. */
    public static String format(LocalDateTime t) {
        return t == null ? null : SECONDS.format(t);
    }
}
