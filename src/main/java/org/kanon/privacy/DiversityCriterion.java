package org.kanon.privacy;

import org.jooq.impl.DSL;
import org.jooq.Field;
import org.jooq.Table;
import org.jooq.Select;
import org.jooq.Record;
import org.kanon.InvalidInputException;

/**
 * Distinct or frequency l-diversity of one sensitive column ({@link LDiversity}'s two forms) as a criterion, for a
 * requirement that joins them to other criteria or to several sensitive columns. Monotone under generalization,
 * not with suppression.
 */
public record DiversityCriterion(int l, LDiversity.Form form, String column) implements AttributeCriterion {
    public DiversityCriterion {
        if (l < 1) {
            throw new InvalidInputException("--l: must be at least 1, got " + l);
        }
    }

    @Override
    public String figure() {
        return form == LDiversity.Form.DISTINCT ? "distinct values" : "rows / rows of the most frequent value";
    }

    @Override
    public String code() {
        return ModelCode.DIVERSITY + ";form=" + form.name().toLowerCase(java.util.Locale.ROOT) + ";l=" + l
                + ";sensitive=" + ModelCode.text(column);
    }

    @Override
    public ClassTest bind(Domain domain) {
        int a = domain.index(column);
        return new ClassTest() {
            @Override
            public boolean accepts(ClassDetail c) {
                ClassStatistics s = c.statistics(a);
                return form == LDiversity.Form.DISTINCT ? s.distinctValues() >= l : s.largestValueRows() * l <= s.size();
            }

            @Override
            public String failure(ClassDetail c) {
                ClassStatistics s = c.statistics(a);
                return form == LDiversity.Form.DISTINCT
                        ? "holds " + s.distinctValues() + " distinct value(s) of " + column + ", below l = " + l
                        : "holds its most frequent value of " + column + " in " + s.largestValueRows() + " of its " + s.size()
                        + " rows, more than 1/l (l = " + l + ")";
            }

            @Override
            public double deficit(ClassDetail c) {
                ClassStatistics s = c.statistics(a);
                return form == LDiversity.Form.DISTINCT ? Math.max(0, l - s.distinctValues())
                        : Math.max(0, (double) (s.largestValueRows() * l - s.size()) / Math.max(1, s.size()));
            }

            @Override
            public double measure(ClassDetail c) {
                ClassStatistics s = c.statistics(a);
                return form == LDiversity.Form.DISTINCT ? s.distinctValues() : (double) s.size() / s.largestValueRows();
            }
        };
    }

    @Override
    public Select<? extends Record> failingClasses(ClassSql sql) {
        Table<?> v = sql.perValue(column, "v");
        Field<Long> c = ClassSql.bigint("v", ClassSql.COUNT);
        return sql.ctx().select(sql.keyAs("v")).from(v).groupBy(sql.key("v"))
                .having(form == LDiversity.Form.DISTINCT ? DSL.count().lt(DSL.inline(l))
                        : DSL.max(c).mul(DSL.inline((long) l)).gt(DSL.sum(c).cast(org.jooq.impl.SQLDataType.BIGINT)));
    }

    @Override
    public String toString() {
        return (form == LDiversity.Form.DISTINCT ? "distinct " : "") + l + "-diversity of " + column;
    }
}
