package org.kanon.cli;

import org.kanon.db.Database;
import org.kanon.release.ReleaseRecord;
import org.kanon.release.ReleaseRegister;
import picocli.CommandLine.Command;

@Command(name = "list", description = "List registered releases, one per line (tab-separated).")
final class ReleaseListCommand extends KanonSubcommand {
    @Override
    public Integer call() {
        try (Database db = openDatabase()) {
            var out = out();
            out.println("name\trelation\tkind\tsource\tqi\tlevels\tk\trows_out\tcreated_at\tcreated_by");
            for (ReleaseRecord r : new ReleaseRegister(db).list()) {
                out.printf("%s\t%s\t%s\t%s.%s\t%s\t%s\t%d\t%d\t%s\t%s%n", r.name(), r.relation(), r.kind().toLowerCase(),
                        r.sourceSchema(), r.sourceTable(), r.quasiIdentifiers(), r.levels(), r.k(), r.rowsOut(),
                        r.createdAt(), r.createdBy());
            }
            out.flush();
            return ExitCodes.OK;
        }
    }
}
