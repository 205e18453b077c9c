package org.kanon.privacy;

import org.jooq.impl.DSL;
import org.jooq.Field;
import org.jooq.Table;
import org.jooq.Select;
import org.jooq.Record;
import java.util.Optional;
import org.kanon.InvalidInputException;

/**
 * k-map (Sweeney's k-map; El Emam and Dankar, "Protecting Privacy Using k-Anonymity", JAMIA 2008): the released
 * table is a sample of a population table, and every class that holds a sample row matches at least k rows of the
 * population, generalized alike. Monotone under generalization and with suppression: a coarser class that fails
 * has fewer than k population rows, so every class merged into it failed too, and no more rows fail.
 */
public record KMap(int k, String table) implements Criterion {
    public KMap {
        if (k < 1) {
            throw new InvalidInputException("--k-map: must be at least 1, got " + k);
        }
    }

    @Override
    public Optional<String> population() {
        return Optional.of(table);
    }

    @Override
    public boolean monotoneWithSuppression() {
        return true;
    }

    @Override
    public String figure() {
        return "population rows matched";
    }

    @Override
    public String code() {
        return ModelCode.K_MAP + ";k=" + k + ";population=" + ModelCode.text(table);
    }

    @Override
    public ClassTest bind(Domain domain) {
        return new ClassTest() {
            @Override
            public boolean accepts(ClassDetail c) {
                return c.size() == 0 || c.population() >= k;
            }

            @Override
            public String failure(ClassDetail c) {
                return "matches " + c.population() + " row(s) of " + table + ", below k = " + k + " (k-map)";
            }

            @Override
            public double measure(ClassDetail c) {
                return c.population();
            }
        };
    }

    /** Classes of the table matching fewer than k population rows (none: 0). */
    @Override
    public Select<? extends Record> failingClasses(ClassSql sql) {
        Table<?> z = sql.sizes("z");
        Table<?> pc = sql.population("pc");
        return sql.ctx().select(sql.keyAs("z")).from(z).leftJoin(pc).on(sql.sameClass("z", "pc"))
                .where(DSL.coalesce(ClassSql.bigint("pc", ClassSql.POPULATION), DSL.inline(0L)).lt(DSL.inline((long) k)));
    }

    @Override
    public String toString() {
        return k + "-map in " + table;
    }
}
