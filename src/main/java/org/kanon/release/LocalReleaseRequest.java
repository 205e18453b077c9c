package org.kanon.release;

import java.util.Set;
import org.kanon.local.LocalRecodingResult;

/**
 * A local recoding to publish as a table in KANON_RELEASE: the algorithm's result (source, QIs, model, classes),
 * the release name, the identifying columns to drop (exact names) and whether an existing release of that name
 * may be replaced.
 */
public record LocalReleaseRequest(String name, LocalRecodingResult result, Set<String> identifying, boolean replace,
                                  String algorithm) {
    public LocalReleaseRequest {
        identifying = Set.copyOf(identifying);
    }
}
