package org.kanon.cli;

import java.nio.file.Path;
import java.util.List;
import org.kanon.db.Database;
import org.kanon.workflow.Spec;
import org.kanon.workflow.SpecFile;
import org.kanon.workflow.SpecStore;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(name = "export", description = "Write release specifications to a CSV file (all, or the ones named), for `kanon spec import` elsewhere.")
final class SpecExportCommand extends KanonSubcommand {
    @Parameters(index = "0", paramLabel = "FILE")
    Path file;

    @Parameters(index = "1..*", paramLabel = "SPEC", description = "Specs to export (default: all).")
    List<String> names;

    @Override
    public Integer call() {
        try (Database db = openDatabase()) {
            SpecStore store = new SpecStore(db);
            List<Spec> specs = names == null || names.isEmpty() ? store.list() : names.stream().map(store::require).toList();
            SpecFile.write(specs, file);
            out().printf("%d spec(s) written to %s%n", specs.size(), file);
            out().flush();
            return ExitCodes.OK;
        }
    }
}
