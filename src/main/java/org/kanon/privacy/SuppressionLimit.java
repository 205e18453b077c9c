package org.kanon.privacy;

import java.math.BigDecimal;
import java.math.RoundingMode;
import org.kanon.InvalidInputException;

/**
 * How many rows may be suppressed to reach the privacy requirement (Incognito's tuple-suppression threshold):
 * a number of rows, or a percentage of the table. Rows of classes smaller than k are the ones suppressed.
 */
public record SuppressionLimit(long rows, BigDecimal percent) {
    public static final SuppressionLimit NONE = new SuppressionLimit(0, null);

    public SuppressionLimit {
        if (rows < 0 || (percent != null && (percent.signum() < 0 || percent.compareTo(BigDecimal.valueOf(100)) > 0))) {
            throw new InvalidInputException("--suppression: must be a row count >= 0 or a percentage in 0..100%");
        }
    }

    /** {@code 25} (rows) or {@code 2.5%} (of the table). */
    public static SuppressionLimit parse(String text) {
        if (text == null || text.isBlank()) {
            return NONE;
        }
        String t = text.trim();
        try {
            if (t.endsWith("%")) {
                return new SuppressionLimit(0, new BigDecimal(t.substring(0, t.length() - 1).trim()));
            }
            return new SuppressionLimit(Long.parseLong(t), null);
        } catch (NumberFormatException e) {
            throw new InvalidInputException("--suppression: expected a row count (e.g. 25) or a percentage (e.g. 2%), got '" + t + "'");
        }
    }

    /** The number of rows that may be suppressed in a table of this size. */
    public long allowance(long tableRows) {
        if (percent == null) {
            return rows;
        }
        return percent.multiply(BigDecimal.valueOf(tableRows)).divide(BigDecimal.valueOf(100), 0, RoundingMode.FLOOR).longValue();
    }

    @Override
    public String toString() {
        return percent == null ? Long.toString(rows) : percent.stripTrailingZeros().toPlainString() + "%";
    }
}
