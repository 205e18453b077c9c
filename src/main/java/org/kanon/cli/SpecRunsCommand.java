package org.kanon.cli;

import java.util.Locale;
import org.kanon.db.Database;
import org.kanon.engine.JsonObject;
import org.kanon.workflow.SpecRuns;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "runs", description = "List the runs of release specifications (KANON.SPEC_RUNS), newest first.")
final class SpecRunsCommand extends ResultCommand {
    @Parameters(index = "0", arity = "0..1", paramLabel = "SPEC", description = "Only this spec's runs.")
    String name;

    @Option(names = "--limit", defaultValue = "20", paramLabel = "N", description = "At most N runs (default 20).")
    int limit;


    @Override
    public Integer call() {
        boolean asJson = json();
        try (Database db = openDatabase()) {
            var out = out();
            var runs = new SpecRuns(db).list(name, Math.max(1, limit));
            if (asJson) {
                out.println(JsonObject.array(runs.stream().map(r -> new JsonObject().put("run", r.id()).put("spec", r.spec())
                            .put("request", r.requestId() == null ? null : (long) r.requestId()).put("status", r.status())
                            .put("release", r.releaseName()).put("rowsIn", r.rowsIn()).put("rowsOut", r.rowsOut())
                            .put("rowsSuppressed", r.rowsSuppressed()).put("classes", r.classes()).put("chosen", r.chosen())
                            .put("error", r.error()).put("runBy", r.runBy()).put("worker", r.worker())
                            .put("startedAt", String.valueOf(r.startedAt())).put("finishedAt", r.finishedAt() == null ? null : r.finishedAt().toString()))
                        .toList()));
            } else {
                out.println("run\tspec\tstatus\trelease\trows_in\trows_out\tstarted_at\trun_by\terror");
                for (SpecRuns.Run r : runs) {
                    out.printf(Locale.ROOT, "%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s%n", r.id(), r.spec(), r.status(),
                            r.releaseName() == null ? "" : r.releaseName(), r.rowsIn() == null ? "" : r.rowsIn(),
                            r.rowsOut() == null ? "" : r.rowsOut(), r.startedAt(), r.runBy(), r.error() == null ? "" : r.error());
                }
            }
            out.flush();
            return ExitCodes.OK;
        }
    }
}
