package org.kanon.release;

import java.util.Set;
import org.kanon.frequency.StarSchema;
import org.kanon.lattice.LevelVector;
import org.kanon.privacy.PrivacyModel;
import org.kanon.privacy.SuppressionLimit;

/**
 * A full-domain generalization to publish: the star schema, the node, the guarantee, and how to write it.
 * {@code identifying} holds exact column names; those columns are dropped.
 */
public record ReleaseRequest(String name, StarSchema schema, LevelVector node, PrivacyModel model,
                             SuppressionLimit suppression, SuppressMode mode, boolean materialize, boolean replace,
                             Set<String> identifying, String algorithm) {
    public ReleaseRequest {
        identifying = Set.copyOf(identifying);
    }
}
