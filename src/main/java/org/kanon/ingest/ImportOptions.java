package org.kanon.ingest;

/**
 * How to read and where to put a CSV file.
 *
 * @param delimiter the field separator, or {@code null} to detect it from the header line
 * @param replace   drop an existing table of the same name (in the same transaction as the new rows)
 * @param header    whether the first row holds the column names; {@code null}: yes, unless it looks like data (refused)
 * @param trim      strip the spaces around every value and name
 * @param maxField  the longest field accepted, in characters
 */
public record ImportOptions(Character delimiter, boolean replace, Boolean header, boolean trim, int maxField) {
    /** Generous for any real value, small enough that a runaway quoted field stops long before memory does. */
    public static final int DEFAULT_MAX_FIELD = 1 << 20;

    public ImportOptions {
        if (maxField < 1) {
            throw new org.kanon.InvalidInputException("--max-field: must be at least 1, got " + maxField);
        }
    }

    public ImportOptions(Character delimiter, boolean replace) {
        this(delimiter, replace, null, false, DEFAULT_MAX_FIELD);
    }

    public static ImportOptions defaults() {
        return new ImportOptions(null, false);
    }
}
