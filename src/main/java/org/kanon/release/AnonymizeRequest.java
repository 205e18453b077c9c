package org.kanon.release;

import java.util.Set;
import org.kanon.frequency.ExecutorKind;
import org.kanon.frequency.StarSchema;
import org.kanon.global.FullDomainSearch;
import org.kanon.metrics.SelectionCriterion;
import org.kanon.privacy.PrivacyModel;
import org.kanon.privacy.SuppressionLimit;

/**
 * Search the lattice, pick a node, and (when {@code releaseName} is set) release it through the ordinary release
 * path. {@code memoryBudgetBytes} bounds the in-memory executor under {@link ExecutorKind#AUTO}.
 */
public record AnonymizeRequest(StarSchema schema, PrivacyModel model, SuppressionLimit suppression, FullDomainSearch search,
                               ExecutorKind executor, long memoryBudgetBytes, SelectionCriterion criterion,
                               double[] weights, String releaseName, SuppressMode mode, boolean materialize,
                               boolean replace, Set<String> identifying) {
}
