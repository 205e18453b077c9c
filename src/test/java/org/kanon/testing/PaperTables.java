package org.kanon.testing;

import java.nio.file.Path;
import org.kanon.db.Database;
import org.kanon.ingest.CsvImporter;
import org.kanon.ingest.ImportOptions;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.schema.hierarchy.DimensionTableWriter;
import org.kanon.schema.hierarchy.HierarchyFolder;

/** The papers' example tables from datasets/papers, loaded and bound the way a user would with the CLI. */
public final class PaperTables {
    public static final Path PAPERS = Path.of("datasets", "papers");
    public static final Path PATIENTS_CSV = PAPERS.resolve("incognito-patients.csv");
    /** The Figure 2 hierarchies share datasets/papers with other tables' files; this prefix picks them. */
    public static final String PATIENTS_PREFIX = "incognito-patients_";

    private PaperTables() {
    }

    /** Incognito, Figure 1 (Patients) with the Figure 2 hierarchies bound to Birthdate, Sex and Zipcode. */
    public static SourceTable patients(Database db) {
        new CsvImporter(db).importCsv(PATIENTS_CSV, "patients", new ImportOptions(null, false));
        SourceTable table = new TableResolver(db).resolve("patients");
        new DimensionTableWriter(db).bindAll(table, HierarchyFolder.read(table, PAPERS, PATIENTS_PREFIX).hierarchies());
        return new TableResolver(db).resolve("patients");
    }

    /** A table of the (alpha,k) paper ({@code alphak-table1}, {@code alphak-table5}, ...) as table {@code alphak_tableN}, with its hierarchies bound. */
    public static SourceTable alphak(Database db, String file) {
        String table = file.replace('-', '_');
        new CsvImporter(db).importCsv(PAPERS.resolve(file + ".csv"), table, new ImportOptions(null, false));
        SourceTable t = new TableResolver(db).resolve(table);
        new DimensionTableWriter(db).bindAll(t, HierarchyFolder.read(t, PAPERS, file + "_").hierarchies());
        return new TableResolver(db).resolve(table);
    }
}
