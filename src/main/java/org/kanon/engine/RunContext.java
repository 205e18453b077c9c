package org.kanon.engine;

import java.io.PrintWriter;
import java.io.Writer;
import java.time.LocalDateTime;
import java.util.HashSet;
import java.util.Set;
import org.kanon.db.Database;
import org.kanon.frequency.StarSchema;
import org.kanon.progress.Progress;
import org.kanon.release.ReleaseRecord;
import org.kanon.release.RunLog;
import org.kanon.report.LatticeView;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.schema.hierarchy.HierarchyCatalog;

/**
 * One run of an algorithm: the open database, where its text report goes (a null writer when nobody reads it), where
 * its long steps report their progress, and when it started. The source is resolved here, once, and handed to the algorithms as resolved objects.
 */
public final class RunContext {
    private final Database db;
    private final PrintWriter text;
    private final LocalDateTime started;
    private final Progress progress;
    private SourceTable source;

    /** {@code text} may be null: nobody reads the report; {@link Progress#NONE}: nobody watches the run. */
    public RunContext(Database db, PrintWriter text, LocalDateTime started, Progress progress) {
        this.db = db;
        this.text = text == null ? new PrintWriter(Writer.nullWriter()) : text;
        this.started = started;
        this.progress = Progress.orNone(progress);
    }

    /** Where the run's long steps report (each step closed before the report's text is printed). */
    public Progress progress() {
        return progress;
    }

    public Database db() {
        return db;
    }

    /** The text lines of the report, as {@code kanon anonymize} prints them. */
    public PrintWriter text() {
        return text;
    }

    public LocalDateTime started() {
        return started;
    }

    /** The source table, resolved on first use. */
    public SourceTable source(String table) {
        if (source == null) {
            source = new TableResolver(db).resolve(table);
        }
        return source;
    }

    /** The source with its quasi-identifiers bound to their hierarchies (the lattice searches). */
    public StarSchema schema(SourceTable table, Anonymization what) {
        return StarSchema.of(table, what.qiNames(), new HierarchyCatalog(db));
    }

    /** The identifying columns, by their names in the source. */
    public Set<String> identifyingColumns(SourceTable table, String identifying) {
        Set<String> columns = new HashSet<>();
        for (String c : OptionLists.names("--identifying", identifying)) {
            columns.add(table.column(c).name());
        }
        return columns;
    }

    /** The outcome: head (table, algorithm, model) and what was found, then figures and release. */
    AnonymizeResult complete(String algorithm, boolean met, JsonObject found, JsonObject stats, ReleaseRecord release, String statsLine) {
        return complete(algorithm, met, found, stats, release, statsLine, null);
    }

    /** ... with what a full-domain search saw of its lattice. */
    AnonymizeResult complete(String algorithm, boolean met, JsonObject found, JsonObject stats, ReleaseRecord release, String statsLine,
                             LatticeView lattice) {
        return new AnonymizeResult(algorithm, met, stats, release,
                found.put("stats", stats).put("released", release != null).put("release", release == null ? null : ReleaseJson.of(release)),
                statsLine, lattice);
    }

    /** A run that always finds its answer (the local recodings): logged with the figures it reports, then completed. */
    AnonymizeResult record(SourceTable table, String parameters, String algorithm, String model, JsonObject stats, ReleaseRecord release) {
        text.flush();
        new RunLog(db).record(db.dsl(), "anonymize", table, parameters, release == null ? "SEARCHED" : "RELEASED", stats.render(),
                release == null ? null : release.name(), started);
        return complete(algorithm, true, head(table, algorithm, model), stats, release, null);
    }

    /** The start of every outcome: which table, algorithm and model. */
    static JsonObject head(SourceTable table, String algorithm, String model) {
        return new JsonObject().put("table", table.displayName()).put("algorithm", algorithm).put("model", model);
    }
}
