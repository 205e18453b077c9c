package org.kanon.approximation.factor;

import java.util.ArrayList;
import java.util.List;
import org.kanon.approximation.instance.Clustering;
import org.kanon.approximation.instance.Instance;

/**
 * 2-anonymity by a minimum-weight [1, 2]-factor (Aggarwal et al., section 5): in the complete graph on the rows,
 * weighted by {@link Instance#distance}, find a spanning subgraph of least weight in which every row has degree 1 or 2
 * (a minimum-weight perfect matching on {@link FactorGadget}'s gadget, Blossom V), and release each component as one
 * class. With positive weights an optimal factor's components are single edges and paths of two edges (2 or 3 rows).
 * Zero-weight edges (rows the cost cannot tell apart) allow longer paths and cycles; those are cut into runs of 2 and 3
 * consecutive rows, the cut of least clustering cost ({@link CycleCuts.Rule#COST}). Cutting only removes edges.
 *
 * <p>Guarantee (Theorem 6 and the paragraph after it): cost <= 1.5 OPT on a binary alphabet, <= 2 OPT on any alphabet
 * (suppression). The argument for any alphabet (ALG <= 3 c_OFAC, c_OFAC <= 2/3 OPT) carries over to generalization
 * hierarchies: a 3-row class costs 3 sum_j max(h_12, h_23) / l_j <= 3 (alpha + beta), the levels being an ultrametric,
 * and at least alpha + beta + gamma.
 *
 * <p>{@link FactorAnonymity#cluster(Instance, int[])} is exact on the rows given: the optimum over the complete graph on them (found on
 * a sparse gadget and certified by the matching's duals, see {@link FactorGadget}). {@link FactorAnonymity#blocked} cuts a large table
 * into {@link Blocks} first, and the guarantee then holds per block. No row deletion.
 */
public final class FactorTwo extends FactorAnonymity {
    public static final FactorTwo INSTANCE = new FactorTwo();

    private FactorTwo() {
        super(2, "factor2", FactorGadget.Degrees.ONE_OR_TWO);
    }

    /** Each component a cluster; paths of 4 or more rows and cycles of 4 or more cut into runs of 2 and 3. */
    @Override
    public Clustering cluster(Instance instance, Factor factor) {
        List<int[]> clusters = new ArrayList<>();
        for (Factor.Component c : factor.components()) {
            int[] rows = c.rows();
            if (rows.length <= 3) {
                clusters.add(rows);
            } else if (c.cycle()) {
                clusters.addAll(CycleCuts.cutCycle(instance, rows, 2, -1, CycleCuts.Rule.COST));
            } else {
                clusters.addAll(CycleCuts.cutPath(instance, rows, 2, CycleCuts.Rule.COST));
            }
        }
        return Clustering.of(clusters);
    }
}
