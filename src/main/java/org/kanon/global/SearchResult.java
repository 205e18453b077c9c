package org.kanon.global;

import java.util.List;
import org.kanon.frequency.ExecutorStats;
import org.kanon.lattice.LevelVector;

/**
 * The outcome of a search: the anonymous nodes of the full lattice it found (all of them for a complete search,
 * one minimal node for Samarati's), in a deterministic order, and what it cost.
 */
public record SearchResult(String algorithm, List<LevelVector> anonymous, boolean complete, long nodesChecked,
                           ExecutorStats executor, long millis) {
    public SearchResult {
        anonymous = List.copyOf(anonymous);
    }
}
