package org.kanon.privacy;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.Optional;
import org.jooq.Condition;
import org.jooq.Field;
import org.jooq.impl.DSL;
import org.kanon.InvalidInputException;

/**
 * (alpha,k)-anonymity (Wong, Li, Fu, Wang, KDD 2006): every class has at least k rows and the sensitive class
 * (the values named by {@code --value}) makes up at most alpha of it — the simple model; with no value named,
 * every value of S must make up at most alpha of every class — the general model ("alpha-rare", section 6).
 */
public record AlphaKAnonymity(int k, Share alpha, SensitiveAttribute attribute) implements PrivacyModel {
    public AlphaKAnonymity {
        if (k < 1) {
            throw new InvalidInputException("--k: must be at least 1, got " + k);
        }
    }

    public boolean simple() {
        return attribute.hasSensitiveClass();
    }

    @Override
    public Optional<SensitiveAttribute> sensitive() {
        return Optional.of(attribute);
    }

    @Override
    public boolean accepts(ClassStatistics c) {
        return c.size() >= k && alpha.bounds(simple() ? c.sensitiveRows() : c.largestValueRows(), c.size());
    }

    @Override
    public void checkFeasible(ClassStatistics table, String name) {
        new KAnonymity(k).checkAgainst(table.size(), name);
        long rows = simple() ? table.sensitiveRows() : table.largestValueRows();
        if (!alpha.bounds(rows, table.size())) {
            // Lemma 1: no class can hold a smaller share than the whole table does, on average
            throw new InvalidInputException(String.format(Locale.ROOT,
                    "--alpha %s is below the share of %s in %s (%.1f%%, %d of %d rows): no release can be (alpha,k)-anonymous (Lemma 1)",
                    alpha, simple() ? "the sensitive value(s) of " + attribute.column() : "the most frequent value of " + attribute.column(),
                    name, 100.0 * rows / table.size(), rows, table.size()));
        }
    }

    /** {@code alpha-k;alpha=<alpha>;k=<k>} (simple), {@code alpha-k-general;alpha=<alpha>;k=<k>} (general). */
    @Override
    public String code() {
        return (simple() ? ModelCode.ALPHA_K : ModelCode.ALPHA_K_GENERAL) + ";alpha=" + alpha + ";k=" + k;
    }

    @Override
    public Condition acceptsSql(Field<Long> size, Field<? extends Number> sensitiveRows, Field<? extends Number> largestValueRows,
                                Field<? extends Number> distinctValues) {
        return ModelSql.atLeastK(this, size).and(ModelSql.wide(simple() ? sensitiveRows : largestValueRows)
                .mul(DSL.inline(alpha.denominator())).le(size.mul(DSL.inline(alpha.numerator()))));
    }

    @Override
    public Optional<Condition> inSensitiveClass(Field<String> valueText) {
        return simple() ? Optional.of(valueText.in(attribute.values().stream().<Field<String>>map(DSL::inline).toList())) : Optional.empty();
    }

    /** The sensitive class's rows (simple) or the most frequent value's (general) above alpha of the class. */
    @Override
    public Condition failsBeyondK(Field<BigDecimal> valueRows, Field<BigDecimal> classSize, Field<String> valueText) {
        Field<BigDecimal> num = DSL.inline(BigDecimal.valueOf(alpha.numerator()));
        Field<BigDecimal> den = DSL.inline(BigDecimal.valueOf(alpha.denominator()));
        Field<BigDecimal> rows = simple()
                ? DSL.sum(DSL.when(inSensitiveClass(valueText).orElseThrow(), valueRows).else_(DSL.inline(BigDecimal.ZERO)))
                : DSL.max(valueRows);
        return rows.mul(den).gt(num.mul(classSize));
    }

    /** Rows missing to k, and {@code x*den - num*size} with x the sensitive class's (or largest value's) rows. */
    @Override
    public long[] shortfall(ClassStatistics c) {
        long x = simple() ? c.sensitiveRows() : c.largestValueRows();
        long excess = x * alpha.denominator() - alpha.numerator() * c.size();
        return new long[] {KAnonymity.rowsMissing(k, c), Math.max(0, excess)};
    }

    @Override
    public String failure(ClassStatistics c) {
        if (c.size() < k) {
            return KAnonymity.belowK(k, c);
        }
        return simple()
                ? String.format(Locale.ROOT, "holds the sensitive value(s) in %d of its %d rows, above alpha = %s", c.sensitiveRows(), c.size(), alpha)
                : String.format(Locale.ROOT, "holds its most frequent sensitive value in %d of its %d rows, above alpha = %s",
                        c.largestValueRows(), c.size(), alpha);
    }

    @Override
    public String toString() {
        return "(" + alpha + "," + k + ")-anonymity" + (simple() ? "" : " (general)");
    }
}
