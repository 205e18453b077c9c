package org.kanon.ingest;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.kanon.InvalidInputException;
import org.kanon.db.Identifiers;
import org.kanon.db.dialect.TableLimits;
import org.kanon.progress.Step;

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
    private final TableLimits limits;

    CsvProfiler(Identifiers identifiers, TableLimits limits) {
        this.identifiers = identifiers;
        this.limits = limits;
    }

    /** @param checkHeader refuse a first row that looks like data rather than names (neither --header nor --no-header given) */
    FileProfile profile(Path file, CsvReader.Format format, boolean checkHeader) {
        return profile(file, format, checkHeader, Step.NONE);
    }

    /** As above, advancing {@code checked} per row read. */
    FileProfile profile(Path file, CsvReader.Format format, boolean checkHeader, Step checked) {
        try (CsvReader reader = CsvReader.open(file, format).counting(checked)) {
            List<String> header = reader.header();
            if (header.size() > limits.maxColumns()) {
                throw new InvalidInputException(file + ":" + Math.max(1, reader.headerLine()) + ": " + header.size() + " columns; "
                        + limits.database() + " allows at most " + limits.maxColumns() + " in a table");
            }
            // a headerless file's first row makes bad names (duplicate or empty values): its data row is the better message
            InvalidInputException badNames = null;
            List<String> names = header;
            try {
                names = ColumnNames.from(header, file, reader.headerLine(), identifiers);
            } catch (InvalidInputException e) {
                if (!checkHeader) {
                    throw e;
                }
                badNames = e;
            }
            ColumnProfile[] profiles = new ColumnProfile[names.size()];
            for (int i = 0; i < profiles.length; i++) {
                profiles[i] = new ColumnProfile();
            }
            while (reader.next()) {
                for (int i = 0; i < profiles.length; i++) {
                    String value = reader.value(i);
                    if (value.length() > limits.maxVarchar()) {
                        throw new InvalidInputException(file + ":" + reader.line() + ": column '" + Values.shorten(names.get(i))
                                + "' has a value of " + value.length() + " characters; " + limits.database()
                                + " stores at most " + limits.maxVarchar() + " in a VARCHAR");
                    }
                    profiles[i].add(value);
                }
            }
            List<ColumnType> types = new ArrayList<>(profiles.length);
            for (ColumnProfile p : profiles) {
                types.add(p.type(limits.maxDecimalPrecision()));
            }
            if (checkHeader) {
                checkHeaderIsNames(file, reader, types, profiles);
            }
            if (badNames != null) {
                throw badNames;
            }
            return new FileProfile(names, types, reader.rows());
        }
    }

    /**
     * A headerless file (UCI's adult.data: {@code 39, State-gov, 77516, ...}) would otherwise be imported with its
     * first row as column names: a name that is a number above a column of numbers says the first row is data.
     * The message names the column, never the value (which is a person's data).
     */
    private static void checkHeaderIsNames(Path file, CsvReader reader, List<ColumnType> types, ColumnProfile[] profiles) {
        List<String> header = reader.header();
        for (int i = 0; i < header.size(); i++) {
            if (types.get(i).isNumber() && ColumnProfile.isNumber(header.get(i).strip())) {
                boolean spaces = header.stream().anyMatch(h -> !h.isEmpty() && !h.equals(h.strip()));
                for (ColumnProfile p : profiles) {
                    spaces |= p.surroundingSpace();
                }
                throw new InvalidInputException(file + ":" + reader.headerLine() + ": the first row looks like data, not column names"
                        + " (column " + (i + 1) + "'s name is a number, like the values below it); if the file has no header row, use"
                        + " --no-header (columns c1, c2, ...)" + (spaces ? " and --trim (values have spaces around them)" : "")
                        + "; --header takes the first row as names anyway");
            }
        }
    }
}
