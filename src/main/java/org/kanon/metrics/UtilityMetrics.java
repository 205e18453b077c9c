package org.kanon.metrics;

import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * The utility figures of an anonymization, the same whether measured by SQL from a registered release
 * ({@link org.kanon.release.metrics.ReleaseMetrics}) or in memory from an algorithm's own result
 * ({@link org.kanon.local.LocalRecodingUtility}), after the TKDE local-recoding paper (Li, Wong, Fu, Pei 2008,
 * section 4 and Definitions 5-7, 12, 13):
 * <ul>
 *   <li>distortion: the sum over all QI cells of WHD(raw, cell level), for any {@link HierarchyWeights};</li>
 *   <li>discernibility DM: the sum over classes of |E|^2, each suppressed row charged {@code suppressedRowCharge}
 *       (the source table's size, as Bayardo and Agrawal charge it);</li>
 *   <li>CAVG: (rows / classes) / k over the classes that are not suppressed rows;</li>
 *   <li>inconsistency of the table: the largest of the attributes' (Definition 12);</li>
 *   <li>modification rate: the share of QI cells not at level 0;</li>
 *   <li>the (alpha,k) paper's distortion: a cell h levels up costs h, and its ratio to every cell at the root.</li>
 * </ul>
 * A suppressed row, whether removed or starred, counts in {@link #attributes()} as a row with every QI cell at the
 * root, so both suppression modes measure alike. A figure built on levels is empty (undefined) when some cell of
 * some attribute has no level.
 */
public record UtilityMetrics(int k, ClassShape shape, long suppressedRows, long suppressedRowCharge,
                             List<AttributeLevels> attributes) {

    public UtilityMetrics {
        if (k < 1) {
            throw new IllegalArgumentException("k must be at least 1, got " + k);
        }
        attributes = List.copyOf(attributes);
    }

    /** Rows of the release as it shows them. */
    public long rows() {
        return shape.rows();
    }

    public long classes() {
        return shape.classes();
    }

    public long smallestClass() {
        return shape.smallestClass();
    }

    public long discernibility() {
        return shape.keptSquares() + suppressedRows * suppressedRowCharge;
    }

    /** Normalized average class size; 0 when no row is kept. */
    public double cavg() {
        return shape.keptClasses() == 0 ? 0 : (double) shape.keptRows() / shape.keptClasses() / k;
    }

    /** Definition 7: the table's distortion, the sum of every attribute's; empty if one is undefined. */
    public OptionalDouble distortion(HierarchyWeights weights) {
        double sum = 0;
        for (AttributeLevels a : attributes) {
            OptionalDouble d = a.distortion(weights);
            if (d.isEmpty()) {
                return OptionalDouble.empty();
            }
            sum += d.getAsDouble();
        }
        return OptionalDouble.of(sum);
    }

    /**
     * The approximation paper's cost (Aggarwal et al., section 2): a cell generalized to level r of a hierarchy of
     * height l costs r / l, a suppressed row costs one per QI; it equals the WHD distortion with uniform weights.
     */
    public OptionalDouble generalizationCost() {
        return distortion(HierarchyWeights.uniform());
    }

    /** Definition 12: the largest inconsistency of an attribute; empty if one is undefined. */
    public OptionalDouble inconsistency() {
        double largest = 0;
        for (AttributeLevels a : attributes) {
            OptionalDouble i = a.inconsistency();
            if (i.isEmpty()) {
                return OptionalDouble.empty();
            }
            largest = Math.max(largest, i.getAsDouble());
        }
        return OptionalDouble.of(largest);
    }

    /** Share of QI cells not at level 0 (cells without a level count as modified); 0 without cells. */
    public double modificationRate() {
        long cells = 0;
        long modified = 0;
        for (AttributeLevels a : attributes) {
            cells += a.cells();
            modified += a.modifiedCells();
        }
        return cells == 0 ? 0 : (double) modified / cells;
    }

    /** The (alpha,k) paper's distortion: the sum of the cells' levels; empty if a cell has no level. */
    public OptionalLong levelDistortion() {
        long sum = 0;
        for (AttributeLevels a : attributes) {
            OptionalLong d = a.levelDistortion();
            if (d.isEmpty()) {
                return OptionalLong.empty();
            }
            sum += d.getAsLong();
        }
        return OptionalLong.of(sum);
    }

    /** {@link #levelDistortion()} with every cell at the root of its hierarchy. */
    public long levelDistortionAtRoot() {
        long sum = 0;
        for (AttributeLevels a : attributes) {
            sum += a.cells() * a.height();
        }
        return sum;
    }

    /** {@link #levelDistortion()} over {@link #levelDistortionAtRoot()}; 0 when no QI can be generalized. */
    public OptionalDouble distortionRatio() {
        OptionalLong d = levelDistortion();
        if (d.isEmpty()) {
            return OptionalDouble.empty();
        }
        long root = levelDistortionAtRoot();
        return OptionalDouble.of(root == 0 ? 0 : (double) d.getAsLong() / root);
    }
}
