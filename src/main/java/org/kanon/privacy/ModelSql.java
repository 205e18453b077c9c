package org.kanon.privacy;

import org.jooq.Condition;
import org.jooq.Field;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;

/**
 * A model's verdict on one class as a SQL condition over the class's figures (columns or aggregates), for the
 * checks that run in the database and for the re-check SQL stored with a release. In integers only, like
 * {@link PrivacyModel#accepts}: alpha as numerator/denominator, l-diversity as a product. Each model builds its own
 * condition ({@link PrivacyModel#acceptsSql}); the helpers here are the parts they share.
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
        return model.acceptsSql(wide(size), sensitiveRows, largestValueRows, distinctValues);
    }

    /** The class holds at least k rows; {@code size} as {@link #wide} made it. */
    static Condition atLeastK(PrivacyModel model, Field<Long> size) {
        return size.ge(DSL.inline((long) model.k()));
    }

    /** A figure as BIGINT, so products of counts cannot overflow the database's INTEGER. */
    static Field<Long> wide(Field<? extends Number> f) {
        return f.cast(SQLDataType.BIGINT);
    }
}
