package org.kanon.engine;

import org.kanon.release.ReleaseRecord;

/**
 * What a run found, alike for every algorithm: whether the requirement was met, its figures (the utility metrics
 * the algorithm reports, also kept in the run log), the release written (null without a release name), the whole
 * outcome as {@code kanon anonymize --format json} prints it, and the figures as one line of text for
 * {@code --stats} (null when the algorithm has none beyond its report).
 */
public record AnonymizeResult(String algorithm, boolean met, JsonObject stats, ReleaseRecord release, JsonObject outcome,
                              String statsLine) {
    public boolean released() {
        return release != null;
    }
}
