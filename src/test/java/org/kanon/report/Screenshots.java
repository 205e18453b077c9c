package org.kanon.report;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import javax.imageio.ImageIO;

/**
 * Whether a screenshot shows something: the share of pixels that differ from the background (the most frequent
 * colour) and the number of distinct colours. A white page has one colour and no foreground; a page with a bar chart,
 * axis labels and text has hundreds of colours (anti-aliasing) and a visible share of foreground.
 */
public final class Screenshots {
    /** Default bar of {@link #assertDrawn(Path)}: at least 1 % of the pixels are not background... */
    public static final double MIN_FOREGROUND = 0.01;
    /** ...and at least 3 colours (a background, a fill, an edge or a text colour). */
    public static final int MIN_COLOURS = 3;

    private Screenshots() {
    }

    /**
     * What a PNG shows.
     *
     * @param width      pixels across
     * @param height     pixels down
     * @param background the most frequent colour, 0xAARRGGBB
     * @param foreground the share of pixels (0..1) whose colour is not the background's
     * @param colours    the number of distinct colours
     */
    public record Pixels(int width, int height, int background, double foreground, int colours) {
        /** Nothing drawn: below the default bars of foreground share or colours. */
        public boolean blank() {
            return foreground < MIN_FOREGROUND || colours < MIN_COLOURS;
        }

        @Override
        public String toString() {
            return String.format("%dx%d px, background #%06x, %.2f %% foreground, %d colours", width, height,
                    background & 0xffffff, foreground * 100, colours);
        }
    }

    /** Reads the PNG and counts its pixels. */
    public static Pixels analyse(Path png) throws IOException {
        BufferedImage image = ImageIO.read(png.toFile());
        if (image == null) {
            throw new IOException("not an image ImageIO can read: " + png);
        }
        int w = image.getWidth();
        int h = image.getHeight();
        int[] argb = image.getRGB(0, 0, w, h, null, 0, w);
        Map<Integer, Integer> counts = new HashMap<>();
        for (int p : argb) {
            counts.merge(p, 1, Integer::sum);
        }
        Map.Entry<Integer, Integer> mode = counts.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow();
        double foreground = argb.length == 0 ? 0 : 1.0 - (double) mode.getValue() / argb.length;
        return new Pixels(w, h, mode.getKey(), foreground, counts.size());
    }

    /** Fails unless the PNG shows something by the default bars; returns its numbers for further checks. */
    public static Pixels assertDrawn(Path png) throws IOException {
        return assertDrawn(png, MIN_FOREGROUND, MIN_COLOURS);
    }

    /** Fails unless at least {@code minForeground} of the pixels are not background and there are {@code minColours}. */
    public static Pixels assertDrawn(Path png, double minForeground, int minColours) throws IOException {
        Pixels p = analyse(png);
        if (p.foreground() < minForeground || p.colours() < minColours) {
            throw new AssertionError("screenshot " + png + " looks blank: " + p + " (wanted at least "
                    + minForeground * 100 + " % foreground and " + minColours + " colours)");
        }
        return p;
    }
}
