package org.kanon.schema.hierarchy;

import java.math.BigDecimal;
import java.sql.Types;
import java.util.Collection;
import java.util.List;
import org.kanon.InvalidInputException;
import org.kanon.db.dialect.TableLimits;
import org.kanon.schema.Column;

/**
 * The type of a dimension table's key column V: the source column's type, widened so that every leaf of the
 * hierarchy fits. A hierarchy usually lists more values than the table holds (ARX's marital-status file has
 * "Married-spouse-absent" while ten imported rows make the column VARCHAR(18)); those rows are harmless, as they
 * never meet a row of the table, but they must be storable. Equality with the source column is unaffected: a
 * VARCHAR(21) compares with a VARCHAR(18), a BIGINT with an INTEGER, a DECIMAL(7,3) with a DECIMAL(5,2).
 * A DECIMAL wider than the database's exact numbers ({@link TableLimits#maxDecimalPrecision()}) is refused: a
 * floating-point key would make distinct leaves equal, and a text key would not compare with the column.
 */
final class DimensionKeyType {
    private DimensionKeyType() {
    }

    /**
     * The column to type V like: {@code column} itself when every leaf already fits it.
     *
     * @throws InvalidInputException when a DECIMAL would need more digits than {@code limits} allow; the message
     *     names the leaf's file:line:column and the limit, not the value
     */
    static Column of(Column column, Hierarchy hierarchy, TableLimits limits) {
        Collection<String> leaves = hierarchy.leafValues();
        return switch (column.jdbcType()) {
            case Types.CHAR, Types.NCHAR, Types.VARCHAR, Types.NVARCHAR, Types.LONGVARCHAR, Types.LONGNVARCHAR ->
                    withSize(column, Math.max(column.size(), widest(leaves)), column.scale());
            case Types.DECIMAL, Types.NUMERIC -> decimal(column, hierarchy, limits);
            case Types.TINYINT, Types.SMALLINT, Types.INTEGER -> integral(column, leaves);
            default -> column;
        };
    }

    private static int widest(Collection<String> leaves) {
        int width = 0;
        for (String leaf : leaves) {
            width = Math.max(width, leaf.length());
        }
        return width;
    }

    /** Enough digits before and after the point for the column's values and every leaf's, within the limit. */
    private static Column decimal(Column column, Hierarchy hierarchy, TableLimits limits) {
        int integerDigits = Math.max(0, column.size() - column.scale());
        int scale = Math.max(0, column.scale());
        List<List<String>> rows = hierarchy.rows();
        for (int r = 0; r < rows.size(); r++) {
            String leaf = rows.get(r).get(0);
            BigDecimal value = leaf == null ? null : parseDecimal(leaf);
            if (value != null && value.signum() != 0) {
                BigDecimal plain = value.stripTrailingZeros();
                integerDigits = Math.max(integerDigits, plain.precision() - plain.scale());
                scale = Math.max(scale, plain.scale());
                if (integerDigits + scale > limits.maxDecimalPrecision()) {
                    throw tooManyDigits(column, hierarchy.fieldLocation(r, 0), integerDigits + scale, limits);
                }
            }
        }
        return integerDigits + scale == column.size() && scale == column.scale()
                ? column : withSize(column, Math.max(1, integerDigits + scale), scale);
    }

    /** SMALLINT or INTEGER grows to BIGINT when a leaf is out of its range; a leaf that is no integer stays an error. */
    private static Column integral(Column column, Collection<String> leaves) {
        long max = column.jdbcType() == Types.INTEGER ? Integer.MAX_VALUE : Short.MAX_VALUE;
        long min = column.jdbcType() == Types.INTEGER ? Integer.MIN_VALUE : Short.MIN_VALUE;
        for (String leaf : leaves) {
            try {
                long value = Long.parseLong(leaf.trim());
                if (value > max || value < min) {
                    return new Column(column.name(), column.position(), Types.BIGINT, "BIGINT", 19, 0, column.nullable());
                }
            } catch (NumberFormatException e) {
                // reported with file and line when the leaves are read in the column's type
            }
        }
        return column;
    }

    /** The digits are counted with the column's and the earlier leaves', as one DECIMAL(p,s) must hold them all. */
    private static InvalidInputException tooManyDigits(Column column, String where, int digits, TableLimits limits) {
        return new InvalidInputException("hierarchy for '" + column.name() + "' (" + where + "): the dimension table's key "
                + "would need " + digits + " digits to hold this value with the column's and those on the lines above, more than the "
                + limits.maxDecimalPrecision() + " of a " + limits.database() + " DECIMAL; round or shorten the values");
    }

    private static BigDecimal parseDecimal(String text) {
        try {
            return new BigDecimal(text.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static Column withSize(Column column, int size, int scale) {
        return new Column(column.name(), column.position(), column.jdbcType(), column.typeName(), size, scale, column.nullable());
    }
}
