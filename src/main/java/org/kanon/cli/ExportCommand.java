package org.kanon.cli;

import java.nio.file.Path;
import java.util.List;
import org.kanon.db.Database;
import org.kanon.engine.JsonObject;
import org.kanon.release.RelationExporter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "export", description = {"Write a release (by name) or any table or view to a CSV file.",
        "A two-table release (permutation, anatomy) is two files: FILE's name with _pqt/_pst (or _qit/_st) added."})
final class ExportCommand extends ResultCommand {
    @Parameters(paramLabel = "RELATION", description = "Release name, or [schema.]table/view.")
    String relation;

    @Option(names = "--csv", required = true, paramLabel = "FILE", description = "Output file (written completely, then moved into place).")
    Path csv;

    @Option(names = "--replace", description = "Overwrite an existing file (default: refuse).")
    boolean replace;

    @Override
    public Integer call() {
        boolean json = json();
        try (Database db = openDatabase()) {
            List<RelationExporter.Exported> files = new RelationExporter(db, progress(json)).exportAll(relation, csv, replace);
            RelationExporter.Exported main = files.get(0);
            print(json, () -> new JsonObject().put("relation", main.relation().displayName()).put("file", main.file().toString())
                            .put("rows", main.rows())
                            .putObjects("files", files.stream().map(f -> new JsonObject().put("relation", f.relation().displayName())
                                    .put("file", f.file().toString()).put("rows", f.rows())).toList())
                            .render(),
                    out -> files.forEach(f -> out.printf("exported %d rows of %s to %s%n", f.rows(), f.relation().displayName(), f.file())));
            return ExitCodes.OK;
        }
    }
}
