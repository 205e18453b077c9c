package org.kanon.ingest;

import java.io.FilterReader;
import java.io.IOException;
import java.io.Reader;

/**
 * Sits between the file and the CSV parser and follows RFC 4180's field boundaries as the characters go by, so that
 * what the parser would otherwise swallow whole is stopped where it starts: a field longer than the bound (an
 * unterminated quote at line 2 of a 1 GB file would make the parser buffer the whole file as one value) and a NUL
 * character (PostgreSQL cannot store one in text, and it is a sign of a binary file). It keeps a few counters,
 * never the text.
 */
final class FieldGuard extends FilterReader {
    /** Thrown through the parser; {@link CsvReader} turns it into a located user error. */
    static final class FieldException extends IOException {
        enum Reason { TOO_LONG, NUL }

        final Reason reason;
        final long line;
        final int column;

        FieldException(Reason reason, long line, int column) {
            super(reason + " at line " + line + ", column " + column);
            this.reason = reason;
            this.line = line;
            this.column = column;
        }
    }

    private enum State { FIELD_START, UNQUOTED, QUOTED, QUOTE_IN_QUOTED }

    private final char delimiter;
    private final int maxField;
    private FieldException problem;
    private State state = State.FIELD_START;
    private long line = 1;
    private boolean afterCarriageReturn;
    private long fieldLine = 1;
    private int column = 1;
    private int fieldLength;

    FieldGuard(Reader in, char delimiter, int maxField) {
        super(in);
        this.delimiter = delimiter;
        this.maxField = maxField;
    }

    @Override
    public int read() throws IOException {
        char[] one = new char[1];
        return read(one, 0, 1) < 1 ? -1 : one[0];
    }

    /**
     * Hands out the text before a problem and raises it on the next call only, so the parser first reports every row
     * before it (and the header is known when the message names the column).
     */
    @Override
    public int read(char[] buffer, int offset, int length) throws IOException {
        if (problem != null) {
            throw problem;
        }
        int n = super.read(buffer, offset, length);
        for (int i = 0; i < n; i++) {
            try {
                see(buffer[offset + i]);
            } catch (FieldException e) {
                problem = e;
                if (i == 0) {
                    throw e;
                }
                return i;
            }
        }
        return n;
    }

    private void see(char c) throws FieldException {
        if (c == '\0') {
            throw new FieldException(FieldException.Reason.NUL, line, column);
        }
        boolean lineBreak = c == '\r' || (c == '\n' && !afterCarriageReturn);
        afterCarriageReturn = c == '\r';
        switch (state) {
            case FIELD_START, UNQUOTED, QUOTE_IN_QUOTED -> {
                if (c == delimiter) {
                    nextField(column + 1);
                } else if (c == '\r' || c == '\n') {
                    nextField(1);
                } else if (c == '"' && state != State.UNQUOTED) {
                    // opens a quoted field (no character of the value), or after a quote inside one is the second
                    // half of a doubled quote: one " of the value
                    if (state == State.QUOTE_IN_QUOTED) {
                        grow();
                    }
                    state = State.QUOTED;
                } else {
                    // text after a closing quote is the parser's error to report; counted as part of the field
                    state = State.UNQUOTED;
                    grow();
                }
            }
            case QUOTED -> {
                // a quote closes the field or begins a doubled one: counted once the next character tells which
                if (c == '"') {
                    state = State.QUOTE_IN_QUOTED;
                } else {
                    grow();
                }
            }
        }
        if (lineBreak) {
            line++;
            if (state == State.FIELD_START) {
                fieldLine = line;
            }
        }
    }

    private void nextField(int nextColumn) {
        state = State.FIELD_START;
        column = nextColumn;
        fieldLength = 0;
        fieldLine = line;
    }

    private void grow() throws FieldException {
        if (++fieldLength > maxField) {
            throw new FieldException(FieldException.Reason.TOO_LONG, fieldLine, column);
        }
    }
}
