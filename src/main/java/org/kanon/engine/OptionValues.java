package org.kanon.engine;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import org.kanon.InvalidInputException;

/** Parsing of option values shared by several families (weights, sizes, percentages), with errors naming the option. */
final class OptionValues {
    private OptionValues() {
    }

    /** "1,2.5,0" -> per-QI weights; null stays null. */
    static double[] weights(String text) {
        if (text == null) {
            return null;
        }
        List<String> parts = OptionLists.names("--weights", text);
        double[] w = new double[parts.size()];
        for (int i = 0; i < w.length; i++) {
            try {
                w[i] = Double.parseDouble(parts.get(i));
            } catch (NumberFormatException e) {
                throw new InvalidInputException("--weights: '" + parts.get(i) + "' (position " + (i + 1) + ") is not a number");
            }
            if (w[i] < 0 || Double.isNaN(w[i]) || Double.isInfinite(w[i])) {
                throw new InvalidInputException("--weights: weight " + parts.get(i) + " must be a finite number >= 0");
            }
        }
        return w;
    }

    /** "512m", "2g", "1024" -> bytes; "50%" -> that share of the JVM's maximum heap (-Xmx). */
    static long size(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.endsWith("%")) {
            try {
                int percent = Integer.parseInt(t.substring(0, t.length() - 1).trim());
                if (percent < 0 || percent > 100) {
                    throw new NumberFormatException();
                }
                return Runtime.getRuntime().maxMemory() / 100 * percent;
            } catch (NumberFormatException e) {
                throw new InvalidInputException("--memory-budget: a share of the heap is 0% to 100%, got '" + text + "'");
            }
        }
        long unit = 1;
        if (t.endsWith("k")) {
            unit = 1L << 10;
        } else if (t.endsWith("m")) {
            unit = 1L << 20;
        } else if (t.endsWith("g")) {
            unit = 1L << 30;
        }
        String digits = unit == 1 ? t : t.substring(0, t.length() - 1);
        try {
            long n = Long.parseLong(digits);
            if (n < 0) {
                throw new NumberFormatException();
            }
            return Math.multiplyExact(n, unit);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new InvalidInputException("--memory-budget: expected a size such as 512m or 2g, or a share of the heap such as 50%, got '"
                    + text + "'");
        }
    }

    /** "10%" or "0.1" -> 0.1. */
    static double percent(String option, String text) {
        String t = text.trim();
        try {
            BigDecimal v = t.endsWith("%") ? new BigDecimal(t.substring(0, t.length() - 1).trim()).movePointLeft(2) : new BigDecimal(t);
            if (v.signum() < 0 || v.compareTo(BigDecimal.ONE) > 0) {
                throw new InvalidInputException(option + ": must be between 0 % and 100 %, got " + text);
            }
            return v.doubleValue();
        } catch (NumberFormatException e) {
            throw new InvalidInputException(option + ": expected a percentage such as 10% or a fraction such as 0.1, got '" + text + "'");
        }
    }
}
