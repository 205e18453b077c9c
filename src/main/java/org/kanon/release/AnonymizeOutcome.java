package org.kanon.release;

import org.kanon.frequency.ExecutorKind;
import org.kanon.global.SearchResult;
import org.kanon.metrics.NodeSelector;

/** A search, the node it selected (null when no node is anonymous) and the release made of it (null when none). */
public record AnonymizeOutcome(SearchResult search, ExecutorKind executor, NodeSelector.Selected selected,
                               ReleaseOutcome release, long totalMillis) {
}
