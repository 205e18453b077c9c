package org.kanon.cli;

import java.time.LocalDateTime;
import java.util.HashSet;
import java.util.Set;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.engine.Counts;
import org.kanon.engine.JsonObject;
import org.kanon.engine.ModelWords;
import org.kanon.engine.ReleaseJson;
import org.kanon.frequency.StarSchema;
import org.kanon.lattice.LevelVector;
import org.kanon.privacy.CheckResult;
import org.kanon.release.ReleaseOutcome;
import org.kanon.release.ReleaseRecord;
import org.kanon.release.ReleaseRequest;
import org.kanon.release.ReleaseWriter;
import org.kanon.release.RunLog;
import org.kanon.release.SuppressMode;
import org.kanon.schema.SourceTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "release", description = {
        "Publish the full-domain generalization at a node as a view (or table) in schema KANON_RELEASE and register it.",
        "Exit 1, writing nothing, when the node is not k-anonymous within the suppression allowance."},
        subcommands = {ReleaseListCommand.class, ReleaseShowCommand.class, ReleaseDropCommand.class})
final class ReleaseCommand extends ResultCommand {

    @Mixin
    NodeOptions node;

    @Option(names = "--levels", paramLabel = "L1,L2,..", description = "Generalization level per QI.")
    String levels;

    @Option(names = "--name", paramLabel = "R", description = "Release name (the relation's name).")
    String name;

    @Option(names = "--identifying", paramLabel = "A,B", description = "Identifying columns, dropped from the release.")
    String identifying;

    @Option(names = "--suppress-mode", paramLabel = "remove|star", defaultValue = "remove",
            description = "Rows of classes below k: removed (default) or kept with every QI set to *.")
    String suppressMode;

    @Option(names = "--materialize", description = "Write a table instead of a view.")
    boolean materialize;

    @Option(names = "--replace", description = "Overwrite an existing release of that name.")
    boolean replace;

    @Override
    public Integer call() {
        if (!node.anyGiven() && levels == null && name == null) {
            throw new InvalidInputException("release: give --table, --qi, --levels, --k and --name, or one of list | show R | drop R");
        }
        node.require();
        if (levels == null) {
            throw new InvalidInputException("--levels is required");
        }
        if (name == null) {
            throw new InvalidInputException("--name is required");
        }
        LocalDateTime started = LocalDateTime.now();
        boolean json = json();
        NodeOptions o = node;
        try (Database db = openDatabase()) {
            SuppressMode mode = SuppressMode.parse(suppressMode);
            var model = o.model();
            var suppression = o.suppressionLimit();
            SourceTable source = o.source(db);
            StarSchema schema = o.schema(db, source);
            LevelVector node = o.node(levels, schema);
            Set<String> identifyingColumns = new HashSet<>();
            for (String column : Lists.names("--identifying", identifying)) {
                identifyingColumns.add(source.column(column).name());
            }
            ReleaseOutcome outcome = new ReleaseWriter(db, progress(json)).release(new ReleaseRequest(name, schema, node, model,
                    suppression, mode, materialize, replace, identifyingColumns, "full-domain"));
            String params = o.describe(levels) + " name=" + name + " mode=" + mode.label()
                    + (materialize ? " materialize" : "");
            if (!outcome.released()) {
                CheckResult r = outcome.check();
                print(json, () -> new JsonObject().put("released", false).put("table", source.displayName())
                                .put("levels", node.toCsv()).put("node", node.toString(schema.names())).put("model", model.toString())
                                .put("rowsBelowK", r.rowsBelowK()).put("classesBelowK", r.classesBelowK())
                                .put("suppressionAllowance", r.suppressionAllowance()).render(),
                        out -> out.printf("not released: %s at %s is not %s: %s in %s below k, %d may be suppressed%n",
                                source.displayName(), node.toString(schema.names()), ModelWords.adjective(model), Counts.rows(r.rowsBelowK()),
                                Counts.classes(r.classesBelowK()),
                                r.suppressionAllowance()));
                new RunLog(db).record(db.dsl(), "release", source, params, "NOT_ANONYMOUS", null, null, started);
                return ExitCodes.NOT_MET;
            }
            ReleaseRecord r = outcome.release();
            new RunLog(db).record(db.dsl(), "release", source, params, "RELEASED", r.relation(), r.name(), started);
            print(json, () -> new JsonObject().put("released", true).put("release", ReleaseJson.of(r)).render(),
                    out -> ReleaseJson.text(out, r));
            return ExitCodes.OK;
        }
    }
}
