package org.kanon.permutation.metrics;

/** A probability as the paper writes it, numerator over denominator, so an example's arithmetic can be checked. */
public record Ratio(double numerator, double denominator) {

    public double value() {
        return numerator / denominator;
    }

    @Override
    public String toString() {
        return numerator + "/" + denominator;
    }
}
