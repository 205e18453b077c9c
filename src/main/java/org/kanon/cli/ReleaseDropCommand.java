package org.kanon.cli;

import org.kanon.db.Database;
import org.kanon.release.ReleaseRecord;
import org.kanon.release.ReleaseRegister;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(name = "drop", description = "Drop a release: its view or table and its register entry, together.")
final class ReleaseDropCommand extends KanonSubcommand {
    @Parameters(paramLabel = "R", description = "Release name.")
    String name;

    @Override
    public Integer call() {
        try (Database db = openDatabase()) {
            ReleaseRecord r = new ReleaseRegister(db).drop(name);
            out().printf("dropped release %s (%s)%n", r.name(), r.relation());
            out().flush();
            return ExitCodes.OK;
        }
    }
}
