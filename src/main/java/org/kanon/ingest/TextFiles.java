package org.kanon.ingest;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.kanon.InvalidInputException;

/** Opens an input file as UTF-8 text and turns file-system trouble into one-line user errors. */
final class TextFiles {
    private static final char BOM = '\uFEFF';

    private TextFiles() {
    }

    /** Checks up front what can be checked without reading, so the common mistakes get a plain message. */
    static void checkReadable(Path file) {
        if (!Files.exists(file)) {
            throw new InvalidInputException(file + ": file not found");
        }
        if (Files.isDirectory(file)) {
            throw new InvalidInputException(file + ": is a directory, not a CSV file");
        }
        if (!Files.isRegularFile(file)) {
            // the import reads the file twice (validate, then insert); a pipe would be empty the second time
            throw new InvalidInputException(file + ": not a regular file (import reads the file twice, so pipes do not work)");
        }
        if (!Files.isReadable(file)) {
            throw new InvalidInputException(file + ": not readable (permission denied)");
        }
    }

    /**
     * A reader positioned after the byte-order mark, if any: spreadsheet programs write one, and left in place it
     * would become part of the first column's name.
     */
    static Reader open(Path file) {
        try {
            BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8);
            reader.mark(1);
            if (reader.read() != BOM) {
                reader.reset();
            }
            return reader;
        } catch (IOException e) {
            throw readError(file, e, 0);
        }
    }

    /** @param line the last line read completely, 0 if unknown */
    static InvalidInputException readError(Path file, IOException e, long line) {
        if (e instanceof NoSuchFileException) {
            return new InvalidInputException(file + ": file not found", e);
        }
        if (e instanceof AccessDeniedException) {
            return new InvalidInputException(file + ": not readable (permission denied)", e);
        }
        if (e instanceof CharacterCodingException) {
            return new InvalidInputException(file + (line > 0 ? ":" + (line + 1) : "") + ": not valid UTF-8 text", e);
        }
        return new InvalidInputException(file + ": cannot read: " + e.getMessage(), e);
    }
}
