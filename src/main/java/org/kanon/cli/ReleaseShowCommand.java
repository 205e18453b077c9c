package org.kanon.cli;

import java.io.PrintWriter;
import org.kanon.db.Database;
import org.kanon.engine.Timestamps;
import org.kanon.release.ReleaseRecord;
import org.kanon.release.ReleaseRegister;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(name = "show", description = "Show a release's register entry, including the SQL that re-checks it.")
final class ReleaseShowCommand extends ResultCommand {
    @Parameters(paramLabel = "R", description = "Release name.")
    String name;

    @Override
    public Integer call() {
        boolean json = json();
        try (Database db = openDatabase()) {
            ReleaseRecord r = new ReleaseRegister(db).require(name);
            ShownRecheck recheck = ShownRecheck.of(db, r);
            print(json, () -> recheck.json(r).render(), out -> text(out, r, recheck));
            return ExitCodes.OK;
        }
    }

    private static void text(PrintWriter out, ReleaseRecord r, ShownRecheck recheck) {
        out.printf("release:           %s%n", r.name());
        out.printf("relation:          %s (%s)%n", r.relation(), r.kind().toLowerCase());
        out.printf("source:            %s.%s%n", r.sourceSchema(), r.sourceTable());
        out.printf("algorithm:         %s%n", r.algorithm());
        out.printf("quasi-identifiers: %s%n", r.quasiIdentifiers());
        out.printf("levels:            %s%n", r.levels());
        out.printf("k:                 %d%n", r.k());
        out.printf("privacy model:     %s%n", r.privacyModel());
        out.printf("recoding:          %s%n", r.recoding().toLowerCase());
        out.printf("suppression:       %s (limit %d rows, mode %s)%n", r.suppression(), r.suppressionLimit(), r.suppressMode());
        out.printf("rows:              %d in, %d out, %d suppressed%n", r.rowsIn(), r.rowsOut(), r.rowsSuppressed());
        out.printf("classes:           %d, smallest %d%n", r.classes(), r.smallestClass());
        out.printf("created:           %s by %s%n", Timestamps.format(r.createdAt()), r.createdBy());
        switch (recheck.stored()) {
            case ShownRecheck.ALTERED -> out.printf("WARNING: the register's re-check SQL was altered (it is not the statement kanon builds from the "
                    + "register); do not run it. kanon's own re-check (must return no row):%n%s%n", recheck.sql());
            case ShownRecheck.UNCONFIRMED -> out.printf("WARNING: kanon cannot build the re-check again (source %s.%s or a registered column is gone), "
                    + "so the stored text below is unconfirmed; read it before running it:%n%s%n", r.sourceSchema(), r.sourceTable(), recheck.sql());
            default -> out.printf("re-check SQL (must return no row):%n%s%n", recheck.sql());
        }
    }
}
