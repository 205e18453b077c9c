package org.kanon.ingest;

/**
 * How to read and where to put a CSV file.
 *
 * @param delimiter the field separator, or {@code null} to detect it from the header line
 * @param replace   drop an existing table of the same name (in the same transaction as the new rows)
 */
public record ImportOptions(Character delimiter, boolean replace) {
    public static ImportOptions defaults() {
        return new ImportOptions(null, false);
    }
}
