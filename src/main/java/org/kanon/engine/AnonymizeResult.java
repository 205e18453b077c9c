package org.kanon.engine;

import org.kanon.release.ReleaseRecord;
import org.kanon.report.LatticeView;

/**
 * What a run found, alike for every algorithm: whether the requirement was met, its figures (the utility metrics
 * the algorithm reports, also kept in the run log), the release written (null without a release name), the whole
 * outcome as {@code kanon anonymize --format json} prints it, and the figures as one line of text for
 * {@code --stats} (null when the algorithm has none beyond its report), and what a full-domain search saw of its
 * lattice, for the report's picture (null for the other algorithms).
 */
public record AnonymizeResult(String algorithm, boolean met, JsonObject stats, ReleaseRecord release, JsonObject outcome,
                              String statsLine, LatticeView lattice) {
    public boolean released() {
        return release != null;
    }
}
