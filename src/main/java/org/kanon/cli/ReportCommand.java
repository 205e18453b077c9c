package org.kanon.cli;

import java.nio.file.Path;
import org.kanon.db.Database;
import org.kanon.release.ReleaseRegister;
import org.kanon.report.ReleaseReport;
import org.kanon.report.ReportFile;
import org.kanon.risk.RiskOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "report", description = {
        "Write one self-contained HTML file about a registered release or about the risk of a table.",
        "Styles and charts are inline; nothing is fetched when it is opened. --release: the source table before vs the release",
        "after: re-identification risk, class sizes, the level of every cell, utility figures, the re-check SQL.",
        "--table, --qi, --levels: the risk of a table.",
        "kanon anonymize --report FILE writes the same for the release it makes, with the lattice of a full-domain search."})
final class ReportCommand extends KanonSubcommand {
    @Option(names = "--html", paramLabel = "FILE", required = true, description = "The HTML file to write (replaced whole if it exists).")
    String html;

    @Mixin
    RiskSubjectOptions what;

    @Override
    public Integer call() {
        Path file = ReportFile.check("--html", html);
        RiskOptions options = what.options(-1);
        what.require();
        String page;
        try (Database db = openDatabase()) {
            ReleaseReport report = new ReleaseReport(db, "kanon " + KanonVersion.version(), progress(false));
            page = what.isRelease() ? report.html(new ReleaseRegister(db).require(what.release), options, null)
                    : report.html(what.subject(db), options);
        }
        ReportFile.write(file, page);
        out().println("report written: " + file);
        out().flush();
        return ExitCodes.OK;
    }
}
