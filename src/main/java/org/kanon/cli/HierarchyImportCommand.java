package org.kanon.cli;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.schema.Column;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.schema.hierarchy.ArxHierarchyReader;
import org.kanon.schema.hierarchy.Dimension;
import org.kanon.schema.hierarchy.DimensionTableWriter;
import org.kanon.schema.hierarchy.DimensionTableWriter.IfBound;
import org.kanon.schema.hierarchy.Hierarchy;
import org.kanon.schema.hierarchy.HierarchyFolder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "import", description = {"Bind ARX-format hierarchy files (value;level1;...;*) to the columns of a table.",
        "With --dir, every <column>.csv or *_<column>.csv of the folder; all are checked before any is bound.",
        "A column that already has a hierarchy keeps it unless --replace is given."})
final class HierarchyImportCommand extends ResultCommand {
    @Option(names = "--table", required = true, paramLabel = "T", description = "Source table.")
    String table;

    @Option(names = "--dir", paramLabel = "DIR", description = "Folder of hierarchy files.")
    Path dir;

    @Option(names = "--prefix", paramLabel = "P", defaultValue = "",
            description = "With --dir: only files whose name starts with P (a folder shared by several tables).")
    String prefix;

    @Option(names = "--file", paramLabel = "FILE", description = "One hierarchy file (with --column).")
    Path file;

    @Option(names = "--column", paramLabel = "A", description = "Column for --file.")
    String column;

    @Option(names = "--replace", description = "Replace the hierarchies of columns that have one (refused otherwise).")
    boolean replace;

    @Option(names = "--show-missing", description = {"Print the table's values that a hierarchy has no leaf for on stdout",
            "(CSV column,value; one object with --format json), then refuse as without it. They are the table's data:",
            "an error never names them."})
    boolean showMissing;

    @Override
    public Integer call() {
        if ((dir == null) == (file == null)) {
            throw new InvalidInputException("hierarchy import: give either --dir DIR or --file FILE --column A");
        }
        if (file != null && column == null) {
            throw new InvalidInputException("hierarchy import: --file needs --column");
        }
        boolean json = json();
        try (Database db = openDatabase()) {
            SourceTable source = new TableResolver(db).resolve(table);
            Map<Column, Hierarchy> hierarchies;
            List<String> unmatched = List.of();
            if (dir != null) {
                HierarchyFolder.Matched matched = HierarchyFolder.read(source, dir, prefix);
                hierarchies = matched.hierarchies();
                unmatched = matched.unmatched();
            } else {
                Column c = source.column(column);
                hierarchies = Map.of(c, ArxHierarchyReader.read(file, c.name()));
            }
            DimensionTableWriter writer = new DimensionTableWriter(db, progress(json));
            if (showMissing) {
                printMissing(json, writer, source, hierarchies);
            }
            List<Dimension> bound = writer.bindAll(source, hierarchies,
                    replace ? IfBound.REPLACE : IfBound.REFUSE);
            var entries = HierarchyOutput.of(bound, hierarchies);
            List<String> skipped = unmatched;
            print(json, () -> HierarchyOutput.boundJson(source, entries, skipped), out -> HierarchyOutput.boundText(out, source, entries, skipped));
            return ExitCodes.OK;
        }
    }

    /** Only when some value is missing, so a hierarchy that fits prints what an import without the option prints. */
    private void printMissing(boolean json, DimensionTableWriter writer, SourceTable source, Map<Column, Hierarchy> hierarchies) {
        Map<String, List<String>> missing = new LinkedHashMap<>();
        for (Map.Entry<Column, Hierarchy> e : hierarchies.entrySet()) {
            List<String> values = writer.missingValues(source, e.getKey(), e.getValue());
            if (!values.isEmpty()) {
                missing.put(e.getKey().name(), values);
            }
        }
        if (!missing.isEmpty()) {
            print(json, () -> HierarchyOutput.missingJson(source, missing), out -> HierarchyOutput.missingText(out, missing));
        }
    }
}
