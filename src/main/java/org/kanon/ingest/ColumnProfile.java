package org.kanon.ingest;

/**
 * What pass 1 learns about one column, in constant memory: which number shapes all its values have, their widest
 * integer and fraction parts, and the longest value. {@link #type} picks the narrowest type that holds them all
 * exactly: never a floating-point type, which would make two distinct 35-digit ids equal.
 */
final class ColumnProfile {

    private boolean anyValue;
    private boolean allIntegers = true;
    private boolean allInts = true;
    private boolean allLongs = true;
    private boolean allNumbers = true;
    private int maxIntegerDigits;
    private int maxScale;
    private int maxLength;
    private boolean surroundingSpace;

    /** Whether this one text would be stored as a number (the header test: a column name that looks like data). */
    static boolean isNumber(String text) {
        ColumnProfile p = new ColumnProfile();
        p.add(text);
        return p.type(Integer.MAX_VALUE).isNumber();
    }

    /** Adds one field; the empty string is NULL and says nothing about the type. */
    void add(String value) {
        if (value.isEmpty()) {
            return;
        }
        anyValue = true;
        maxLength = Math.max(maxLength, value.length());
        if (!surroundingSpace && (Character.isWhitespace(value.charAt(0)) || Character.isWhitespace(value.charAt(value.length() - 1)))) {
            surroundingSpace = true;
        }
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

    /** Whether some value starts or ends with a space (what --trim would strip). */
    boolean surroundingSpace() {
        return surroundingSpace;
    }

    /**
     * @param maxDecimalPrecision the most digits the database's DECIMAL holds; wider numbers are kept as text, exactly
     */
    ColumnType type(int maxDecimalPrecision) {
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
            if (precision <= maxDecimalPrecision) {
                return ColumnType.decimal(precision, maxScale);
            }
        }
        return ColumnType.varchar(maxLength);
    }
}
