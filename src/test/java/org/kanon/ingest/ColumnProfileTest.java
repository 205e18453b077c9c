package org.kanon.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ColumnProfileTest {

    private static String typeOf(String... values) {
        ColumnProfile p = new ColumnProfile();
        for (String v : values) {
            p.add(v);
        }
        return p.type().sqlType();
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
        assertEquals("DOUBLE", typeOf("1".repeat(31) + ".5"));
        assertEquals("DOUBLE", typeOf("1".repeat(32)));
    }

    @Test
    void numbersBeyondDoubleStayText() {
        assertEquals("VARCHAR(309)", typeOf("9".repeat(309)));
        assertEquals("DOUBLE", typeOf("9".repeat(308)));
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
