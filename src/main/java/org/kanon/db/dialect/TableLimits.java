package org.kanon.db.dialect;

/**
 * What one table can hold on this database, so a file that does not fit is refused with the limit named before
 * anything is written (rather than failing inside CREATE TABLE or INSERT). Each database's are its profile's
 * ({@link DatabaseProfile#tableLimits()}).
 *
 * @param database            the database's name as a user reads it in messages
 * @param maxColumns          columns per table (Derby 1012, PostgreSQL 1600)
 * @param maxVarchar          the longest VARCHAR(n) (Derby 32,672; PostgreSQL 10,485,760)
 * @param maxDecimalPrecision digits of an exact DECIMAL/NUMERIC(p,s) (Derby 31; PostgreSQL 1000)
 */
public record TableLimits(String database, int maxColumns, int maxVarchar, int maxDecimalPrecision) {
    public static final TableLimits DERBY = new TableLimits("Derby", 1012, 32_672, 31);
    public static final TableLimits POSTGRES = new TableLimits("PostgreSQL", 1600, 10_485_760, 1000);
}
