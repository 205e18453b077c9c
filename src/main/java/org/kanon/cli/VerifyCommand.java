package org.kanon.cli;

import java.util.List;
import org.kanon.db.Database;
import org.kanon.engine.JsonObject;
import org.kanon.progress.Progress;
import org.kanon.progress.Step;
import org.kanon.release.ReleaseRecord;
import org.kanon.release.ReleaseRegister;
import org.kanon.verify.ReleaseVerification;
import org.kanon.verify.Violation;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "verify", description = {
        "Re-check a registered release independently of the code that produced it.",
        "First its stored re-check SQL, then the rows: every class against the registered privacy model, and every released",
        "row paired with a distinct source row it generalizes (non-QI columns kept). Exit 0 verified, 1 not (violations listed)."})
final class VerifyCommand extends ResultCommand {
    @Parameters(paramLabel = "R", arity = "0..1", description = "Release name (or --table, --qi, --k for any table).")
    String name;

    @Option(names = "--table", paramLabel = "T", description = "Check any table instead, e.g. one released by another tool.")
    String table;

    @Option(names = "--qi", paramLabel = "A,B", description = "With --table: its quasi-identifying columns.")
    String qi;

    @Option(names = "--k", paramLabel = "K", description = "With --table: the least class size.")
    Integer k;

    @Option(names = "--limit", defaultValue = "10", paramLabel = "N", description = "Violations listed per check (default 10).")
    int limit;


    @Override
    public Integer call() {
        boolean json = json();
        if ((name == null) == (table == null)) {
            throw new org.kanon.InvalidInputException("verify: give a release name, or --table with --qi and --k, not both");
        }
        if (table != null) {
            return verifyTable(json);
        }
        try (Database db = openDatabase()) {
            ReleaseRecord r = new ReleaseRegister(db).require(name);
            List<Violation> violations = new ReleaseVerification(db, progress(json)).verify(r, Math.max(1, limit));
            return report(r.name() + " (" + r.relation() + ")", "re-check SQL, rows, classes under " + r.privacyModel() + " and every row agree with the source and the register",
                    violations, "violation(s)");
        }
    }

    /** Any table: every class of its QI columns holds at least k rows (a row whose QIs are all '*' counts as suppressed). */
    private int verifyTable(boolean json) {
        if (qi == null || k == null) {
            throw new org.kanon.InvalidInputException("verify --table: --qi and --k are required");
        }
        if (k < 1) {
            throw new org.kanon.InvalidInputException("--k: must be at least 1, got " + k);
        }
        try (Database db = openDatabase()) {
            var source = new org.kanon.schema.TableResolver(db).resolve(table);
            List<Violation> violations;
            try (Step checking = progress(json).start("checking the classes", Progress.UNKNOWN)) {
                violations = org.kanon.verify.TableVerification.verify(db, source, source.columns(Lists.names("--qi", qi)), k,
                        Math.max(1, limit));
            }
            return report(source.displayName(), "every class of " + qi + " holds at least " + k + " rows", violations,
                    "class(es) below k = " + k);
        }
    }

    /**
     * Prints the verdict and returns its exit code: 0 verified, 1 not. The total counts every failure ({@code unit}),
     * those listed one per line and those a "N more" line counts.
     */
    private int report(String what, String verifiedText, List<Violation> violations, String unit) {
        var out = out();
        if (json()) {
            StringBuilder list = new StringBuilder("[");
            for (Violation v : violations) {
                list.append(list.length() > 1 ? "," : "").append(new JsonObject().put("check", v.check())
                        .put("detail", v.detail()).render());
            }
            out.println(new JsonObject().put("subject", what).put("verified", violations.isEmpty())
                    .putRaw("violations", list.append(']').toString()).render());
        } else if (violations.isEmpty()) {
            out.printf("verified %s: %s%n", what, verifiedText);
        } else {
            long total = violations.stream().mapToLong(Violation::count).sum();
            long listed = violations.stream().filter(v -> v.count() == 1).count();
            out.printf("NOT verified %s: %d %s%s%n", what, total, unit, total == listed ? "" : " (" + listed + " listed, " + (total - listed) + " more counted)");
            violations.forEach(v -> out.println("  " + v));
        }
        out.flush();
        return violations.isEmpty() ? ExitCodes.OK : ExitCodes.NOT_MET;
    }
}
