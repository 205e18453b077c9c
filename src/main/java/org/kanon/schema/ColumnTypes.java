package org.kanon.schema;

import java.math.BigDecimal;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import org.jooq.DataType;
import org.jooq.impl.SQLDataType;

/**
 * How a column's values look on the Java side: the jOOQ type to bind and fetch them with, how to read one from
 * text (a hierarchy file), and a normal form in which equal SQL values are equal Java values (2.50 = 2.5).
 */
public final class ColumnTypes {
    private ColumnTypes() {
    }

    public static DataType<?> dataType(Column c) {
        return switch (c.jdbcType()) {
            case Types.TINYINT, Types.SMALLINT -> SQLDataType.SMALLINT;
            case Types.INTEGER -> SQLDataType.INTEGER;
            case Types.BIGINT -> SQLDataType.BIGINT;
            case Types.DECIMAL, Types.NUMERIC -> SQLDataType.DECIMAL(Math.max(1, c.size()), Math.max(0, c.scale()));
            case Types.REAL, Types.FLOAT, Types.DOUBLE -> SQLDataType.DOUBLE;
            case Types.DATE -> SQLDataType.LOCALDATE;
            case Types.TIMESTAMP -> SQLDataType.LOCALDATETIME;
            case Types.CHAR, Types.NCHAR -> SQLDataType.CHAR(Math.max(1, c.size()));
            default -> c.size() > 0 && c.size() <= 32672 ? SQLDataType.VARCHAR(c.size()) : SQLDataType.VARCHAR(32672);
        };
    }

    /** Reads a value given as text in the column's type; throws IllegalArgumentException when it is not one. */
    public static Object parse(Column c, String text) {
        String t = text.trim();
        try {
            return switch (c.jdbcType()) {
                case Types.TINYINT, Types.SMALLINT -> Short.valueOf(t);
                case Types.INTEGER -> Integer.valueOf(t);
                case Types.BIGINT -> Long.valueOf(t);
                case Types.DECIMAL, Types.NUMERIC -> new BigDecimal(t);
                case Types.REAL, Types.FLOAT, Types.DOUBLE -> Double.valueOf(t);
                case Types.DATE -> LocalDate.parse(t.length() > 10 ? t.substring(0, 10) : t);
                case Types.TIMESTAMP -> LocalDateTime.parse(t.replace(' ', 'T'));
                default -> text;
            };
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("'" + abbreviate(text) + "' is not a value of type " + c.sqlType(), e);
        }
    }

    /** A canonical form for set membership across the text and SQL sides. */
    public static Object normalize(Object value) {
        if (value instanceof Short || value instanceof Integer || value instanceof Long) {
            return ((Number) value).longValue();
        }
        if (value instanceof BigDecimal b) {
            return b.signum() == 0 ? BigDecimal.ZERO : b.stripTrailingZeros();
        }
        if (value instanceof java.sql.Date d) {
            return d.toLocalDate();
        }
        if (value instanceof java.sql.Timestamp ts) {
            return ts.toLocalDateTime();
        }
        return value;
    }

    public static String abbreviate(String value) {
        return value.length() <= 40 ? value : value.substring(0, 37) + "...";
    }
}
