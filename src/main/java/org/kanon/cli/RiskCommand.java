package org.kanon.cli;

import java.util.List;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.frequency.StarSchema;
import org.kanon.lattice.LevelVector;
import org.kanon.release.ReleaseRegister;
import org.kanon.risk.RiskAnalysis;
import org.kanon.risk.RiskAnalyzer;
import org.kanon.risk.RiskOptions;
import org.kanon.risk.RiskSubject;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.schema.hierarchy.HierarchyCatalog;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "risk", description = {
        "Re-identification risk of a table (--table, --qi; --levels for a node of its lattice) or of a registered release",
        "(--release; rows it suppressed are left out), computed in the database from its class sizes:",
        "prosecutor, journalist and marketer risk (highest, records affected by the highest, average, records above --threshold),",
        "sample uniques, the class-size distribution, the distinction and separation of every combination of the QIs",
        "(which QIs make records unique) and, with --population or --sampling-fraction, the population uniques estimated",
        "by the Zayatz, Pitman and SNB models and the one Dankar et al.'s rule picks. Definitions: README, section Risk."})
final class RiskCommand extends ResultCommand {
    @Option(names = "--table", paramLabel = "T", description = "Source table ([schema.]name).")
    String table;

    @Option(names = "--qi", paramLabel = "A,B,C", description = "Quasi-identifying columns of --table.")
    String qi;

    @Option(names = "--levels", paramLabel = "L1,L2,..", description = "A node of the lattice: each QI's hierarchy level (default all 0: the table as it is).")
    String levels;

    @Option(names = "--release", paramLabel = "R", description = "A registered release instead of a table: its QIs as published.")
    String release;

    @Option(names = "--threshold", paramLabel = "P", defaultValue = "0.1",
            description = "Record risk above which a record is at risk, e.g. 0.1 or 10%% (default 0.1: classes under 10 rows).")
    String threshold;

    @Option(names = "--population", paramLabel = "N", description = "People in the population the table is a sample of.")
    Long population;

    @Option(names = "--sampling-fraction", paramLabel = "F", description = "The table's share of its population, in (0, 1] (instead of --population).")
    String samplingFraction;

    @Option(names = "--combinations", paramLabel = "N",
            description = "Measure QI combinations of at most N QIs (default: all when there are at most 10 QIs, else 3; 0: none).")
    Integer combinations;

    @Override
    public Integer call() {
        boolean json = json();
        RiskOptions options = new RiskOptions(RiskOptions.share("--threshold", threshold), population,
                samplingFraction == null ? null : RiskOptions.share("--sampling-fraction", samplingFraction),
                combinations == null ? -1 : combinations);
        requireOneSubject();
        try (Database db = openDatabase()) {
            RiskAnalysis analysis = new RiskAnalyzer(db).analyze(subject(db), options);
            RiskOutput output = new RiskOutput(analysis);
            print(json, () -> output.json().render(), out -> out.print(output.text()));
        }
        return ExitCodes.OK;
    }

    private void requireOneSubject() {
        if (release != null) {
            if (table != null || qi != null || levels != null) {
                String given = table != null ? "--table" : qi != null ? "--qi" : "--levels";
                throw new InvalidInputException(given + ": not with --release (a release names its table, QIs and levels)");
            }
            return;
        }
        if (table == null || qi == null) {
            throw new InvalidInputException((table == null ? "--table" : "--qi") + " is required (or --release R)");
        }
    }

    private RiskSubject subject(Database db) {
        if (release != null) {
            return RiskSubject.release(db, new ReleaseRegister(db).require(release));
        }
        SourceTable source = new TableResolver(db).resolve(table);
        StarSchema schema = StarSchema.of(source, Lists.names("--qi", qi), new HierarchyCatalog(db));
        List<String> names = schema.names();
        LevelVector node = levels == null ? LevelVector.zero(names.size()) : Lists.levels(levels, names.size());
        return RiskSubject.node(schema, node);
    }
}
