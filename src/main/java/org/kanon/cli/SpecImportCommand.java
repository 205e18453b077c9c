package org.kanon.cli;

import java.nio.file.Path;
import java.util.List;
import org.kanon.db.Database;
import org.kanon.workflow.Spec;
import org.kanon.workflow.SpecFile;
import org.kanon.workflow.SpecStore;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "import", description = "Read release specifications from a CSV file written by `kanon spec export`: all or none are stored.")
final class SpecImportCommand extends KanonSubcommand {
    @Parameters(index = "0", paramLabel = "FILE")
    Path file;

    @Option(names = "--replace", description = "Overwrite specs of the same names.")
    boolean replace;

    @Override
    public Integer call() {
        List<Spec> specs = SpecFile.read(file);
        specs.forEach(SpecEngine::check);
        try (Database db = openDatabase()) {
            specs.forEach(s -> org.kanon.workflow.SpecNames.check(db, s));
            specs.stream().filter(Spec::fromQuery).forEach(s -> org.kanon.workflow.SourceSnapshot.checkQuery(db, s));
            new SpecStore(db).save(specs, replace);
        }
        out().printf("%d spec(s) imported from %s%n", specs.size(), file);
        out().flush();
        return ExitCodes.OK;
    }
}
