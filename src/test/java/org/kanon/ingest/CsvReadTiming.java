package org.kanon.ingest;

import java.nio.file.Path;

/** For {@code org.kanon.bench.ImportTiming}: reads a file through the import's own reader, touching every value. */
public final class CsvReadTiming {
    private CsvReadTiming() {
    }

    /** Reads every row as pass 2 does (no database); returns the number of characters seen, so nothing is optimised away. */
    public static long readAll(Path file, char delimiter) {
        long chars = 0;
        try (CsvReader reader = CsvReader.open(file, new CsvReader.Format(delimiter, true, false, ImportOptions.defaults().maxField()))) {
            int width = reader.header().size();
            while (reader.next()) {
                for (int i = 0; i < width; i++) {
                    chars += reader.value(i).length();
                }
            }
        }
        return chars;
    }
}
