package org.kanon.cli;

import org.kanon.db.Database;
import org.kanon.engine.JsonObject;
import org.kanon.workflow.Spec;
import org.kanon.workflow.SpecStore;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "list", description = "List the release specifications, one per line (tab-separated).")
final class SpecListCommand extends ResultCommand {

    @Override
    public Integer call() {
        boolean json = json();
        try (Database db = openDatabase()) {
            var out = out();
            if (json) {
                out.println(JsonObject.array(new SpecStore(db).list().stream().map(SpecShowCommand::json).toList()));
            } else {
                out.println("name\tsource\tqi\tk\talgorithm\trelease");
                for (Spec s : new SpecStore(db).list()) {
                    out.printf("%s\t%s\t%s\t%d\t%s\t%s%n", s.name(), s.fromQuery() ? "(query)" : s.sourceTable(), s.quasiIdentifiers(),
                            s.k(), s.algorithm(), s.releaseName());
                }
            }
            out.flush();
            return ExitCodes.OK;
        }
    }
}
