package org.kanon.cli;

import java.nio.file.Path;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.frequency.StarSchema;
import org.kanon.lattice.LevelVector;
import org.kanon.release.ReleaseRegister;
import org.kanon.report.ReleaseReport;
import org.kanon.report.ReportFile;
import org.kanon.risk.RiskOptions;
import org.kanon.risk.RiskSubject;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.schema.hierarchy.HierarchyCatalog;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "report", description = {
        "Write one self-contained HTML file (styles and charts inline, nothing fetched when opened) about a registered release",
        "(--release: the source table before vs the release after: re-identification risk, class sizes, the level of every",
        "cell, utility figures, the re-check SQL) or about the risk of a table (--table, --qi, --levels).",
        "kanon anonymize --report FILE writes the same for the release it makes, with the lattice of a full-domain search."})
final class ReportCommand extends KanonSubcommand {
    @Option(names = "--html", paramLabel = "FILE", required = true, description = "The HTML file to write (replaced whole if it exists).")
    String html;

    @Option(names = "--release", paramLabel = "R", description = "A registered release.")
    String release;

    @Option(names = "--table", paramLabel = "T", description = "A table instead of a release: a risk-only report.")
    String table;

    @Option(names = "--qi", paramLabel = "A,B,C", description = "Quasi-identifying columns of --table.")
    String qi;

    @Option(names = "--levels", paramLabel = "L1,L2,..", description = "A node of the lattice of --table (default all 0).")
    String levels;

    @Option(names = "--threshold", paramLabel = "P", defaultValue = "0.1", description = "As for kanon risk (default 0.1).")
    String threshold;

    @Option(names = "--population", paramLabel = "N", description = "As for kanon risk: population estimates for the table and the release.")
    Long population;

    @Option(names = "--sampling-fraction", paramLabel = "F", description = "As for kanon risk (instead of --population).")
    String samplingFraction;

    @Override
    public Integer call() {
        Path file = ReportFile.check("--html", html);
        RiskOptions options = new RiskOptions(RiskOptions.share("--threshold", threshold), population,
                samplingFraction == null ? null : RiskOptions.share("--sampling-fraction", samplingFraction), -1);
        if (release == null && (table == null || qi == null)) {
            throw new InvalidInputException("--release R, or --table T with --qi, is required");
        }
        if (release != null && (table != null || qi != null || levels != null)) {
            throw new InvalidInputException((table != null ? "--table" : qi != null ? "--qi" : "--levels")
                    + ": not with --release (a release names its table, QIs and levels)");
        }
        String page;
        try (Database db = openDatabase()) {
            ReleaseReport report = new ReleaseReport(db, "kanon " + KanonVersion.version());
            page = release != null ? report.html(new ReleaseRegister(db).require(release), options, null) : report.html(subject(db), options);
        }
        ReportFile.write(file, page);
        out().println("report written: " + file);
        out().flush();
        return ExitCodes.OK;
    }

    private RiskSubject subject(Database db) {
        SourceTable source = new TableResolver(db).resolve(table);
        StarSchema schema = StarSchema.of(source, Lists.names("--qi", qi), new HierarchyCatalog(db));
        int n = schema.quasiIdentifiers().size();
        return RiskSubject.node(schema, levels == null ? LevelVector.zero(n) : Lists.levels(levels, n));
    }
}
