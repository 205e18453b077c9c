package org.kanon.engine;

import java.util.Locale;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.db.ErrorLine;
import org.kanon.progress.Progress;
import org.kanon.schema.SourceTable;
import org.kanon.workflow.Spec;
import org.kanon.workflow.SpecRunner;

/**
 * Runs a spec on the open database through the engine, exactly as {@code kanon anonymize --format json} would run
 * the command a DBA would have typed: the same checks, the same algorithms, the same release path; the run's report
 * is the engine's JSON outcome, kept in SPEC_RUNS.RESULT.
 */
public final class SpecAnonymizer implements SpecRunner.Engine {
    /** How a failure kanon did not expect ends its one line (as the command line reports it). */
    private static final String DEBUG_HINT = " (KANON_DEBUG=1 prints the stack trace)";

    private final Progress progress;

    /** Runs nobody watches (the worker's: it logs a line per request instead). */
    public SpecAnonymizer() {
        this(Progress.NONE);
    }

    /** Runs whose long steps report to {@code progress} ({@code kanon run} on a terminal). */
    public SpecAnonymizer(Progress progress) {
        this.progress = Progress.orNone(progress);
    }

    @Override
    public SpecRunner.Execution release(Database db, Spec spec, SourceTable source, String releaseName, boolean replace) {
        // an option the spec's columns set is the spec's own mistake: it fails the run before the engine starts
        SpecOptions.refuseOwnOptions(spec);
        String line = System.lineSeparator();
        try {
            Anonymization what = SpecOptions.anonymization(spec, source.schema() + "." + source.name());
            AnonymizeOptions options = SpecOptions.options(spec, releaseName, replace);
            AnonymizeResult r = new AlgorithmRunner(db, progress).run(spec.algorithm(), what, options, null);
            return new SpecRunner.Execution(r.met() ? 0 : 1, r.outcome().render() + line, "");
        } catch (InvalidInputException e) {
            return new SpecRunner.Execution(2, "", e.getMessage() + line);
        } catch (RuntimeException | Error e) {
            // as the command line reports what it did not expect (an OutOfMemoryError too: the run is recorded as
            // failed, exit 3): the line names the exception and where it happened, never its message, which may quote a row
            return new SpecRunner.Execution(3, "", ErrorLine.of(e) + DEBUG_HINT + line);
        }
    }

    /**
     * Checks a spec before it is stored: its options are options of {@code kanon anonymize}, of its algorithm, and
     * its values are in range, so a bad spec is refused when written rather than when it runs.
     */
    public static void check(Spec spec) {
        String where = "spec '" + spec.name() + "'";
        if (spec.name().isBlank() || spec.name().length() > 128) {
            throw new InvalidInputException("spec name must be 1 to 128 characters");
        }
        if ((spec.sourceTable() == null) == (spec.sourceQuery() == null)) {
            throw new InvalidInputException(where + ": give exactly one of a source table and a source query");
        }
        if (spec.k() < 1) {
            throw new InvalidInputException(where + ": k must be at least 1, got " + spec.k());
        }
        if (!spec.releaseName().matches("[A-Za-z][A-Za-z0-9_]{0,99}")) {
            throw new InvalidInputException(where + ": release name '" + spec.releaseName()
                    + "' must start with a letter and hold only letters, digits and _ (at most 100)");
        }
        String kind = spec.targetKind().toUpperCase(Locale.ROOT);
        if (!kind.equals("VIEW") && !kind.equals("TABLE")) {
            throw new InvalidInputException(where + ": target kind must be VIEW or TABLE, got '" + spec.targetKind() + "'");
        }
        SpecOptions.refuseOwnOptions(spec);
        try {
            AnonymizeOptions options = SpecOptions.options(spec, spec.releaseName(), false);
            if (Algorithms.names().contains(spec.algorithm())) {
                Algorithms.requireApplicable(spec.algorithm(), options::isGiven);
            }
        } catch (InvalidInputException e) {
            throw new InvalidInputException(where + ": " + e.getMessage());
        }
    }
}
