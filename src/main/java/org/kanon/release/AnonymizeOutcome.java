package org.kanon.release;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.kanon.frequency.ExecutorKind;
import org.kanon.global.SearchResult;
import org.kanon.metrics.NodeSelector;

/**
 * A search, the node it selected (null when no node is anonymous), the release made of it (null when none), and
 * the time of each phase in milliseconds, in the order they ran (validate, executor, search, select, release).
 */
public record AnonymizeOutcome(SearchResult search, ExecutorKind executor, NodeSelector.Selected selected,
                               ReleaseOutcome release, long totalMillis, Map<String, Long> phaseMillis) {
    public AnonymizeOutcome {
        phaseMillis = Collections.unmodifiableMap(new LinkedHashMap<>(phaseMillis));
    }
}
