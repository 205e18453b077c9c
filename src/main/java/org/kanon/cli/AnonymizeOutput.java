package org.kanon.cli;

import java.io.PrintWriter;
import java.io.Writer;
import java.time.LocalDateTime;
import org.kanon.db.Database;
import org.kanon.release.ReleaseRecord;
import org.kanon.release.RunLog;
import org.kanon.schema.SourceTable;

/**
 * Where {@code kanon anonymize} reports, whichever the algorithm: text lines (into a null writer under
 * {@code --format json}), and the whole outcome as one JSON object: table, algorithm, model, what the algorithm
 * found, its figures ({@code stats}) and the release written, if any.
 */
final class AnonymizeOutput {
    private final PrintWriter text;
    private JsonObject outcome;

    AnonymizeOutput(PrintWriter out, boolean json) {
        this.text = json ? new PrintWriter(Writer.nullWriter()) : out;
    }

    /** The text lines; nothing shows under --format json. */
    PrintWriter text() {
        return text;
    }

    /** The start of every outcome: which table, algorithm and model. */
    static JsonObject head(SourceTable source, String algorithm, String model) {
        return new JsonObject().put("table", source.displayName()).put("algorithm", algorithm).put("model", model);
    }

    /** The end of every outcome: the run's figures and the release, if any. */
    void complete(JsonObject head, JsonObject stats, ReleaseRecord release) {
        outcome = head.put("stats", stats).put("released", release != null).put("release", release == null ? null : ReleaseJson.of(release));
    }

    /** A run that always finds its answer (the local recodings): logged with the figures it reports, then completed. */
    void record(Database db, SourceTable source, String parameters, String algorithm, String model, JsonObject stats,
                ReleaseRecord release, LocalDateTime started) {
        text.flush();
        new RunLog(db).record(db.dsl(), "anonymize", source, parameters, release == null ? "SEARCHED" : "RELEASED", stats.render(),
                release == null ? null : release.name(), started);
        complete(head(source, algorithm, model), stats, release);
    }

    String json() {
        return outcome.render();
    }
}
