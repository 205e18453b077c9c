package org.kanon.cli;

import java.nio.file.Path;
import org.kanon.db.Database;
import org.kanon.metrics.JsonObject;
import org.kanon.release.RelationExporter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "export", description = "Write a release (by name) or any table or view to a CSV file.")
final class ExportCommand extends ResultCommand {
    @Parameters(paramLabel = "RELATION", description = "Release name, or [schema.]table/view.")
    String relation;

    @Option(names = "--csv", required = true, paramLabel = "FILE", description = "Output file (replaced when complete).")
    Path csv;

    @Override
    public Integer call() {
        boolean json = json();
        try (Database db = openDatabase()) {
            var exported = new RelationExporter(db).export(relation, csv);
            print(json, () -> new JsonObject().put("relation", exported.relation().displayName()).put("file", exported.file().toString())
                            .put("rows", exported.rows()).render(),
                    out -> out.printf("exported %d rows of %s to %s%n", exported.rows(), exported.relation().displayName(), exported.file()));
            return ExitCodes.OK;
        }
    }
}
