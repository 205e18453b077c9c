package org.kanon.privacy;

import org.jooq.impl.DSL;
import org.jooq.Field;
import org.jooq.Table;
import org.jooq.Select;
import org.jooq.Record;
import java.util.Locale;
import java.util.Optional;
import org.kanon.InvalidInputException;

/**
 * delta-presence (Nergiz, Atzori, Clifton, "Hiding the Presence of Individuals from Shared Databases", SIGMOD
 * 2007, Definition 3): the released table is a sample of a population table, and in every class of the generalized
 * population the share of sample rows lies in [dmin, dmax] — a class without sample rows has 0, so it fails when
 * dmin > 0. Decided in integers. Monotone under generalization (a union's share is a weighted mean of its parts'),
 * but not with suppression: suppressing a class's sample rows moves its share to 0, below dmin, so a search with a
 * suppression allowance is refused.
 */
public record DeltaPresence(Ratio dmin, Ratio dmax, String table) implements Criterion {
    public DeltaPresence {
        Ratio one = new Ratio(1, 1);
        if (dmax.signum() <= 0 || dmax.compareTo(one) > 0 || dmin.compareTo(dmax) > 0) {
            throw new InvalidInputException("--presence: expected DMIN,DMAX with 0 <= DMIN <= DMAX <= 1 and DMAX > 0, got " + dmin + "," + dmax);
        }
    }

    @Override
    public Optional<String> population() {
        return Optional.of(table);
    }

    @Override
    public boolean monotoneWithSuppression() {
        return false;
    }

    @Override
    public String figure() {
        return "share of the population released";
    }

    @Override
    public String code() {
        return ModelCode.DELTA_PRESENCE + ";dmin=" + dmin + ";dmax=" + dmax + ";population=" + ModelCode.text(table);
    }

    @Override
    public ClassTest bind(Domain domain) {
        return new ClassTest() {
            @Override
            public boolean accepts(ClassDetail c) {
                return c.population() > 0 && dmin.compareShare(c.size(), c.population()) >= 0 && dmax.compareShare(c.size(), c.population()) <= 0;
            }

            @Override
            public String failure(ClassDetail c) {
                return String.format(Locale.ROOT, "holds %d of the %d matching rows of %s, outside [%s, %s] (delta-presence)",
                        c.size(), c.population(), table, dmin, dmax);
            }

            @Override
            public double measure(ClassDetail c) {
                return c.population() == 0 ? 0 : (double) c.size() / c.population();
            }
        };
    }

    /** Classes of the population whose share of the table's rows (0 without any) lies outside [dmin, dmax]. */
    @Override
    public Select<? extends Record> failingClasses(ClassSql sql) {
        Table<?> pc = sql.population("pc");
        Table<?> z = sql.inner(sql.sizes(), "z");
        Field<Long> n = DSL.coalesce(ClassSql.bigint("z", ClassSql.SIZE), DSL.inline(0L));
        Field<Long> p = ClassSql.bigint("pc", ClassSql.POPULATION);
        return sql.ctx().select(sql.keyAs("pc")).from(pc).leftJoin(z).on(sql.sameClass("pc", "z"))
                .where(DSL.not(n.mul(DSL.inline(dmin.denominator())).ge(p.mul(DSL.inline(dmin.numerator())))
                        .and(n.mul(DSL.inline(dmax.denominator())).le(p.mul(DSL.inline(dmax.numerator()))))));
    }

    @Override
    public String toString() {
        return "(" + dmin + "," + dmax + ")-presence in " + table;
    }
}
