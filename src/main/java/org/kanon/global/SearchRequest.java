package org.kanon.global;

/**
 * What a full-domain search looks for: nodes where the rows in classes smaller than k number at most
 * {@code suppressionAllowance} (those rows are suppressed by the release).
 */
public record SearchRequest(int k, long suppressionAllowance) {
    public SearchRequest {
        if (k < 1 || suppressionAllowance < 0) {
            throw new IllegalArgumentException("k=" + k + " allowance=" + suppressionAllowance);
        }
    }

    boolean accepts(org.kanon.frequency.FrequencySummary summary) {
        return summary.rowsBelowK() <= suppressionAllowance;
    }
}
