package org.kanon.cli;

import java.io.PrintWriter;
import java.util.List;
import org.kanon.db.Database;
import org.kanon.engine.JsonObject;
import org.kanon.engine.Timestamps;
import org.kanon.release.ReleaseRecord;
import org.kanon.release.ReleaseRegister;
import picocli.CommandLine.Command;

@Command(name = "list", description = "List registered releases, one per line (tab-separated).")
final class ReleaseListCommand extends ResultCommand {
    @Override
    public Integer call() {
        boolean json = json();
        try (Database db = openDatabase()) {
            List<ReleaseRecord> releases = new ReleaseRegister(db).list();
            print(json, () -> JsonObject.array(releases.stream().map(r -> ShownRecheck.of(db, r).json(r)).toList()), out -> text(out, releases));
            return ExitCodes.OK;
        }
    }

    private static void text(PrintWriter out, List<ReleaseRecord> releases) {
        out.println("name\trelation\tkind\tsource\tqi\tlevels\tk\trows_out\tcreated_at\tcreated_by");
        for (ReleaseRecord r : releases) {
            out.printf("%s\t%s\t%s\t%s.%s\t%s\t%s\t%d\t%d\t%s\t%s%n", r.name(), r.relation(), r.kind().toLowerCase(),
                    r.sourceSchema(), r.sourceTable(), r.quasiIdentifiers(), r.levels(), r.k(), r.rowsOut(),
                    Timestamps.format(r.createdAt()), r.createdBy());
        }
    }
}
