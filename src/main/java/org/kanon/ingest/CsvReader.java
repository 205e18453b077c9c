package org.kanon.ingest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.kanon.InvalidInputException;
import org.kanon.progress.Step;

/**
 * Streams one CSV file record by record: the header first, then data rows of exactly the header's width, each
 * with the line it starts on. Both import passes read through this class, so they see the file the same way and
 * every parse error becomes {@code file:line: what} without quoting the row.
 */
final class CsvReader implements AutoCloseable {
    // commons-csv reports malformed quoting only through exception messages; these are its 1.14 wordings
    private static final Pattern UNTERMINATED = Pattern.compile("\\(startline (\\d+)\\)");
    private static final Pattern BAD_CHARACTER = Pattern.compile("[Ii]nvalid character between encapsulated token and delimiter at line: (\\d+)");

    /**
     * How to read the file.
     *
     * @param header   whether the first row holds the column names; if not, they are c1, c2, ...
     * @param trim     strip the spaces around every value (and name)
     * @param maxField the longest field accepted, in characters
     */
    record Format(char delimiter, boolean header, boolean trim, int maxField) {
    }

    /** A data row as read, kept only while its batch is being inserted, to name its line if the database refuses it. */
    final class Row {
        private final CSVRecord record;
        private final long endLine;

        private Row(CSVRecord record, long endLine) {
            this.record = record;
            this.endLine = endLine;
        }

        String value(int column) {
            return format.trim() ? record.get(column).strip() : record.get(column);
        }

        long line() {
            return startLine(record, endLine);
        }
    }

    private final Path file;
    private final Format format;
    private final CSVParser parser;
    private final Iterator<CSVRecord> records;
    private final List<String> header;
    private final long headerLine;
    /** Without a header row, the first row is read to learn the width and handed out by the first {@link #next}. */
    private Row pending;
    private Row current;
    private long rows;
    private Step rowsRead = Step.NONE;

    private CsvReader(Path file, Format format) {
        this.file = file;
        this.format = format;
        CSVFormat csv = CSVFormat.RFC4180.builder()
                .setDelimiter(format.delimiter())
                .setIgnoreEmptyLines(true)
                .get();
        try {
            this.parser = CSVParser.builder().setReader(new FieldGuard(TextFiles.open(file), format.delimiter(), format.maxField()))
                    .setFormat(csv).get();
        } catch (IOException e) {
            throw TextFiles.readError(file, e, 0);
        }
        this.records = parser.iterator();
        CSVRecord first = advance();
        if (first == null) {
            close();
            throw new InvalidInputException(file + ": empty file" + (format.header() ? ", no header row" : ""));
        }
        if (format.header()) {
            this.header = format.trim() ? first.stream().map(String::strip).toList() : first.toList();
            this.headerLine = startLine(first, parser.getCurrentLineNumber());
        } else {
            this.header = IntStream.rangeClosed(1, first.size()).mapToObj(i -> "c" + i).toList();
            this.headerLine = 0;
            this.pending = new Row(first, parser.getCurrentLineNumber());
        }
    }

    static CsvReader open(Path file, Format format) {
        return new CsvReader(file, format);
    }

    /** This reader advances {@code step} per data row it reads (blank lines are no rows). */
    CsvReader counting(Step step) {
        this.rowsRead = step;
        return this;
    }

    Path file() {
        return file;
    }

    /** How this reader reads its file: a second reader of the same format sees the same rows. */
    Format format() {
        return format;
    }

    /** The header's fields exactly as written (stripped with --trim), or c1..cn for a file without one. */
    List<String> header() {
        return header;
    }

    /** The header's line, 0 for a file without a header row. */
    long headerLine() {
        return headerLine;
    }

    /** Moves to the next data row; false at the end. Blank lines are skipped, a row of the wrong width is an error. */
    boolean next() {
        while (true) {
            Row row = pending;
            pending = null;
            if (row == null) {
                CSVRecord record = advance();
                if (record == null) {
                    current = null;
                    return false;
                }
                if (isBlank(record)) {
                    continue;
                }
                row = new Row(record, parser.getCurrentLineNumber());
            }
            current = row;
            rows++;
            rowsRead.advance();
            if (row.record.size() != header.size()) {
                throw new InvalidInputException(file + ":" + line() + ": row has " + row.record.size() + " field"
                        + (row.record.size() == 1 ? "" : "s") + ", the " + (format.header() ? "header" : "first row") + " has "
                        + header.size());
            }
            return true;
        }
    }

    /** The text of a field of the current row (stripped with --trim); the empty string stands for NULL. */
    String value(int column) {
        return current.value(column);
    }

    /** The current row, to be named later if the database refuses it. */
    Row row() {
        return current;
    }

    /** The line the current row starts on (1-based, as an editor shows it); computed only when a message needs it. */
    long line() {
        return current.line();
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
        if (e instanceof FieldGuard.FieldException field) {
            return located(field);
        }
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

    private InvalidInputException located(FieldGuard.FieldException e) {
        String column = "column " + e.column + (header != null && format.header() && e.column <= header.size()
                ? " ('" + Values.shorten(header.get(e.column - 1).strip()) + "')" : "");
        return switch (e.reason) {
            case NUL -> new InvalidInputException(file + ":" + e.line + ": " + column + " contains a NUL character (0x00);"
                    + " a text file has none and PostgreSQL cannot store one", e);
            case TOO_LONG -> new InvalidInputException(file + ":" + e.line + ": " + column + " has a field of more than "
                    + format.maxField() + " characters starting here (an unterminated quote?); --max-field raises the limit", e);
        };
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
