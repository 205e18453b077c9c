package org.kanon.ingest;

/**
 * What pass 1 learns about one column, in constant memory: which number shapes all its values have, their widest
 * integer and fraction parts, and the longest value. {@link #type()} picks the narrowest type that holds them all.
 */
final class ColumnProfile {
    /** Derby's DECIMAL stops at 31 digits; PostgreSQL goes further, but a file should import the same on both. */
    static final int MAX_DECIMAL_PRECISION = 31;
    /** Beyond this many integer digits a value overflows DOUBLE (about 1.8e308). */
    private static final int MAX_DOUBLE_DIGITS = 308;

    private boolean anyValue;
    private boolean allIntegers = true;
    private boolean allInts = true;
    private boolean allLongs = true;
    private boolean allNumbers = true;
    private int maxIntegerDigits;
    private int maxScale;
    private int maxLength;

    /** Adds one field; the empty string is NULL and says nothing about the type. */
    void add(String value) {
        if (value.isEmpty()) {
            return;
        }
        anyValue = true;
        maxLength = Math.max(maxLength, value.length());
        if (allNumbers) {
            addNumber(value);
        }
    }

    /** Classifies {@code -?digits(.digits)?} by hand: a regex per value would dominate pass 1 on large files. */
    private void addNumber(String value) {
        int i = value.charAt(0) == '-' ? 1 : 0;
        int integerStart = i;
        while (i < value.length() && isDigit(value.charAt(i))) {
            i++;
        }
        int integerDigits = i - integerStart;
        int scale = 0;
        if (i < value.length() && value.charAt(i) == '.') {
            int fractionStart = ++i;
            while (i < value.length() && isDigit(value.charAt(i))) {
                i++;
            }
            scale = i - fractionStart;
            if (scale == 0) {
                i = -1; // "12." is not a number here
            }
        }
        // a leading zero ("007", ZIP codes such as 02134) would be lost in a number column: keep such columns text
        boolean leadingZero = integerDigits > 1 && value.charAt(integerStart) == '0';
        if (integerDigits == 0 || i != value.length() || leadingZero) {
            allNumbers = false;
            allIntegers = false;
            return;
        }
        maxIntegerDigits = Math.max(maxIntegerDigits, integerDigits);
        maxScale = Math.max(maxScale, scale);
        if (scale > 0) {
            allIntegers = false;
        } else if (allIntegers) {
            classifyInteger(value, integerDigits);
        }
    }

    private void classifyInteger(String value, int digits) {
        if (digits <= 9) {
            return; // fits int whatever the digits
        }
        if (digits > 19) {
            allInts = false;
            allLongs = false;
            return;
        }
        try {
            long v = Long.parseLong(value);
            if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
                allInts = false;
            }
        } catch (NumberFormatException tooLarge) {
            allInts = false;
            allLongs = false;
        }
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** The longest value seen, in UTF-16 units (what Derby's VARCHAR counts; PostgreSQL counts fewer or equal). */
    int maxLength() {
        return maxLength;
    }

    ColumnType type() {
        if (!anyValue) {
            return ColumnType.varchar(1);
        }
        if (allIntegers && allInts) {
            return ColumnType.INTEGER;
        }
        if (allIntegers && allLongs) {
            return ColumnType.BIGINT;
        }
        if (allNumbers) {
            int precision = maxIntegerDigits + maxScale;
            if (precision <= MAX_DECIMAL_PRECISION) {
                return ColumnType.decimal(precision, maxScale);
            }
            if (maxIntegerDigits <= MAX_DOUBLE_DIGITS) {
                return ColumnType.DOUBLE;
            }
        }
        return ColumnType.varchar(maxLength);
    }
}
