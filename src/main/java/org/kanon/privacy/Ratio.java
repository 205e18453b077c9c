package org.kanon.privacy;

import java.math.BigDecimal;
import java.math.BigInteger;
import org.kanon.InvalidInputException;

/**
 * A non-negative decimal parameter kept as an exact fraction numerator/denominator (like {@link Share}, but not
 * bounded by 1: recursive diversity's c may be any positive number), so that the comparisons a model makes between
 * counts are exact in Java and in SQL alike.
 */
public record Ratio(long numerator, long denominator) {

    /** {@code text} as a decimal of at most 9 places; {@code what} names the option in the error. */
    public static Ratio parse(String option, String text) {
        BigDecimal value = decimal(option, text, "a number");
        if (value.signum() < 0) {
            throw new InvalidInputException(option + ": must not be negative, got " + text);
        }
        if (value.compareTo(BigDecimal.valueOf(1_000_000_000L)) > 0) {
            throw new InvalidInputException(option + ": at most 1000000000, got " + text);
        }
        return of(value);
    }

    /** {@code text} as a number of at most 9 decimals; {@code expected} says what the option takes, in the error. */
    static BigDecimal decimal(String option, String text, String expected) {
        BigDecimal value;
        try {
            value = new BigDecimal(text.trim());
        } catch (NumberFormatException e) {
            throw new InvalidInputException(option + ": expected " + expected + ", got '" + text + "'");
        }
        if (value.scale() > 9) {
            throw new InvalidInputException(option + ": at most 9 decimals, got " + text);
        }
        return value;
    }

    /** A decimal of at most 9 places as the exact fraction of its digits over a power of ten. */
    static Ratio of(BigDecimal value) {
        BigDecimal v = value.stripTrailingZeros();
        int scale = Math.max(0, v.scale());
        return new Ratio(v.movePointRight(scale).longValueExact(), BigDecimal.TEN.pow(scale).longValueExact());
    }

    public double value() {
        return (double) numerator / denominator;
    }

    public int signum() {
        return Long.signum(numerator);
    }

    /** Compares {@code part / whole} with this ratio exactly: negative, 0 or positive as {@code part / whole} is below, equal to or above it. */
    public int compareShare(long part, long whole) {
        return BigInteger.valueOf(part).multiply(BigInteger.valueOf(denominator))
                .compareTo(BigInteger.valueOf(numerator).multiply(BigInteger.valueOf(whole)));
    }

    public int compareTo(Ratio other) {
        return BigInteger.valueOf(numerator).multiply(BigInteger.valueOf(other.denominator))
                .compareTo(BigInteger.valueOf(other.numerator).multiply(BigInteger.valueOf(denominator)));
    }

    @Override
    public String toString() {
        return BigDecimal.valueOf(numerator).divide(BigDecimal.valueOf(denominator)).toPlainString();
    }
}
