package org.kanon.privacy;

import java.math.BigDecimal;
import org.kanon.InvalidInputException;

/**
 * A share such as alpha, kept as an exact fraction numerator/denominator (0.3 = 3/10) so that "count / size <=
 * alpha" is decided in integers, in Java and in the re-check SQL alike: 3 of 10 rows is exactly 0.3, never 0.30000000000000004.
 */
public record Share(long numerator, long denominator) {

    public static Share parse(String option, String text) {
        BigDecimal value = Ratio.decimal(option, text, "a number in (0, 1]");
        if (value.signum() <= 0 || value.compareTo(BigDecimal.ONE) > 0) {
            throw new InvalidInputException(option + ": must be in (0, 1], got " + text);
        }
        Ratio exact = Ratio.of(value);
        return new Share(exact.numerator(), exact.denominator());
    }

    /** {@code part / whole <= this}, exactly. */
    public boolean bounds(long part, long whole) {
        return Math.multiplyHigh(part, denominator) == 0 && Math.multiplyHigh(numerator, whole) == 0
                ? part * denominator <= numerator * whole
                : BigDecimal.valueOf(part).multiply(BigDecimal.valueOf(denominator))
                        .compareTo(BigDecimal.valueOf(numerator).multiply(BigDecimal.valueOf(whole))) <= 0;
    }

    @Override
    public String toString() {
        return BigDecimal.valueOf(numerator).divide(BigDecimal.valueOf(denominator)).toPlainString();
    }
}
