package org.kanon.cli;

import java.util.List;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.frequency.StarSchema;
import org.kanon.lattice.LevelVector;
import org.kanon.privacy.KAnonymity;
import org.kanon.privacy.SuppressionLimit;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.schema.hierarchy.HierarchyCatalog;
import picocli.CommandLine.Option;

/** The options that name a table, its quasi-identifiers, a node of the lattice and the requirement. */
final class NodeOptions {
    @Option(names = "--table", paramLabel = "T", description = "Source table ([schema.]name).")
    String table;

    @Option(names = "--qi", paramLabel = "A,B,C", description = "Quasi-identifying columns.")
    String qi;

    @Option(names = "--k", paramLabel = "K", description = "Minimum class size.")
    Integer k;

    @Option(names = "--suppression", paramLabel = "N|P%", defaultValue = "0",
            description = "Rows that may be suppressed: a count or a percentage of the table (default 0).")
    String suppression;

    /** Options are checked here, not by picocli, so a command can also run bare subcommands (release list). */
    void require(String... more) {
        if (table == null) {
            throw new InvalidInputException("--table is required");
        }
        if (qi == null) {
            throw new InvalidInputException("--qi is required");
        }
        if (k == null) {
            throw new InvalidInputException("--k is required");
        }
    }

    boolean anyGiven() {
        return table != null || qi != null || k != null;
    }

    KAnonymity model() {
        return new KAnonymity(k);
    }

    SuppressionLimit suppressionLimit() {
        return SuppressionLimit.parse(suppression);
    }

    List<String> qiNames() {
        return Lists.names("--qi", qi);
    }

    SourceTable source(Database db) {
        return new TableResolver(db).resolve(table);
    }

    StarSchema schema(Database db, SourceTable source) {
        return StarSchema.of(source, qiNames(), new HierarchyCatalog(db));
    }

    LevelVector node(String levels, StarSchema schema) {
        LevelVector node = Lists.levels(levels, schema.quasiIdentifiers().size());
        schema.validate(node);
        return node;
    }

    String describe(String levels) {
        return "table=" + table + " qi=" + qi + " k=" + k + " levels=" + (levels == null ? "0" : levels) + " suppression=" + suppression;
    }
}
