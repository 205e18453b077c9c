package org.kanon.ingest;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.kanon.InvalidInputException;
import org.kanon.db.Identifiers;

/**
 * Pass 1: reads the whole file once, validating every row and profiling every column, and keeps nothing but the
 * profiles. Whatever is wrong with the file is found here, before the database is touched.
 */
final class CsvProfiler {
    /** What pass 2 needs: the column names as they will be created, their types, and the row count to expect. */
    record FileProfile(List<String> names, List<ColumnType> types, long rows) {
        FileProfile {
            names = List.copyOf(names);
            types = List.copyOf(types);
        }
    }

    private final Identifiers identifiers;
    private final int maxVarcharLength;
    private final String databaseName;

    CsvProfiler(Identifiers identifiers, int maxVarcharLength, String databaseName) {
        this.identifiers = identifiers;
        this.maxVarcharLength = maxVarcharLength;
        this.databaseName = databaseName;
    }

    FileProfile profile(Path file, char delimiter) {
        try (CsvReader reader = CsvReader.open(file, delimiter)) {
            List<String> names = ColumnNames.from(reader.header(), file, reader.headerLine(), identifiers);
            ColumnProfile[] profiles = new ColumnProfile[names.size()];
            for (int i = 0; i < profiles.length; i++) {
                profiles[i] = new ColumnProfile();
            }
            while (reader.next()) {
                for (int i = 0; i < profiles.length; i++) {
                    String value = reader.value(i);
                    if (value.length() > maxVarcharLength) {
                        throw new InvalidInputException(file + ":" + reader.line() + ": column '" + Values.shorten(names.get(i))
                                + "' has a value of " + value.length() + " characters; " + databaseName
                                + " stores at most " + maxVarcharLength + " in a VARCHAR");
                    }
                    profiles[i].add(value);
                }
            }
            List<ColumnType> types = new ArrayList<>(profiles.length);
            for (ColumnProfile p : profiles) {
                types.add(p.type());
            }
            return new FileProfile(names, types, reader.rows());
        }
    }
}
