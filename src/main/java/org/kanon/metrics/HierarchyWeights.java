package org.kanon.metrics;

import java.util.Locale;

/**
 * The weighted hierarchical distance (WHD, Definition 5 of the TKDE local-recoding paper) between the levels of one
 * hierarchy. The paper numbers levels from the root (1) down to the raw values (h); kanon numbers them up from the
 * raw values (0) to the root (height), so a hierarchy of kanon height H has the paper's h = H + 1 levels and the
 * step from kanon level l to l + 1 is the paper's step from level j = H + 1 - l to j - 1.
 * <ul>
 *   <li>{@link #uniform()}: every step weighs 1, so WHD is the share of the hierarchy's steps taken.</li>
 *   <li>{@link #height(double)}: the paper's step weight 1 / (j - 1)^beta, which is 1 / (H - l)^beta in kanon's
 *       numbering: steps near the root weigh more.</li>
 * </ul>
 * WHD is additive along a path, so the distortion of generalizing a cell in several steps is the sum of the steps'
 * distortions (the paper's Lemma 2 rests on this).
 */
public final class HierarchyWeights {
    private final double beta;

    private HierarchyWeights(double beta) {
        this.beta = beta;
    }

    public static HierarchyWeights uniform() {
        return new HierarchyWeights(0);
    }

    /** @param beta at least 1, as the paper requires */
    public static HierarchyWeights height(double beta) {
        if (!(beta >= 1) || Double.isInfinite(beta)) {
            throw new IllegalArgumentException("beta must be a finite number >= 1, got " + beta);
        }
        return new HierarchyWeights(beta);
    }

    public boolean isUniform() {
        return beta == 0;
    }

    /** 0 for uniform weights. */
    public double beta() {
        return beta;
    }

    /** Weight of the step from kanon level {@code level} to {@code level + 1} in a hierarchy of the given height. */
    double step(int height, int level) {
        return isUniform() ? 1.0 : 1.0 / Math.pow(height - level, beta);
    }

    /**
     * {@code c[l]} = WHD of generalizing a raw value to level l, for l = 0..height; all zeros when height is 0 (a QI
     * without hierarchy cannot be generalized). WHD(from, to) = c[to] - c[from].
     */
    public double[] cumulative(int height) {
        double[] c = new double[height + 1];
        if (height == 0) {
            return c;
        }
        double total = 0;
        for (int l = 0; l < height; l++) {
            total += step(height, l);
        }
        double sum = 0;
        for (int l = 0; l < height; l++) {
            sum += step(height, l);
            c[l + 1] = sum / total;
        }
        c[height] = 1.0;
        return c;
    }

    /** WHD of generalizing a cell from level {@code from} to level {@code to} (from <= to, kanon numbering). */
    public double whd(int height, int from, int to) {
        if (from < 0 || to > height || from > to) {
            throw new IllegalArgumentException("levels " + from + " -> " + to + " outside 0.." + height);
        }
        double[] c = cumulative(height);
        return c[to] - c[from];
    }

    @Override
    public String toString() {
        return isUniform() ? "uniform" : String.format(Locale.ROOT, "height(beta=%s)", beta);
    }
}
