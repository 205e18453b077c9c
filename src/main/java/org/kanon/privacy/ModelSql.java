package org.kanon.privacy;

import org.jooq.Condition;
import org.jooq.Field;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;

/**
 * A model's verdict on one class as a SQL condition over the class's figures (columns or aggregates), for the
 * checks that run in the database and for the re-check SQL stored with a release. In integers only, like
 * {@link PrivacyModel#accepts}: alpha as numerator/denominator, l-diversity as a product.
 */
public final class ModelSql {
    private ModelSql() {
    }

    /**
     * True for a class that satisfies the model; {@code sensitiveRows}, {@code largestValueRows} and
     * {@code distinctValues} may be null when the model does not read them (k-anonymity).
     */
    public static Condition accepts(PrivacyModel model, Field<? extends Number> size, Field<? extends Number> sensitiveRows,
                                    Field<? extends Number> largestValueRows, Field<? extends Number> distinctValues) {
        Field<Long> n = wide(size);
        Condition atLeastK = n.ge(DSL.inline((long) model.k()));
        if (model instanceof AlphaKAnonymity a) {
            return atLeastK.and(wide(a.simple() ? sensitiveRows : largestValueRows)
                    .mul(DSL.inline(a.alpha().denominator())).le(n.mul(DSL.inline(a.alpha().numerator()))));
        }
        if (model instanceof LDiversity l) {
            return atLeastK.and(l.form() == LDiversity.Form.FREQUENCY
                    ? wide(largestValueRows).mul(DSL.inline((long) l.l())).le(n)
                    : wide(distinctValues).ge(DSL.inline((long) l.l())));
        }
        return atLeastK;
    }

    private static Field<Long> wide(Field<? extends Number> f) {
        return f.cast(SQLDataType.BIGINT);
    }
}
