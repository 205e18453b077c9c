package org.kanon.ingest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.kanon.InvalidInputException;

/**
 * Streams one CSV file record by record: the header first, then data rows of exactly the header's width, each
 * with the line it starts on. Both import passes read through this class, so they see the file the same way and
 * every parse error becomes {@code file:line: what} without quoting the row.
 */
final class CsvReader implements AutoCloseable {
    // commons-csv reports malformed quoting only through exception messages; these are its 1.14 wordings
    private static final Pattern UNTERMINATED = Pattern.compile("\\(startline (\\d+)\\)");
    private static final Pattern BAD_CHARACTER = Pattern.compile("[Ii]nvalid character between encapsulated token and delimiter at line: (\\d+)");

    private final Path file;
    private final CSVParser parser;
    private final Iterator<CSVRecord> records;
    private final List<String> header;
    private final long headerLine;
    private CSVRecord current;
    private long currentEndLine;
    private long rows;

    private CsvReader(Path file, char delimiter) {
        this.file = file;
        CSVFormat format = CSVFormat.RFC4180.builder()
                .setDelimiter(delimiter)
                .setIgnoreEmptyLines(true)
                .get();
        try {
            this.parser = CSVParser.builder().setReader(TextFiles.open(file)).setFormat(format).get();
        } catch (IOException e) {
            throw TextFiles.readError(file, e, 0);
        }
        this.records = parser.iterator();
        CSVRecord first = advance();
        if (first == null) {
            close();
            throw new InvalidInputException(file + ": empty file, no header row");
        }
        this.header = first.toList();
        this.headerLine = startLine(first, parser.getCurrentLineNumber());
    }

    static CsvReader open(Path file, char delimiter) {
        return new CsvReader(file, delimiter);
    }

    Path file() {
        return file;
    }

    /** The header's fields exactly as written. */
    List<String> header() {
        return header;
    }

    long headerLine() {
        return headerLine;
    }

    /** Moves to the next data row; false at the end. Blank lines are skipped, a row of the wrong width is an error. */
    boolean next() {
        while (true) {
            CSVRecord record = advance();
            if (record == null) {
                current = null;
                return false;
            }
            if (isBlank(record)) {
                continue;
            }
            current = record;
            currentEndLine = parser.getCurrentLineNumber();
            rows++;
            if (record.size() != header.size()) {
                throw new InvalidInputException(file + ":" + line() + ": row has " + record.size() + " field"
                        + (record.size() == 1 ? "" : "s") + ", the header has " + header.size());
            }
            return true;
        }
    }

    /** The raw text of a field of the current row; the empty string stands for NULL. */
    String value(int column) {
        return current.get(column);
    }

    /** The line the current row starts on (1-based, as an editor shows it); computed only when a message needs it. */
    long line() {
        return startLine(current, currentEndLine);
    }

    /** Data rows read so far. */
    long rows() {
        return rows;
    }

    /**
     * A line of only spaces is taken for a blank line when the header has several columns (it cannot be a row of
     * that width); commons-csv itself skips only truly empty lines.
     */
    private boolean isBlank(CSVRecord record) {
        return header != null && header.size() > 1 && record.size() == 1 && record.get(0).isBlank();
    }

    private CSVRecord advance() {
        try {
            return records.hasNext() ? records.next() : null;
        } catch (UncheckedIOException e) {
            throw translate(e.getCause());
        } catch (IllegalStateException e) {
            // older commons-csv versions wrap the IOException in an IllegalStateException
            throw e.getCause() instanceof IOException io ? translate(io) : e;
        }
    }

    private InvalidInputException translate(IOException e) {
        String message = String.valueOf(e.getMessage());
        Matcher unterminated = UNTERMINATED.matcher(message);
        if (unterminated.find()) {
            String line = unterminated.group(1);
            return new InvalidInputException(file + ":" + line + ": unterminated quoted field (starts at line " + line + ")", e);
        }
        Matcher bad = BAD_CHARACTER.matcher(message);
        if (bad.find()) {
            return new InvalidInputException(file + ":" + bad.group(1) + ": text after the closing quote of a quoted field"
                    + " (a quote inside a quoted field must be doubled: \"\")", e);
        }
        return TextFiles.readError(file, e, parser.getCurrentLineNumber());
    }

    /**
     * The parser counts the line breaks it has consumed, so after a record it stands on the record's last line;
     * subtracting the line breaks inside quoted values gives the first. (Observed with commons-csv 1.14.1 for LF,
     * CRLF and CR files, with and without a final line break.)
     */
    private static long startLine(CSVRecord record, long end) {
        long inside = 0;
        for (String value : record) {
            for (int i = 0; i < value.length(); i++) {
                char c = value.charAt(i);
                if (c == '\n' || (c == '\r' && (i + 1 == value.length() || value.charAt(i + 1) != '\n'))) {
                    inside++;
                }
            }
        }
        return end - inside;
    }

    @Override
    public void close() {
        try {
            parser.close();
        } catch (IOException e) {
            // nothing was written through this reader; a failing close changes no result
        }
    }
}
