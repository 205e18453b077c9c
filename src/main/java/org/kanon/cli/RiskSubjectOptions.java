package org.kanon.cli;

import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.frequency.StarSchema;
import org.kanon.lattice.LevelVector;
import org.kanon.release.ReleaseRegister;
import org.kanon.risk.RiskOptions;
import org.kanon.risk.RiskSubject;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.schema.hierarchy.HierarchyCatalog;
import picocli.CommandLine.Option;

/** What `kanon risk` and `kanon report` measure (a table at a node, or a release) and under which assumptions. */
final class RiskSubjectOptions {
    @Option(names = "--table", paramLabel = "T", description = "Source table ([schema.]name).")
    String table;

    @Option(names = "--qi", paramLabel = "A,B,C", description = "Quasi-identifying columns of --table.")
    String qi;

    @Option(names = "--levels", paramLabel = "L1,L2,..", description = "A node of the lattice: each QI's hierarchy level (default all 0: the table as it is).")
    String levels;

    @Option(names = "--release", paramLabel = "R", description = "A registered release instead of a table: its QIs as published, suppressed rows left out.")
    String release;

    @Option(names = "--threshold", paramLabel = "P", defaultValue = "0.1",
            description = "Record risk above which a record is at risk, e.g. 0.1 or 10%% (default 0.1: classes under 10 rows).")
    String threshold;

    @Option(names = "--population", paramLabel = "N", description = "People in the population the table is a sample of: adds the population estimates.")
    Long population;

    @Option(names = "--sampling-fraction", paramLabel = "F", description = "The table's share of its population, in (0, 1] (instead of --population).")
    String samplingFraction;

    /** The assumptions, refused with the option named when out of range; {@code combinations} -1: the default. */
    RiskOptions options(int combinations) {
        return new RiskOptions(RiskOptions.share("--threshold", threshold), population,
                samplingFraction == null ? null : RiskOptions.share("--sampling-fraction", samplingFraction), combinations);
    }

    /** Refuses a mix of a release and a table, or a table without its QIs, before the database is opened. */
    void require() {
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

    boolean isRelease() {
        return release != null;
    }

    RiskSubject subject(Database db) {
        if (release != null) {
            return RiskSubject.release(db, new ReleaseRegister(db).require(release));
        }
        SourceTable source = new TableResolver(db).resolve(table);
        StarSchema schema = StarSchema.of(source, Lists.names("--qi", qi), new HierarchyCatalog(db));
        int n = schema.quasiIdentifiers().size();
        return RiskSubject.node(schema, levels == null ? LevelVector.zero(n) : Lists.levels(levels, n));
    }
}
