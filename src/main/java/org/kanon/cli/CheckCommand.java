package org.kanon.cli;

import java.io.PrintWriter;
import java.time.LocalDateTime;
import org.kanon.db.Database;
import org.kanon.engine.Counts;
import org.kanon.engine.JsonObject;
import org.kanon.release.NodeCheck;
import org.kanon.frequency.StarSchema;
import org.kanon.lattice.LevelVector;
import org.kanon.privacy.CheckResult;
import org.kanon.privacy.PrivacyModel;
import org.kanon.release.RunLog;
import org.kanon.schema.SourceTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "check", description = {"Check whether a table meets the privacy model at a node of the generalization lattice.",
        "The model: k-anonymity; (alpha,k) with --alpha; l-diversity with --l.",
        "Exit 0 when it is met (within the suppression allowance), 1 when it is not."})
final class CheckCommand extends ResultCommand {
    @Mixin
    NodeOptions options;

    @Option(names = "--levels", paramLabel = "L1,L2,..", description = "Generalization level per QI (default all 0).")
    String levels;

    @Override
    public Integer call() {
        LocalDateTime started = LocalDateTime.now();
        options.require();
        boolean json = json();
        try (Database db = openDatabase()) {
            PrivacyModel model = options.model();
            SourceTable source = options.source(db);
            StarSchema schema = options.schema(db, source);
            LevelVector node = options.node(levels, schema);
            CheckResult r = new NodeCheck(db).check(schema, node, model, options.suppressionLimit());
            print(json, () -> json(source, schema, r), out -> text(out, source, schema, r));
            String outcome = r.satisfied() ? "ANONYMOUS" : "NOT_ANONYMOUS";
            new RunLog(db).record(db.dsl(), "check", source, options.describe(levels), outcome, summary(r), null, started);
            return r.satisfied() ? ExitCodes.OK : ExitCodes.NOT_MET;
        }
    }

    private static void text(PrintWriter out, SourceTable source, StarSchema schema, CheckResult r) {
        out.printf("%s at %s (levels %s): %s in %s, smallest class %d%n", source.displayName(),
                r.node().toString(schema.names()), r.node().toCsv(), Counts.rows(r.rows()), Counts.classes(r.classes()), r.smallestClass());
        out.printf("classes failing %s: %d, holding %d rows; suppression allowance %d rows%n", r.model(),
                r.classesBelowK(), r.rowsBelowK(), r.suppressionAllowance());
        if (r.satisfiedWithoutSuppression()) {
            out.printf("%s: yes%n", r.model());
        } else if (r.satisfied()) {
            out.printf("%s: yes, after suppressing %d rows%n", r.model(), r.rowsBelowK());
        } else {
            out.printf("%s: no (%d rows would have to be suppressed, %d allowed)%n", r.model(), r.rowsBelowK(), r.suppressionAllowance());
        }
    }

    private static String json(SourceTable source, StarSchema schema, CheckResult r) {
        return new JsonObject().put("table", source.displayName()).putStrings("qi", schema.names())
                .put("levels", r.node().toCsv()).put("node", r.node().toString(schema.names())).put("model", r.model().toString())
                .put("k", r.model().k()).put("rows", r.rows()).put("classes", r.classes()).put("smallestClass", r.smallestClass())
                .put("classesBelowK", r.classesBelowK()).put("rowsBelowK", r.rowsBelowK())
                .put("suppressionAllowance", r.suppressionAllowance()).put("satisfied", r.satisfied())
                .put("satisfiedWithoutSuppression", r.satisfiedWithoutSuppression()).render();
    }

    private static String summary(CheckResult r) {
        return "rows=" + r.rows() + " classes=" + r.classes() + " smallest=" + r.smallestClass() + " rowsBelowK=" + r.rowsBelowK();
    }
}
