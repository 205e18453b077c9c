package org.kanon.ingest;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import org.jooq.Name;
import org.jooq.impl.DSL;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.db.Identifiers;
import org.kanon.progress.Progress;
import org.kanon.progress.Step;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;

/**
 * {@code kanon import FILE.csv --table NAME}: loads a CSV file into a new table. The file is read twice in constant
 * memory: {@link CsvProfiler} validates it and infers the column types, then {@link TableWriter} creates the table
 * and inserts the rows in one transaction. Any problem with the file is reported before anything is written.
 */
public final class CsvImporter {
    private final Database db;
    private final Progress progress;
    private final Runnable afterValidation;

    public CsvImporter(Database db) {
        this(db, Progress.NONE);
    }

    /** Both passes are steps of {@code progress}: rows checked, then rows imported. */
    public CsvImporter(Database db, Progress progress) {
        this(db, progress, () -> { });
    }

    /** For tests: {@code afterValidation} runs between the two passes, where a concurrent change would strike. */
    CsvImporter(Database db, Runnable afterValidation) {
        this(db, Progress.NONE, afterValidation);
    }

    private CsvImporter(Database db, Progress progress, Runnable afterValidation) {
        this.db = Objects.requireNonNull(db, "db");
        this.progress = Progress.orNone(progress);
        this.afterValidation = afterValidation;
    }

    public ImportResult importCsv(Path file, String tableName, ImportOptions options) {
        Objects.requireNonNull(file, "file");
        ImportOptions opts = options == null ? ImportOptions.defaults() : options;
        TableResolver resolver = new TableResolver(db);
        TableResolver.TableName target = resolver.parseWritable("--table", tableName);
        checkLength(target);
        String unkept = db.identifiers().unkept(target.name());
        if (unkept != null) {
            throw new InvalidInputException("--table: name " + Values.shorten(target.name()) + " holds " + unkept);
        }
        TextFiles.checkReadable(file);

        char delimiter = opts.delimiter() != null ? checkDelimiter(opts.delimiter()) : CsvFormatDetector.detect(file);
        CsvReader.Format format = new CsvReader.Format(delimiter, !Boolean.FALSE.equals(opts.header()), opts.trim(), opts.maxField());
        CsvProfiler.FileProfile profile;
        try (Step checked = progress.start("rows checked", Progress.UNKNOWN)) {
            profile = new CsvProfiler(db.identifiers(), db.profile().tableLimits()).profile(file, format, opts.header() == null, checked);
        }

        // checked after the file so a bad file is reported first, and again under the name's lock before writing
        Supplier<Optional<SourceTable>> existing = () -> resolver.find(target);
        checkReplaceable(existing.get(), opts.replace(), target);

        afterValidation.run();
        Name name = DSL.name(target.schema(), target.name());
        long rows;
        try (Step imported = progress.start("rows imported", profile.rows());
             CsvReader reader = CsvReader.open(file, format).counting(imported)) {
            rows = new TableWriter(db).write(name, () -> {
                Optional<SourceTable> now = existing.get();
                checkReplaceable(now, opts.replace(), target);
                return now.orElse(null);
            }, profile, reader);
        }
        try (Step analyzing = progress.start("refreshing the table's statistics", Progress.UNKNOWN)) {
            db.analyze(name);
        }
        SourceTable created = resolver.find(target).orElseThrow(() ->
                new IllegalStateException("table " + target.displayName() + " was created but is not in the metadata"));
        return new ImportResult(created, rows, columns(profile), delimiter);
    }

    /**
     * An existing table of the name refuses the import unless {@code replace}; one whose name differs only by case
     * always does: the name resolves to it (kanon matches names ignoring case when no spelling is exact), but the
     * import would create the exact spelling next to it where the database keeps such names apart (MariaDB on a
     * case-sensitive file system, quoted names elsewhere), and --replace would swap one table for another.
     */
    private static void checkReplaceable(Optional<SourceTable> existing, boolean replace, TableResolver.TableName target) {
        if (existing.isPresent() && !existing.get().name().equals(target.name())) {
            throw new InvalidInputException("--table: " + target.name() + " differs only by case from the existing table "
                    + existing.get().displayName() + ", which the database keeps apart from it; name that table exactly, or choose another name");
        }
        if (existing.isPresent() && !replace) {
            throw new InvalidInputException("table " + existing.get().displayName() + " already exists; use --replace to overwrite");
        }
    }

    private static List<ImportedColumn> columns(CsvProfiler.FileProfile profile) {
        List<ImportedColumn> columns = new ArrayList<>();
        for (int i = 0; i < profile.names().size(); i++) {
            columns.add(new ImportedColumn(profile.names().get(i), profile.types().get(i).sqlType()));
        }
        return columns;
    }

    private static void checkLength(TableResolver.TableName target) {
        if (target.name().getBytes(StandardCharsets.UTF_8).length > Identifiers.MAX_LENGTH) {
            // PostgreSQL would silently truncate the name and the table could not be found again under it
            throw new InvalidInputException("--table: name longer than " + Identifiers.MAX_LENGTH + " bytes: "
                    + Values.shorten(target.name()));
        }
    }

    private static char checkDelimiter(char delimiter) {
        if (delimiter == '"' || delimiter == '\r' || delimiter == '\n') {
            throw new InvalidInputException("--delimiter: " + describe(delimiter) + " cannot separate fields; use , ; or a tab");
        }
        return delimiter;
    }

    private static String describe(char c) {
        return switch (c) {
            case '\r' -> "a carriage return";
            case '\n' -> "a line feed";
            default -> "'" + c + "'";
        };
    }
}
