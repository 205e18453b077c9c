package org.kanon.release;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.kanon.frequency.ExecutorKind;
import org.kanon.global.SearchResult;
import org.kanon.metrics.NodeSelector;

/**
 * A search, the node it selected (null when no node is anonymous), the release made of it (null when none), and
 * the time of each phase in milliseconds, in the order they ran (validate, load, executor, search, select, release).
 * {@code executorChoice} says why {@code --executor auto} chose the executor (null when one was asked for).
 */
public record AnonymizeOutcome(SearchResult search, ExecutorKind executor, String executorChoice, NodeSelector.Selected selected,
                               ReleaseOutcome release, long totalMillis, Map<String, Long> phaseMillis) {
    public AnonymizeOutcome {
        phaseMillis = Collections.unmodifiableMap(new LinkedHashMap<>(phaseMillis));
    }
}
