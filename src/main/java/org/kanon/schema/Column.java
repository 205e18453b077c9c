package org.kanon.schema;

import java.sql.Types;

/** A column of an existing table, with the exact spelling and type the database reports. */
public record Column(String name, int position, int jdbcType, String typeName, int size, int scale, boolean nullable) {

    public boolean isNumeric() {
        return switch (jdbcType) {
            case Types.TINYINT, Types.SMALLINT, Types.INTEGER, Types.BIGINT, Types.DECIMAL, Types.NUMERIC,
                    Types.REAL, Types.FLOAT, Types.DOUBLE -> true;
            default -> false;
        };
    }

    public boolean isIntegral() {
        return switch (jdbcType) {
            case Types.TINYINT, Types.SMALLINT, Types.INTEGER, Types.BIGINT -> true;
            case Types.DECIMAL, Types.NUMERIC -> scale == 0;
            default -> false;
        };
    }

    /** Whether values are text of their own length (VARCHAR), where trailing blanks are part of a value as written. */
    public boolean isVaryingText() {
        return jdbcType == Types.VARCHAR || jdbcType == Types.NVARCHAR;
    }

    public boolean isTemporal() {
        return jdbcType == Types.DATE || jdbcType == Types.TIMESTAMP || jdbcType == Types.TIMESTAMP_WITH_TIMEZONE;
    }

    /** The type as DDL would spell it, for the catalog and for key columns typed like this one. */
    public String sqlType() {
        return switch (jdbcType) {
            case Types.VARCHAR, Types.CHAR, Types.NVARCHAR, Types.NCHAR -> size > 0 && size < 100_000 ? typeName + "(" + size + ")" : typeName;
            case Types.DECIMAL, Types.NUMERIC -> typeName + "(" + size + "," + scale + ")";
            default -> typeName;
        };
    }
}
