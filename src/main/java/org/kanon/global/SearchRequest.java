package org.kanon.global;

import org.kanon.progress.Step;

/**
 * What a full-domain search looks for: nodes where the rows in classes smaller than k number at most
 * {@code suppressionAllowance} (those rows are suppressed by the release). The search advances {@code nodesChecked}
 * per node it checks, as its {@code nodesChecked} figure counts them.
 */
public record SearchRequest(int k, long suppressionAllowance, Step nodesChecked) {
    public SearchRequest {
        if (k < 1 || suppressionAllowance < 0) {
            throw new IllegalArgumentException("k=" + k + " allowance=" + suppressionAllowance);
        }
        nodesChecked = nodesChecked == null ? Step.NONE : nodesChecked;
    }

    /** A search nobody watches. */
    public SearchRequest(int k, long suppressionAllowance) {
        this(k, suppressionAllowance, Step.NONE);
    }

    boolean accepts(org.kanon.frequency.FrequencySummary summary) {
        return summary.rowsBelowK() <= suppressionAllowance;
    }
}
