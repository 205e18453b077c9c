package org.kanon.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.kanon.db.dialect.TableLimits;

class ColumnProfileTest {

    private static String typeOf(String... values) {
        return typeOf(TableLimits.DERBY, values);
    }

    private static String typeOf(TableLimits limits, String... values) {
        ColumnProfile p = new ColumnProfile();
        for (String v : values) {
            p.add(v);
        }
        return p.type(limits.maxDecimalPrecision()).sqlType();
    }

    @Test
    void integersWidenFromIntToBigintToDecimal() {
        assertEquals("INTEGER", typeOf("0", "-5", "2147483647", "-2147483648"));
        assertEquals("BIGINT", typeOf("1", "2147483648"));
        assertEquals("BIGINT", typeOf("-9223372036854775808", "9223372036854775807"));
        assertEquals("DECIMAL(19,0)", typeOf("9223372036854775808"));
    }

    @Test
    void decimalsGetPrecisionAndScaleFromTheWidestParts() {
        assertEquals("DECIMAL(6,3)", typeOf("123.4", "-1.125", "7"));
        assertEquals("DECIMAL(2,1)", typeOf("0.5"));
        assertEquals("DECIMAL(31,1)", typeOf("1".repeat(30) + ".5"));
    }

    /** Issue 19 item 7: never a floating-point type, which made two distinct 35-digit ids equal. */
    @Test
    void numbersWiderThanTheDatabasesDecimalStayExactText() {
        assertEquals("VARCHAR(33)", typeOf("1".repeat(31) + ".5"));
        assertEquals("VARCHAR(35)", typeOf("1".repeat(35)));
        assertEquals("DECIMAL(32,1)", typeOf(TableLimits.POSTGRES, "1".repeat(31) + ".5"));
        assertEquals("DECIMAL(35,0)", typeOf(TableLimits.POSTGRES, "1".repeat(35)));
        assertEquals("DECIMAL(33,10)", typeOf(TableLimits.POSTGRES, "1".repeat(23) + "." + "1".repeat(10)));
        assertEquals("VARCHAR(1001)", typeOf(TableLimits.POSTGRES, "9".repeat(1001)));
        assertEquals("VARCHAR(400)", typeOf("9".repeat(400)));
    }

    @Test
    void anythingElseIsTextAsLongAsItsLongestValue() {
        assertEquals("VARCHAR(3)", typeOf("1", "abc"));
        assertEquals("VARCHAR(5)", typeOf("02134", "12345"), "a leading zero is data, e.g. a ZIP code");
        assertEquals("VARCHAR(2)", typeOf("1.", "2"));
        assertEquals("VARCHAR(2)", typeOf(".5"));
        assertEquals("VARCHAR(2)", typeOf("+5"));
        assertEquals("VARCHAR(1)", typeOf("-"));
        assertEquals("VARCHAR(3)", typeOf(" 39"), "values are not trimmed");
        assertEquals("VARCHAR(3)", typeOf("1e5"));
    }

    @Test
    void emptyValuesAreNullAndSayNothing() {
        assertEquals("INTEGER", typeOf("", "3", ""));
        assertEquals("VARCHAR(1)", typeOf("", ""));
        assertEquals("VARCHAR(1)", typeOf());
    }
}
