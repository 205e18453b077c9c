package org.kanon.cli;

import org.kanon.db.Database;
import org.kanon.engine.JsonObject;
import org.kanon.workflow.SpecRunner;
import org.kanon.workflow.SpecStore;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "run", description = {
        "Run a release specification now and record the run (KANON.SPEC_RUNS).",
        "Each run makes a new version of the release (R, R_v2, R_v3...) unless --replace.",
        "Exit 0 released, 1 requirement not met, 2 bad spec."})
final class RunCommand extends ResultCommand {
    @Parameters(index = "0", paramLabel = "SPEC")
    String name;

    @Option(names = "--replace", description = "Overwrite the newest version instead of adding one.")
    boolean replace;


    @Override
    public Integer call() {
        boolean asJson = json();
        try (Database db = openDatabase()) {
            var spec = new SpecStore(db).require(name);
            SpecRunner.Outcome o = new SpecRunner(db, new SpecEngine(progress(asJson))).run(spec, replace, null, null);
            print(o, asJson);
            return o.exitCode();
        }
    }

    private void print(SpecRunner.Outcome o, boolean asJson) {
        if (asJson) {
            out().println(json(o).render());
        } else if (o.released()) {
            out().printf("run %d of spec %s: released %s (version %d)%n", o.runId(), name, o.releaseName(), o.version());
        } else {
            // like every refusal: one line on stderr, stdout empty (the run is recorded in SPEC_RUNS all the same)
            var err = spec.commandLine().getErr();
            err.printf("kanon: run %d of spec %s: %s: %s%n", o.runId(), name, o.status().toLowerCase(java.util.Locale.ROOT),
                    o.error() == null ? "" : o.error().strip().replace('\n', ' '));
            err.flush();
        }
        out().flush();
    }

    static JsonObject json(SpecRunner.Outcome o) {
        return new JsonObject().put("run", o.runId()).put("status", o.status()).put("release", o.releaseName())
                .put("version", o.version()).put("error", o.error()).put("exitCode", o.exitCode());
    }
}
