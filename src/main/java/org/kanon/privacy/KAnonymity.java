package org.kanon.privacy;

import java.math.BigDecimal;
import org.jooq.Condition;
import org.jooq.Field;
import org.jooq.impl.DSL;
import org.kanon.InvalidInputException;

/**
 * k-anonymity (Samarati and Sweeney, 1998; Incognito section 1.1): every count in the frequency set is at least k.
 * Monotone under generalization, which is what lets the lattice searches prune.
 */
public record KAnonymity(int k) implements PrivacyModel {
    public KAnonymity {
        if (k < 1) {
            throw new InvalidInputException("--k: must be at least 1, got " + k);
        }
    }

    /** A k above the row count can never hold; refused up front rather than reported as "not anonymous". */
    public void checkAgainst(long rows, String table) {
        if (k > rows) {
            throw new InvalidInputException("--k: " + k + " is larger than the " + rows + " row(s) of " + table);
        }
    }

    @Override
    public java.util.Optional<SensitiveAttribute> sensitive() {
        return java.util.Optional.empty();
    }

    @Override
    public boolean accepts(ClassStatistics c) {
        return c.size() >= k;
    }

    @Override
    public void checkFeasible(ClassStatistics table, String name) {
        checkAgainst(table.size(), name);
    }

    /** {@code k-anonymity;k=<k>}. */
    @Override
    public String code() {
        return ModelCode.K_ANONYMITY + ";k=" + k;
    }

    @Override
    public Condition acceptsSql(Field<Long> size, Field<? extends Number> sensitiveRows, Field<? extends Number> largestValueRows,
                                Field<? extends Number> distinctValues) {
        return ModelSql.atLeastK(this, size);
    }

    /** Never asked: the re-check of a k-anonymous release counts classes without a sensitive attribute. */
    @Override
    public Condition failsBeyondK(Field<BigDecimal> valueRows, Field<BigDecimal> classSize, Field<String> valueText) {
        return DSL.falseCondition();
    }

    @Override
    public long[] shortfall(ClassStatistics c) {
        return new long[] {rowsMissing(k, c)};
    }

    @Override
    public String failure(ClassStatistics c) {
        return belowK(k, c);
    }

    /** Rows a class lacks to reach k (0 when it has enough). */
    static long rowsMissing(int k, ClassStatistics c) {
        return Math.max(0, k - c.size());
    }

    /** What a class below k fails. */
    static String belowK(int k, ClassStatistics c) {
        return "holds " + c.size() + " row(s), below k = " + k;
    }

    @Override
    public String toString() {
        return k + "-anonymity";
    }
}
