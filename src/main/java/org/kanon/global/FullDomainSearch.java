package org.kanon.global;

import org.kanon.frequency.FrequencyExecutor;

/** A search of the full-domain generalization lattice; it sees the data only through the executor. */
public interface FullDomainSearch {
    String name();

    SearchResult search(FrequencyExecutor executor, SearchRequest request);
}
