package org.kanon.cli;

import java.util.List;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.workflow.Spec;
import org.kanon.workflow.SpecFile;
import org.kanon.workflow.SpecStore;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "create", description = "Store a release specification (checked first: its options must be valid anonymize options).")
final class SpecCreateCommand extends KanonSubcommand {
    @Parameters(index = "0", paramLabel = "SPEC", description = "The spec's name.")
    String name;

    @Option(names = "--table", paramLabel = "T", description = "Source table ([schema.]name); or --query.")
    String table;

    @Option(names = "--query", paramLabel = "SELECT", description = "Source: a SELECT over one or more tables, snapshotted at each run.")
    String query;

    @Option(names = "--qi", required = true, paramLabel = "A,B,C", description = "Quasi-identifying columns.")
    String qi;

    @Option(names = "--k", required = true, paramLabel = "K", description = "Minimum class size.")
    int k;

    @Option(names = "--alpha", paramLabel = "A", description = "(alpha,k)-anonymity: largest share of --value in a class.")
    String alpha;

    @Option(names = "--l", paramLabel = "L", description = "l-diversity of --sensitive.")
    Integer l;

    @Option(names = "--diversity", paramLabel = "frequency|distinct", description = "The form of l-diversity.")
    String diversity;

    @Option(names = "--sensitive", paramLabel = "S", description = "The sensitive attribute.")
    String sensitive;

    @Option(names = "--value", paramLabel = "V", description = "The sensitive value of (alpha,k)-anonymity.")
    String value;

    @Option(names = "--suppression", paramLabel = "N|P%", description = "Rows that may be suppressed (default 0).")
    String suppression;

    @Option(names = "--algorithm", paramLabel = "NAME", description = "As for anonymize (default incognito).")
    String algorithm;

    @Option(names = "--select", paramLabel = "CRITERION", description = "As for anonymize (default height).")
    String select;

    @Option(names = "--options", paramLabel = "TEXT", description = "Further anonymize options of the spec's algorithm, e.g. '--executor memory' (incognito) or '--seed 7' (kaca1).")
    String options;

    @Option(names = "--identifying", paramLabel = "A,B", description = "Identifying columns, dropped from the release.")
    String identifying;

    @Option(names = "--materialize", description = "Release a table instead of a view.")
    boolean materialize;

    @Option(names = "--hierarchy", paramLabel = "COL=TABLE.COL", description = "Column COL takes the hierarchy bound to TABLE.COL (repeatable).")
    List<String> hierarchies;

    @Option(names = "--release", required = true, paramLabel = "R", description = "Release name; re-runs make R_v2, R_v3...")
    String release;

    @Option(names = "--description", paramLabel = "TEXT", description = "What the release is for.")
    String description;

    @Option(names = "--replace", description = "Overwrite a spec of that name.")
    boolean replace;

    @Override
    public Integer call() {
        List<Spec.HierarchyBinding> bindings = hierarchies == null ? List.of()
                : SpecFile.parseBindings(String.join(";", hierarchies));
        Spec spec;
        try {
            spec = new Spec(name.trim(), table, query, qi, identifying, k, alpha, l, diversity, sensitive, value, suppression,
                    algorithm, select, options, materialize ? "TABLE" : "VIEW", release, description, bindings);
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException(e.getMessage());
        }
        SpecEngine.check(spec);
        try (Database db = openDatabase()) {
            org.kanon.workflow.SpecNames.check(db, spec);
            if (spec.fromQuery()) {
                org.kanon.workflow.SourceSnapshot.checkQuery(db, spec);
            }
            new SpecStore(db).save(List.of(spec), replace);
        }
        out().printf("spec %s stored: releases %s%n", spec.name(), spec.releaseName());
        out().flush();
        return ExitCodes.OK;
    }
}
