package org.kanon.cli;

import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.workflow.SpecStore;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(name = "drop", description = "Remove a release specification (its releases and runs stay registered).")
final class SpecDropCommand extends KanonSubcommand {
    @Parameters(index = "0", paramLabel = "SPEC")
    String name;

    @Override
    public Integer call() {
        try (Database db = openDatabase()) {
            if (!new SpecStore(db).delete(name)) {
                throw new InvalidInputException("no release specification named '" + name + "' (see: kanon spec list)");
            }
        }
        out().printf("spec %s dropped%n", name);
        out().flush();
        return ExitCodes.OK;
    }
}
