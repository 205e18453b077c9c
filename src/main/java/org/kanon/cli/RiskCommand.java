package org.kanon.cli;

import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.release.ReleaseRegister;
import org.kanon.risk.CriterionFigures;
import org.kanon.risk.RiskAnalysis;
import org.kanon.risk.RiskAnalyzer;
import org.kanon.risk.RiskOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "risk", description = {
        "Compute the re-identification risk of a table or of a registered release from its class sizes, in the database.",
        "A table: --table, --qi (--levels for a node of its lattice); a release: --release (rows it suppressed are left out).",
        "Figures: prosecutor, journalist and marketer risk (highest, records affected by the highest, average, records above --threshold),",
        "sample uniques, the class-size distribution, the distinction and separation of every combination of the QIs",
        "(which QIs make records unique) and, with --population or --sampling-fraction, the population uniques estimated",
        "by the Zayatz, Pitman and SNB models and the one Dankar et al.'s rule picks. Definitions: README, Risk analysis and reports."})
final class RiskCommand extends ResultCommand {
    @Mixin
    RiskSubjectOptions what;

    @Option(names = "--combinations", paramLabel = "N",
            description = "Measure QI combinations of at most N QIs (default: all when there are at most 10 QIs, else 3; 0: none).")
    Integer combinations;

    @Override
    public Integer call() {
        boolean json = json();
        if (combinations != null && combinations < 0) {
            throw new InvalidInputException("--combinations: must be 0 (none) or more, got " + combinations);
        }
        RiskOptions options = what.options(combinations == null ? -1 : combinations);
        what.require();
        try (Database db = openDatabase()) {
            RiskAnalysis analysis = new RiskAnalyzer(db, progress(json)).analyze(what.subject(db), options);
            CriterionFigures figures = what.release == null ? null
                    : CriterionFigures.ofRelease(db, new ReleaseRegister(db).require(what.release)).orElse(null);
            RiskOutput output = new RiskOutput(analysis, figures);
            print(json, () -> output.json().render(), out -> out.print(output.text()));
        }
        return ExitCodes.OK;
    }
}
