package org.kanon.frequency;

import org.kanon.lattice.Node;

/**
 * One question of a search to its executor: is {@code node} anonymous, with its frequency set computed from
 * {@code finer} (a rollup), or from the source table when {@code finer} is null (a scan)?
 */
public record FrequencyCheck(FrequencySet finer, Node node) {
}
