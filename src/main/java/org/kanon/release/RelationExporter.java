package org.kanon.release;

import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.jooq.Cursor;
import org.jooq.Record;
import org.kanon.InvalidInputException;
import org.kanon.OutputFile;
import org.kanon.db.Database;
import org.kanon.db.Identifiers;
import org.kanon.progress.Progress;
import org.kanon.progress.Step;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;

/**
 * Streams any table or view (a release by its name, or any relation the user can read) to a CSV file. The file
 * appears only when complete: rows go to a temporary file beside it, which is then moved into place. An existing
 * file is replaced only when asked to. A two-table release (permutation: PQT and PST; Anatomy: QIT and ST) is two
 * files, {@code NAME_pqt.csv} and {@code NAME_pst.csv} beside the one asked for: exporting one alone would leave
 * out half the release without a word.
 */
public final class RelationExporter {
    private static final int FETCH_SIZE = 1000;
    private static final String OPTION = "--csv";

    private final Database db;
    private final Progress progress;

    public RelationExporter(Database db) {
        this(db, Progress.NONE);
    }

    /** Each file written is a step of {@code progress}, counting its rows. */
    public RelationExporter(Database db, Progress progress) {
        this.db = db;
        this.progress = Progress.orNone(progress);
    }

    /** One relation written to one file. */
    public record Exported(SourceTable relation, long rows, Path file) {
    }

    /** A single-table relation or release to {@code file}, replacing it (the demo's fresh folder). */
    public Exported export(String relationName, Path file) {
        List<Exported> all = exportAll(relationName, file, true);
        if (all.size() != 1) {
            throw new IllegalStateException(relationName + " is a two-table release: use exportAll");
        }
        return all.get(0);
    }

    /**
     * @param replace overwrite existing files; otherwise an existing file is an error and nothing is written
     * @return what was written, one entry per file (two for a two-table release)
     */
    public List<Exported> exportAll(String relationName, Path file, boolean replace) {
        Path target = OutputFile.check(OPTION, file);
        List<Part> parts = parts(relationName, target);
        for (Part part : parts) {
            OutputFile.refuseIrregular(OPTION, part.file());
            if (!replace && Files.exists(part.file())) {
                throw new InvalidInputException("--csv: " + part.file() + " already exists; use --replace to overwrite it");
            }
        }
        // every file is written aside first and moved into place only when all are: a failure leaves no half release
        List<Path> temporaries = new ArrayList<>();
        try {
            List<Long> rows = new ArrayList<>();
            for (Part part : parts) {
                Path tmp = OutputFile.temporary(OPTION, part.file());
                temporaries.add(tmp);
                rows.add(write(part.relation(), tmp));
            }
            List<Exported> written = new ArrayList<>();
            try {
                for (int i = 0; i < parts.size(); i++) {
                    OutputFile.moveIntoPlace(OPTION, temporaries.get(i), parts.get(i).file(), replace);
                    written.add(new Exported(parts.get(i).relation(), rows.get(i), parts.get(i).file()));
                }
            } catch (RuntimeException e) {
                if (!replace) { // the files moved so far are new: take them back rather than leave half a release
                    for (Exported done : written) {
                        OutputFile.deleteQuietly(done.file());
                    }
                }
                throw e;
            }
            return written;
        } finally {
            temporaries.forEach(OutputFile::deleteQuietly); // moved ones are gone already
        }
    }

    private record Part(SourceTable relation, Path file) {
    }

    private List<Part> parts(String relationName, Path target) {
        Optional<ReleaseRecord> release = new ReleaseRegister(db).find(relationName);
        TableResolver resolver = new TableResolver(db);
        if (release.isEmpty()) {
            return List.of(new Part(resolver.resolve(relationName), target));
        }
        ReleaseRecord r = release.get();
        SourceTable main = resolver.resolve(r.relationSchema() + "." + r.relationName());
        if (!r.twoTables()) {
            return List.of(new Part(main, target));
        }
        SourceTable sensitive = resolver.resolve(r.relationSchema() + "." + r.sensitiveRelation());
        return List.of(new Part(main, beside(target, r.relationName())), new Part(sensitive, beside(target, r.sensitiveRelation())));
    }

    /** {@code out.csv} and relation {@code R_PQT} give {@code out_pqt.csv}: the suffix says which table it is. */
    private static Path beside(Path target, String relationName) {
        String suffix = relationName.substring(Math.max(0, relationName.lastIndexOf('_'))).toLowerCase(Locale.ROOT);
        String fileName = target.getFileName().toString();
        int dot = fileName.lastIndexOf('.');
        String stem = dot > 0 ? fileName.substring(0, dot) : fileName;
        String extension = dot > 0 ? fileName.substring(dot) : "";
        return target.resolveSibling(stem + suffix + extension);
    }

    private long write(SourceTable relation, Path tmp) {
        List<String> header = relation.columns().stream().map(c -> headerName(c.name())).toList();
        CSVFormat format = CSVFormat.DEFAULT.builder().setHeader(header.toArray(String[]::new)).setRecordSeparator("\n").get();
        // PostgreSQL streams a result only inside a transaction with a fetch size; otherwise it loads it all
        return db.dsl().transactionResult(cfg -> {
            long rows = 0;
            try (Step written = progress.start("rows exported", Progress.UNKNOWN); // counting them first would read the relation twice
                 Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8);
                 CSVPrinter printer = new CSVPrinter(w, format);
                 Cursor<Record> cursor = cfg.dsl().select().from(relation.table()).fetchSize(FETCH_SIZE).fetchLazy()) {
                List<Object> values = new ArrayList<>(header.size());
                for (Record r : cursor) {
                    values.clear();
                    for (int i = 0; i < header.size(); i++) {
                        values.add(text(r.get(i)));
                    }
                    printer.printRecord(values);
                    rows++;
                    written.advance();
                }
            } catch (IOException e) {
                throw new InvalidInputException("--csv: cannot write " + tmp.getParent() + ": " + e.getMessage(), e);
            }
            return rows;
        });
    }

    /**
     * A plain name as the database folded it ({@code AGE} on Derby, for a file that said {@code age}) is written in
     * lower case, as PostgreSQL stores it: the same file from both databases. Other names keep their exact spelling.
     */
    private String headerName(String stored) {
        String lower = stored.toLowerCase(Locale.ROOT);
        return Identifiers.isPlain(stored) && db.identifiers().fold(lower).equals(stored) ? lower : stored;
    }

    private static String text(Object v) {
        if (v == null) {
            return "";
        }
        return v instanceof BigDecimal b ? b.toPlainString() : v.toString();
    }
}
