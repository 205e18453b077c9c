package org.kanon.privacy;

import java.util.Locale;
import java.util.Optional;

/**
 * t-closeness (Li, Li, Venkatasubramanian, ICDE 2007, Definition 2): the Earth Mover's Distance between the
 * sensitive column's distribution in every class and in the whole table is at most t, under the equal,
 * hierarchical or ordered ground distance ({@link EarthMoversDistance}). Monotone under generalization (the EMD is
 * convex in the class's distribution, and a union's distribution is a weighted mean of its parts': the paper's
 * generalization property); not with suppression. Distances are compared with a tolerance of
 * {@value EntropyLDiversity#TOLERANCE}, so a class exactly at t passes whatever order the sums were made in.
 */
public record TCloseness(Share t, EarthMoversDistance.Ground ground, String column) implements Criterion {

    @Override
    public Optional<String> sensitiveColumn() {
        return Optional.of(column);
    }

    @Override
    public boolean readsSensitiveHierarchy() {
        return ground == EarthMoversDistance.Ground.HIERARCHICAL;
    }

    @Override
    public boolean monotoneWithSuppression() {
        return false;
    }

    @Override
    public String code() {
        return ModelCode.T_CLOSENESS + ";t=" + t + ";distance=" + ground.label() + ";sensitive=" + ModelCode.text(column);
    }

    @Override
    public ClassTest bind(Domain domain) {
        int a = domain.index(column);
        EarthMoversDistance emd = ground.bind(domain.columns().get(a));
        double most = (double) t.numerator() / t.denominator() + EntropyLDiversity.TOLERANCE;
        return new ClassTest() {
            @Override
            public boolean accepts(ClassDetail c) {
                return emd.distance(c.histogram(a), c.size()) <= most;
            }

            @Override
            public String failure(ClassDetail c) {
                return String.format(Locale.ROOT, "has a distribution of %s at an earth mover's distance of %.4f from the table's, above t = %s",
                        column, emd.distance(c.histogram(a), c.size()), t);
            }

            @Override
            public double measure(ClassDetail c) {
                return emd.distance(c.histogram(a), c.size());
            }
        };
    }

    @Override
    public String toString() {
        return t + "-closeness of " + column + " (" + ground.label() + " distance)";
    }
}
