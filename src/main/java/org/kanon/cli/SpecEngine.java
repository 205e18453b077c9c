package org.kanon.cli;

import org.kanon.db.Database;
import org.kanon.engine.SpecAnonymizer;
import org.kanon.progress.Progress;
import org.kanon.schema.SourceTable;
import org.kanon.workflow.Spec;
import org.kanon.workflow.SpecRunner;

/**
 * The engine the CLI's spec runs use ({@code kanon run}, {@code kanon worker}): {@link SpecAnonymizer}, which runs a
 * spec through the application layer directly (kept under this name so the commands and the tests that name it
 * need not change).
 */
public final class SpecEngine implements SpecRunner.Engine {
    private final SpecAnonymizer engine;

    /** The worker's engine: nobody watches its runs. */
    public SpecEngine() {
        this(Progress.NONE);
    }

    /** {@code kanon run}'s engine: the run's long steps report to {@code progress}. */
    SpecEngine(Progress progress) {
        this.engine = new SpecAnonymizer(progress);
    }

    @Override
    public SpecRunner.Execution release(Database db, Spec spec, SourceTable source, String releaseName, boolean replace) {
        return engine.release(db, spec, source, releaseName, replace);
    }

    /** Checks a spec before it is stored (see {@link SpecAnonymizer#check}). */
    public static void check(Spec spec) {
        SpecAnonymizer.check(spec);
    }
}
