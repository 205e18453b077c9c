package org.kanon.privacy;

import org.jooq.impl.SQLDataType;
import java.util.List;
import java.util.ArrayList;
import org.jooq.impl.DSL;
import org.jooq.Field;
import org.jooq.Table;
import org.jooq.Select;
import org.jooq.Record;
import java.util.Arrays;
import java.util.Locale;
import org.kanon.InvalidInputException;

/**
 * Recursive (c,l)-diversity (Machanavajjhala et al., ICDE 2006, Definition 4.2): with a class's counts of the
 * sensitive column sorted descending, r1 >= r2 >= ... >= rm, {@code r1 < c (r_l + r_(l+1) + ... + r_m)}; a class
 * with fewer than l values fails. Decided in integers (c as a fraction). Monotone under generalization (the
 * paper's section 4.3); not with suppression.
 */
public record RecursiveCLDiversity(Ratio c, int l, String column) implements AttributeCriterion {

    public RecursiveCLDiversity {
        if (l < 1) {
            throw new InvalidInputException("--l: must be at least 1, got " + l);
        }
        if (c.signum() <= 0) {
            throw new InvalidInputException("--c: must be above 0, got " + c);
        }
    }

    /** {@code r_l + ... + r_m} of the nonzero counts sorted descending, or -1 when fewer than l values occur. */
    static long tail(long[] counts, int l, long[] largest) {
        long[] sorted = Arrays.stream(counts).filter(n -> n > 0).sorted().toArray();
        int m = sorted.length;
        if (m < l || m == 0) {
            return -1;
        }
        largest[0] = sorted[m - 1];
        long tail = 0;
        for (int i = 0; i <= m - l; i++) { // ascending: r_m .. r_l
            tail += sorted[i];
        }
        return tail;
    }

    @Override
    public String figure() {
        return "r1 / (r_l + ... + r_m), below c";
    }

    @Override
    public String code() {
        return ModelCode.RECURSIVE_CL + ";c=" + c + ";l=" + l + ";sensitive=" + ModelCode.text(column);
    }

    @Override
    public ClassTest bind(Domain domain) {
        int a = domain.index(column);
        return new ClassTest() {
            @Override
            public boolean accepts(ClassDetail d) {
                long[] r1 = new long[1];
                long tail = tail(d.histogram(a), l, r1);
                return tail >= 0 && c.compareShare(r1[0], tail) < 0;
            }

            @Override
            public String failure(ClassDetail d) {
                long[] r1 = new long[1];
                long tail = tail(d.histogram(a), l, r1);
                return tail < 0 ? "holds fewer than l = " + l + " distinct values of " + column
                        : String.format(Locale.ROOT, "holds its most frequent value of %s in %d rows, not below c = %s times the %d rows of its values from the %d-th on",
                                column, r1[0], c, tail, l);
            }

            /** Values missing to l, then the excess of r1 over c times the tail as a share of the class. */
            @Override
            public double deficit(ClassDetail d) {
                if (accepts(d)) {
                    return 0;
                }
                ClassStatistics s = d.statistics(a);
                long[] r1 = new long[1];
                long tail = Math.max(0, tail(d.histogram(a), l, r1));
                double excess = (r1[0] - (double) c.numerator() / c.denominator() * tail) / Math.max(1, s.size());
                return Math.max(0, l - s.distinctValues()) + Math.max(1e-9, excess);
            }

            @Override
            public double measure(ClassDetail d) {
                long[] r1 = new long[1];
                long tail = tail(d.histogram(a), l, r1);
                return tail <= 0 ? Double.POSITIVE_INFINITY : (double) r1[0] / tail;
            }
        };
    }

    /**
     * Classes with fewer than l values, or with {@code r1 >= c (n - top)}, top being the rows of the l-1 most
     * frequent values. Without window functions (Derby has none over partitions): the sum of the m largest counts is
     * {@code min over tau of (m tau + sum max(0, c - tau))}, tau ranging over the class's counts, so one self-join of
     * the counts per class gives it.
     */
    @Override
    public Select<? extends Record> failingClasses(ClassSql sql) {
        Table<?> a = sql.perValue(column, "a");
        Table<?> b = sql.inner(sql.perValue(column), "b");
        Field<Long> ac = ClassSql.bigint("a", ClassSql.COUNT);
        Field<Long> bc = ClassSql.bigint("b", ClassSql.COUNT);
        List<Field<?>> select = new ArrayList<>(sql.keyAs("a"));
        select.add(ac.as(DSL.name("tau")));
        select.add(DSL.inline((long) (l - 1)).mul(ac).plus(DSL.sum(DSL.when(bc.gt(ac), bc.minus(ac)).else_(DSL.inline(0L))))
                .cast(SQLDataType.BIGINT).as(DSL.name("x")));
        List<Field<?>> groups = new ArrayList<>(sql.key("a"));
        groups.add(DSL.field(DSL.name("a", ClassSql.VALUE)));
        groups.add(ac);
        Table<?> t = sql.ctx().select(select).from(a).join(b).on(sql.sameClass("a", "b")).groupBy(groups).asTable(DSL.name("t"));
        Field<Long> tau = ClassSql.bigint("t", "tau");
        Field<Long> x = ClassSql.bigint("t", "x");
        return sql.ctx().select(sql.keyAs("t")).from(t).groupBy(sql.key("t"))
                .having(DSL.count().lt(DSL.inline(l)).or(DSL.max(tau).mul(DSL.inline(c.denominator()))
                        .ge(DSL.inline(c.numerator()).mul(DSL.sum(tau).minus(DSL.min(x))))));
    }

    @Override
    public String toString() {
        return "recursive (" + c + "," + l + ")-diversity of " + column;
    }
}
