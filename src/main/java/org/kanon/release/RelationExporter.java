package org.kanon.release;

import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.jooq.Cursor;
import org.jooq.Record;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.schema.Column;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;

/**
 * Streams any table or view (a release by its name, or any relation the user can read) to a CSV file. The file
 * appears only when complete: rows go to a temporary file beside it, which is then moved into place.
 */
public final class RelationExporter {
    private static final int FETCH_SIZE = 1000;

    private final Database db;

    public RelationExporter(Database db) {
        this.db = db;
    }

    public record Exported(SourceTable relation, long rows, Path file) {
    }

    public Exported export(String relationName, Path file) {
        SourceTable relation = resolve(relationName);
        Path target = file.toAbsolutePath();
        Path dir = target.getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new InvalidInputException("--csv: folder " + dir + " does not exist");
        }
        if (Files.isDirectory(target)) {
            throw new InvalidInputException("--csv: " + target + " is a folder");
        }
        Path tmp;
        try {
            tmp = Files.createTempFile(dir, "." + target.getFileName(), ".part");
        } catch (IOException e) {
            throw new InvalidInputException("--csv: cannot write in " + dir + ": " + e.getMessage(), e);
        }
        try {
            long rows = write(relation, tmp);
            move(tmp, target);
            return new Exported(relation, rows, target);
        } finally {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // best effort: the temporary file is hidden and named .part
            }
        }
    }

    private SourceTable resolve(String relationName) {
        Optional<ReleaseRecord> release = new ReleaseRegister(db).find(relationName);
        TableResolver resolver = new TableResolver(db);
        if (release.isPresent()) {
            return resolver.resolve(release.get().relationSchema() + "." + release.get().relationName());
        }
        return resolver.resolve(relationName);
    }

    private long write(SourceTable relation, Path tmp) {
        List<String> header = relation.columns().stream().map(Column::name).toList();
        CSVFormat format = CSVFormat.DEFAULT.builder().setHeader(header.toArray(String[]::new)).setRecordSeparator("\n").get();
        // PostgreSQL streams a result only inside a transaction with a fetch size; otherwise it loads it all
        return db.dsl().transactionResult(cfg -> {
            long rows = 0;
            try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8);
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
                }
            } catch (IOException e) {
                throw new InvalidInputException("--csv: cannot write " + tmp.getParent() + ": " + e.getMessage(), e);
            }
            return rows;
        });
    }

    private static String text(Object v) {
        if (v == null) {
            return "";
        }
        return v instanceof BigDecimal b ? b.toPlainString() : v.toString();
    }

    private static void move(Path tmp, Path target) {
        try {
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new InvalidInputException("--csv: cannot write " + target + ": " + e.getMessage(), e);
        }
    }
}
