package org.kanon.engine;

import java.io.PrintWriter;
import java.time.LocalDateTime;
import org.kanon.db.Database;
import org.kanon.progress.Progress;

/**
 * Runs one algorithm of the registry on an open database: the name and the applicability of every option given are
 * checked before anything else, then the algorithm validates its own options, works on the source, and (with a
 * release name) releases. The CLI, the spec runner, the Derby procedures and the Java API all come through here.
 */
public final class AlgorithmRunner {
    private final Database db;
    private final Progress progress;

    public AlgorithmRunner(Database db) {
        this(db, Progress.NONE);
    }

    /** Runs whose long steps report to {@code progress}. */
    public AlgorithmRunner(Database db, Progress progress) {
        this.db = db;
        this.progress = Progress.orNone(progress);
    }

    /** {@code text} (may be null) receives the report's lines as the run makes progress. */
    public AnonymizeResult run(String algorithm, Anonymization what, AnonymizeOptions options, PrintWriter text) {
        return prepare(algorithm, what, options).run(new RunContext(db, text, LocalDateTime.now(), progress));
    }

    /**
     * Checks the name, that every option given applies, and the algorithm's own options, without the database: the
     * run they describe, for a caller that opens the database only for a valid request.
     */
    public static Algorithm.Run prepare(String algorithm, Anonymization what, AnonymizeOptions options) {
        Algorithm a = Algorithms.require(algorithm);
        Algorithms.requireApplicable(algorithm, options::isGiven);
        return a.prepare(what, options);
    }
}
