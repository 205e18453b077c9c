package org.kanon.ingest;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Path;

/**
 * Guesses the field separator from the header line: the candidate that occurs most often outside quotes wins, ties
 * go to the earlier candidate (comma first, as in RFC 4180). The header is the right sample because column names
 * rarely contain a separator, while values (decimal commas, free text) often do.
 */
final class CsvFormatDetector {
    static final char[] CANDIDATES = {',', ';', '\t'};
    /** Enough of any real header; a file whose first line never ends (an unterminated quote) is not read to its end. */
    static final int MAX_SAMPLE = 1 << 20;

    private CsvFormatDetector() {
    }

    static char detect(Path file) {
        try (Reader reader = TextFiles.open(file)) {
            return detect(reader);
        } catch (IOException e) {
            throw TextFiles.readError(file, e, 0);
        }
    }

    /**
     * Reads up to the end of the first non-blank line (a quoted line break does not end it), at most
     * {@link #MAX_SAMPLE} characters; only counts are kept.
     */
    static char detect(Reader reader) throws IOException {
        int[] counts = new int[CANDIDATES.length];
        boolean quoted = false;
        boolean started = false;
        int c;
        int read = 0;
        while ((c = reader.read()) != -1 && read++ < MAX_SAMPLE) {
            if (!quoted && (c == '\n' || c == '\r')) {
                if (started) {
                    break;
                }
                continue; // leading blank lines are skipped by the parser too
            }
            started = true;
            if (c == '"') {
                // a doubled quote inside a quoted field toggles twice, which leaves the state right
                quoted = !quoted;
            } else if (!quoted) {
                for (int i = 0; i < CANDIDATES.length; i++) {
                    if (c == CANDIDATES[i]) {
                        counts[i]++;
                    }
                }
            }
        }
        int best = 0;
        for (int i = 1; i < CANDIDATES.length; i++) {
            if (counts[i] > counts[best]) {
                best = i;
            }
        }
        return CANDIDATES[best];
    }
}
