package org.kanon.privacy;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.Optional;
import org.jooq.Condition;
import org.jooq.Field;
import org.jooq.impl.DSL;
import org.kanon.InvalidInputException;

/**
 * l-diversity of the sensitive attribute in every class: in the frequency form of the permutation paper the most
 * frequent value holds at most |E|/l of the class's rows; in the distinct form the class holds at least l distinct
 * values. Every class also has at least k rows.
 */
public record LDiversity(int k, int l, Form form, SensitiveAttribute attribute) implements PrivacyModel {

    public enum Form {
        FREQUENCY, DISTINCT;

        public static Form parse(String text) {
            return switch (text.toLowerCase(Locale.ROOT)) {
                case "frequency" -> FREQUENCY;
                case "distinct" -> DISTINCT;
                default -> throw new InvalidInputException("--diversity: expected frequency, distinct, entropy or recursive, got '" + text + "'");
            };
        }
    }

    public LDiversity {
        if (k < 1) {
            throw new InvalidInputException("--k: must be at least 1, got " + k);
        }
        if (l < 1) {
            throw new InvalidInputException("--l: must be at least 1, got " + l);
        }
        if (attribute.hasSensitiveClass()) {
            throw new InvalidInputException("--value: l-diversity counts every value of the sensitive attribute; --value belongs to --alpha");
        }
    }

    @Override
    public Optional<SensitiveAttribute> sensitive() {
        return Optional.of(attribute);
    }

    @Override
    public boolean accepts(ClassStatistics c) {
        return c.size() >= k && (form == Form.FREQUENCY ? c.largestValueRows() * l <= c.size() : c.distinctValues() >= l);
    }

    @Override
    public void checkFeasible(ClassStatistics table, String name) {
        new KAnonymity(k).checkAgainst(table.size(), name);
        if (form == Form.FREQUENCY && table.largestValueRows() * l > table.size()) {
            throw new InvalidInputException(String.format(Locale.ROOT,
                    "--l %d: the most frequent value of %s holds %d of the %d rows of %s, more than |T|/l = %d: no release can be %d-diverse",
                    l, attribute.column(), table.largestValueRows(), table.size(), name, table.size() / l, l));
        }
        if (form == Form.DISTINCT && table.distinctValues() < l) {
            throw new InvalidInputException(String.format(Locale.ROOT,
                    "--l %d: %s has only %d distinct value(s) in %s: no release can be distinct %d-diverse",
                    l, attribute.column(), table.distinctValues(), name, l));
        }
    }

    /** {@code l-diversity;form=frequency|distinct;l=<l>;k=<k>}. */
    @Override
    public String code() {
        return ModelCode.L_DIVERSITY + ";form=" + form.name().toLowerCase(Locale.ROOT) + ";l=" + l + ";k=" + k;
    }

    @Override
    public Condition acceptsSql(Field<Long> size, Field<? extends Number> sensitiveRows, Field<? extends Number> largestValueRows,
                                Field<? extends Number> distinctValues) {
        return ModelSql.atLeastK(this, size).and(form == Form.FREQUENCY
                ? ModelSql.wide(largestValueRows).mul(DSL.inline((long) l)).le(size)
                : ModelSql.wide(distinctValues).ge(DSL.inline((long) l)));
    }

    /**
     * Frequency: the most frequent value holds more than 1/l of the class; distinct: fewer than l (class, value)
     * groups, where a NULL value counts as one value, as in the algorithm.
     */
    @Override
    public Condition failsBeyondK(Field<BigDecimal> valueRows, Field<BigDecimal> classSize, Field<String> valueText) {
        return form == Form.FREQUENCY
                ? DSL.max(valueRows).mul(DSL.inline(BigDecimal.valueOf(l))).gt(classSize)
                : DSL.count().lt(DSL.inline(l));
    }

    /** Rows missing to k, and {@code largest*l - size} (frequency) or {@code l - distinct} (distinct). */
    @Override
    public long[] shortfall(ClassStatistics c) {
        long excess = form == Form.FREQUENCY ? c.largestValueRows() * l - c.size() : l - c.distinctValues();
        return new long[] {KAnonymity.rowsMissing(k, c), Math.max(0, excess)};
    }

    @Override
    public String failure(ClassStatistics c) {
        if (c.size() < k) {
            return KAnonymity.belowK(k, c);
        }
        return form == Form.DISTINCT
                ? "holds " + c.distinctValues() + " distinct sensitive value(s), below l = " + l
                : "holds its most frequent sensitive value in " + c.largestValueRows() + " of its " + c.size() + " rows, more than 1/l (l = " + l + ")";
    }

    @Override
    public String toString() {
        return (form == Form.DISTINCT ? "distinct " : "") + l + "-diversity" + (k > 1 ? " with k=" + k : "");
    }
}
