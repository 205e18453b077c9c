package org.kanon.cli;

import java.util.List;
import org.kanon.db.Database;
import org.kanon.release.ReleaseRecord;
import org.kanon.release.ReleaseRegister;
import org.kanon.verify.ReleaseVerification;
import org.kanon.verify.Violation;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "verify", description = {
        "Re-check a registered release independently of the code that produced it: its stored re-check SQL, then the",
        "rows, classes and cells against the source and the bound hierarchies. Exit 0 verified, 1 not (violations listed)."})
final class VerifyCommand extends KanonSubcommand {
    @Parameters(paramLabel = "R", description = "Release name.")
    String name;

    @Option(names = "--limit", defaultValue = "10", paramLabel = "N", description = "Violations listed per check (default 10).")
    int limit;

    @Override
    public Integer call() {
        try (Database db = openDatabase()) {
            ReleaseRecord r = new ReleaseRegister(db).require(name);
            List<Violation> violations = new ReleaseVerification(db).verify(r, Math.max(1, limit));
            var out = out();
            if (violations.isEmpty()) {
                out.printf("verified %s (%s): re-check SQL, rows, classes and cells agree with the source and the register%n", r.name(), r.relation());
                out.flush();
                return ExitCodes.OK;
            }
            out.printf("NOT verified %s (%s): %d violation(s)%n", r.name(), r.relation(), violations.size());
            violations.forEach(v -> out.println("  " + v));
            out.flush();
            return ExitCodes.NOT_MET;
        }
    }
}
