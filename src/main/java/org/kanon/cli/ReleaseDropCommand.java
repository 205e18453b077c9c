package org.kanon.cli;

import org.kanon.db.Database;
import org.kanon.engine.JsonObject;
import org.kanon.release.ReleaseRecord;
import org.kanon.release.ReleaseRegister;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(name = "drop", description = "Drop a release: its view or table and its register entry, together.")
final class ReleaseDropCommand extends ResultCommand {
    @Parameters(paramLabel = "R", description = "Release name.")
    String name;

    @Override
    public Integer call() {
        boolean json = json();
        try (Database db = openDatabase()) {
            ReleaseRecord r = new ReleaseRegister(db).drop(name);
            print(json, () -> new JsonObject().put("dropped", r.name()).put("relation", r.relation()).render(),
                    out -> out.printf("dropped release %s (%s)%n", r.name(), r.relation()));
            return ExitCodes.OK;
        }
    }
}
