package org.kanon.privacy;

import org.jooq.impl.DSL;
import org.jooq.Field;
import org.jooq.Table;
import org.jooq.Select;
import org.jooq.Record;
import java.util.Locale;
import org.kanon.InvalidInputException;

/**
 * Entropy l-diversity (Machanavajjhala, Gehrke, Kifer, Venkitasubramaniam, "l-Diversity: Privacy Beyond
 * k-Anonymity", ICDE 2006, Definition 4.1): the Shannon entropy (natural logarithm) of the sensitive column's
 * distribution in every class is at least ln l, {@code -sum p(s) ln p(s) >= ln l}. Monotone under generalization
 * (the entropy of a union is at least the least entropy of its parts, entropy being concave); not with suppression.
 * Entropies are compared with a tolerance of {@value #TOLERANCE}, so that a class exactly at ln l (two values
 * of equal count for l = 2) passes whatever order the logarithms were summed in.
 */
public record EntropyLDiversity(int l, String column) implements AttributeCriterion {
    static final double TOLERANCE = 1e-9;

    public EntropyLDiversity {
        if (l < 1) {
            throw new InvalidInputException("--l: must be at least 1, got " + l);
        }
    }

    /** {@code -sum p ln p} of a histogram (0 for an empty one). */
    public static double entropy(long[] counts) {
        long n = 0;
        for (long c : counts) {
            n += c;
        }
        double h = 0;
        for (long c : counts) {
            if (c > 0) {
                double p = (double) c / n;
                h -= p * Math.log(p);
            }
        }
        return h;
    }

    @Override
    public String figure() {
        return "l reached (e to the entropy)";
    }

    @Override
    public String code() {
        return ModelCode.ENTROPY_L + ";l=" + l + ";sensitive=" + ModelCode.text(column);
    }

    @Override
    public ClassTest bind(Domain domain) {
        int a = domain.index(column);
        double least = Math.log(l) - TOLERANCE;
        return new ClassTest() {
            @Override
            public boolean accepts(ClassDetail c) {
                return entropy(c.histogram(a)) >= least;
            }

            @Override
            public String failure(ClassDetail c) {
                return String.format(Locale.ROOT, "has an entropy of %s of %.4f, below ln %d = %.4f", column, entropy(c.histogram(a)), l, Math.log(l));
            }

            @Override
            public double measure(ClassDetail c) {
                return Math.exp(entropy(c.histogram(a)));
            }

            @Override
            public double deficit(ClassDetail c) {
                return Math.max(0, least - entropy(c.histogram(a)));
            }
        };
    }

    /** Classes whose {@code n ln n - sum c ln c} is below {@code n (ln l - tolerance)}, that is entropy below ln l. */
    @Override
    public Select<? extends Record> failingClasses(ClassSql sql) {
        Table<?> v = sql.perValue(column, "v");
        Field<Double> c = ClassSql.real(ClassSql.bigint("v", ClassSql.COUNT));
        Field<Double> n = ClassSql.real(DSL.sum(c));
        Field<Double> sumClnC = ClassSql.real(DSL.sum(c.mul(ClassSql.real(DSL.ln(c)))));
        return sql.ctx().select(sql.keyAs("v")).from(v).groupBy(sql.key("v"))
                .having(n.mul(ClassSql.real(DSL.ln(n))).minus(sumClnC).lt(n.mul(DSL.inline(Math.log(l) - TOLERANCE))));
    }

    @Override
    public String toString() {
        return "entropy " + l + "-diversity of " + column;
    }
}
