package org.kanon.metrics;

import java.util.List;
import org.kanon.frequency.FrequencyExecutor;
import org.kanon.frequency.FrequencySet;
import org.kanon.frequency.FrequencySummary;
import org.kanon.lattice.LevelVector;
import org.kanon.lattice.Node;
import org.kanon.progress.Step;

/**
 * Picks the release node among the anonymous nodes of a search by a criterion. Height criteria need only the
 * levels; DM and distortion need each candidate's frequency set, which the executor derives.
 */
public final class NodeSelector {
    private final SelectionCriterion criterion;
    private final double[] weights;

    public NodeSelector(SelectionCriterion criterion, double[] weights) {
        this.criterion = criterion;
        this.weights = weights;
    }

    /** A chosen node and its cost under the criterion. */
    public record Selected(LevelVector node, double cost) {
    }

    /** The first node of least cost, in the order given (searches list nodes by height, then levels). */
    public Selected select(List<LevelVector> anonymous, FrequencyExecutor executor, int k) {
        return select(anonymous, executor, k, Step.NONE);
    }

    /** As above, advancing {@code costed} per node (DM and distortion read a frequency set for each). */
    public Selected select(List<LevelVector> anonymous, FrequencyExecutor executor, int k, Step costed) {
        Selected best = null;
        for (LevelVector v : anonymous) {
            double cost = cost(v, executor, k);
            costed.advance();
            if (best == null || cost < best.cost()) {
                best = new Selected(v, cost);
            }
        }
        return best;
    }

    public double cost(LevelVector v, FrequencyExecutor executor, int k) {
        return switch (criterion) {
            case HEIGHT -> v.height();
            case WEIGHTED_HEIGHT -> weightedHeight(v);
            case DM -> summary(v, executor, k).discernibility();
            case DISTORTION -> distortion(v, executor.heights(), summary(v, executor, k));
        };
    }

    private double weightedHeight(LevelVector v) {
        double sum = 0;
        for (int i = 0; i < v.size(); i++) {
            sum += (weights == null ? 1 : weights[i]) * v.level(i);
        }
        return sum;
    }

    private static FrequencySummary summary(LevelVector v, FrequencyExecutor executor, int k) {
        FrequencySet fs = executor.scan(Node.full(v));
        try {
            return fs.summarize(k);
        } finally {
            fs.discard();
        }
    }

    static double distortion(LevelVector v, int[] heights, FrequencySummary s) {
        double perRow = 0;
        for (int i = 0; i < v.size(); i++) {
            perRow += heights[i] == 0 ? 0 : (double) v.level(i) / heights[i];
        }
        return (s.rows() - s.rowsBelowK()) * perRow + s.rowsBelowK() * (double) v.size();
    }
}
