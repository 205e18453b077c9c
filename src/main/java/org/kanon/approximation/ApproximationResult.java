package org.kanon.approximation;

import java.util.List;
import java.util.OptionalDouble;
import org.kanon.approximation.instance.Clustering;
import org.kanon.local.LocalRecodingResult;
import org.kanon.local.RecodedTable;
import org.kanon.metrics.UtilityMetrics;
import org.kanon.privacy.PrivacyModel;
import org.kanon.schema.Column;
import org.kanon.schema.SourceTable;

/**
 * What an approximation algorithm found: the clustering, its cost in the paper's model, a certified lower bound of
 * the optimum where the algorithm yields one (FOREST's weight; the optimum itself for exact), the utility figures
 * every local recoding reports, and how it ran.
 */
public record ApproximationResult(SourceTable source, List<Column> qis, PrivacyModel model, ApproximationOptions options,
                                  Clustering clustering, ClusteredTable table, double cost, OptionalDouble lowerBound,
                                  UtilityMetrics metrics, String details, long elapsedMs) implements LocalRecodingResult {
    public ApproximationResult {
        qis = List.copyOf(qis);
    }

    @Override
    public RecodedTable recoded() {
        return table;
    }
}
