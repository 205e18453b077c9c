package org.kanon.cli;

import java.util.List;
import org.kanon.db.Database;
import org.kanon.engine.Anonymization;
import org.kanon.frequency.StarSchema;
import org.kanon.lattice.LevelVector;
import org.kanon.privacy.PrivacyModel;
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

    @Option(names = "--alpha", paramLabel = "A",
            description = "(alpha,k)-anonymity: the sensitive value(s) --value (or, without --value, every value of --sensitive) "
                    + "make up at most this share of every class, 0 < A <= 1.")
    String alpha;

    @Option(names = "--l", paramLabel = "L", description = "l-diversity of --sensitive in every class (see --diversity).")
    Integer l;

    @Option(names = "--diversity", paramLabel = "frequency|distinct|entropy|recursive",
            description = "frequency: the most frequent value holds at most |E|/l rows of a class (default); distinct: at least l distinct values; "
                    + "entropy: the entropy of a class's values is at least ln l; recursive: r1 < c (r_l + ... + r_m) of the counts sorted descending (needs --c).")
    String diversity;

    @Option(names = "--c", paramLabel = "C", description = "The c of recursive (c,l)-diversity, a number above 0.")
    String c;

    @Option(names = "--t", paramLabel = "T",
            description = "t-closeness of --sensitive: the earth mover's distance between a class's values and the whole table's is at most T, 0 < T <= 1.")
    String t;

    @Option(names = "--closeness", paramLabel = "equal|hierarchical|ordered",
            description = "The ground distance of --t: equal (default), hierarchical (over the hierarchy bound to --sensitive) or ordered (a numeric column).")
    String closeness;

    @Option(names = "--k-map", paramLabel = "K", description = "k-map: every class holding a row matches at least K rows of --population.")
    Integer kMap;

    @Option(names = "--presence", paramLabel = "DMIN,DMAX",
            description = "delta-presence: in every class of the generalized --population, rows of the table / rows of the population lies in [DMIN, DMAX].")
    String presence;

    @Option(names = "--population", paramLabel = "P",
            description = "The population table of --k-map and --presence: the table is a sample of it; same QI column names, generalized by the table's hierarchies.")
    String population;

    @Option(names = "--sensitive", paramLabel = "S[,S2..]",
            description = "The sensitive attribute of --alpha, --l or --t; several columns (comma-separated) for --l and --t, each of which must meet them.")
    String sensitive;

    @Option(names = "--value", paramLabel = "V",
            description = "A sensitive value of --sensitive for simple (alpha,k)-anonymity; repeat it to join several values into one sensitive class.")
    List<String> values;

    @Option(names = "--suppression", paramLabel = "N|P%", defaultValue = "0",
            description = "Rows that may be suppressed: a count or a percentage of the table (default 0).")
    String suppression;

    /** Options are checked here, not by picocli, so a command can also run bare subcommands (release list). */
    void require() {
        anonymization().require();
    }

    boolean anyGiven() {
        return table != null || qi != null || k != null;
    }

    /** What to anonymize and under which requirement, as given: the engine builds the model from it. */
    Anonymization anonymization() {
        return new Anonymization(table, qi, k, alpha, l, diversity, sensitive, values, suppression,
                new Anonymization.Beyond(c, t, closeness, kMap, presence, population));
    }

    /** k-anonymity, or (alpha,k)-anonymity with --alpha, or l-diversity with --l; one clear error for a bad mix. */
    PrivacyModel model() {
        return anonymization().model();
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

    /** For the run log: the sensitive values themselves are left out (only how many were named). */
    String describe(String levels) {
        return anonymization().describe(levels);
    }
}
