package org.kanon.ingest;

import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import org.jooq.DataType;
import org.jooq.impl.SQLDataType;

/** The SQL type inferred for one column, and how a CSV value of it is bound to an INSERT. */
record ColumnType(Kind kind, int length, int precision, int scale) {

    enum Kind { INTEGER, BIGINT, DECIMAL, VARCHAR }

    static final ColumnType INTEGER = new ColumnType(Kind.INTEGER, 0, 0, 0);
    static final ColumnType BIGINT = new ColumnType(Kind.BIGINT, 0, 0, 0);

    static ColumnType decimal(int precision, int scale) {
        return new ColumnType(Kind.DECIMAL, 0, precision, scale);
    }

    static ColumnType varchar(int length) {
        return new ColumnType(Kind.VARCHAR, Math.max(1, length), 0, 0);
    }

    DataType<?> dataType() {
        return switch (kind) {
            case INTEGER -> SQLDataType.INTEGER;
            case BIGINT -> SQLDataType.BIGINT;
            case DECIMAL -> SQLDataType.DECIMAL(precision, scale);
            case VARCHAR -> SQLDataType.VARCHAR(length);
        };
    }

    boolean isNumber() {
        return kind != Kind.VARCHAR;
    }

    /** As a user reads it in the import summary; the same words on both databases. */
    String sqlType() {
        return switch (kind) {
            case DECIMAL -> "DECIMAL(" + precision + "," + scale + ")";
            case VARCHAR -> "VARCHAR(" + length + ")";
            default -> kind.name();
        };
    }

    /**
     * Binds one value with the setter of its type, so the driver sends numbers as numbers. The empty string is
     * NULL. Throws NumberFormatException if the value does not fit the type, which only happens when the file
     * changed after it was checked.
     */
    void bind(PreparedStatement statement, int index, String value) throws SQLException {
        if (value.isEmpty()) {
            statement.setNull(index, jdbcType());
            return;
        }
        switch (kind) {
            case INTEGER -> statement.setInt(index, Integer.parseInt(value));
            case BIGINT -> statement.setLong(index, Long.parseLong(value));
            case DECIMAL -> statement.setBigDecimal(index, decimalValue(value));
            case VARCHAR -> {
                if (value.length() > length) {
                    throw new NumberFormatException("longer than " + length);
                }
                statement.setString(index, value);
            }
        }
    }

    /**
     * The value as the database's own input syntax reads it back equal (for a bulk load, which sends text): numbers
     * written out as Java parsed them, text as it is; null for the empty string (NULL). Throws NumberFormatException
     * as {@link #bind} does.
     */
    String text(String value) {
        if (value.isEmpty()) {
            return null;
        }
        return switch (kind) {
            case INTEGER -> Integer.toString(Integer.parseInt(value));
            case BIGINT -> Long.toString(Long.parseLong(value));
            case DECIMAL -> decimalValue(value).toPlainString();
            case VARCHAR -> {
                if (value.length() > length) {
                    throw new NumberFormatException("longer than " + length);
                }
                yield value;
            }
        };
    }

    private BigDecimal decimalValue(String value) {
        BigDecimal d = new BigDecimal(value);
        if (d.scale() > scale || d.precision() - d.scale() > precision - scale) {
            throw new NumberFormatException("does not fit " + sqlType());
        }
        return d;
    }

    int jdbcType() {
        return switch (kind) {
            case INTEGER -> Types.INTEGER;
            case BIGINT -> Types.BIGINT;
            case DECIMAL -> Types.DECIMAL;
            case VARCHAR -> Types.VARCHAR;
        };
    }
}
