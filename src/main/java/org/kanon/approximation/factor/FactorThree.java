package org.kanon.approximation.factor;

import java.util.ArrayList;
import java.util.List;
import org.kanon.approximation.instance.Clustering;
import org.kanon.approximation.instance.Instance;

/**
 * 3-anonymity by a minimum-weight 2-factor (Aggarwal et al., section 6): in the complete graph on the rows, weighted by
 * {@link Instance#distance}, find vertex-disjoint cycles (each of at least 3 rows) covering every row with least total
 * weight (a minimum-weight perfect matching on {@link FactorGadget}'s gadget, Blossom V). A cycle of 3, 4 or 5 rows
 * becomes one class; a longer cycle is cut into runs of adjacent rows (Lemma 11): 3x rows into x runs of 3, 3x+1 into
 * x-1 runs of 3 and one of 4, 3x+2 into x-2 runs of 3 and two of 4. Among all such cuts (every rotation, every placement
 * of the runs of 4) the one whose runs keep the least total weight of cycle edges is taken, ties broken by the
 * clustering cost ({@link CycleCuts.Rule#EDGES_THEN_COST}).
 *
 * <p>Guarantee (Lemmas 10 and 11): cost <= 3 c_F <= 2 OPT on a binary alphabet (suppression). Lemma 11 (cost <= 3 c_F)
 * holds for any hierarchy; Lemma 10 needs the median of binary rows. With hierarchies every cycle through a class of
 * OPT weighs at most |class| times its row cost, so c_F <= OPT and cost <= 3 OPT.
 *
 * <p>{@link FactorAnonymity#cluster(Instance, int[])} is exact on the rows given: the optimum over the complete graph on them (found on
 * a sparse gadget and certified by the matching's duals, see {@link FactorGadget}). {@link FactorAnonymity#blocked} cuts a large table
 * into {@link Blocks} first, and the guarantee then holds per block. No row deletion.
 */
public final class FactorThree extends FactorAnonymity {
    public static final FactorThree INSTANCE = new FactorThree();

    private FactorThree() {
        super(3, "factor3", FactorGadget.Degrees.TWO);
    }

    /** Cycles of 3..5 rows as clusters, longer ones cut by Lemma 11's rule. */
    @Override
    public Clustering cluster(Instance instance, Factor factor) {
        List<int[]> clusters = new ArrayList<>();
        for (Factor.Component c : factor.components()) {
            if (!c.cycle()) {
                throw new IllegalStateException("a 2-factor has a path component of " + c.size() + " row(s)");
            }
            clusters.addAll(cutCycle(instance, c.rows()));
        }
        return Clustering.of(clusters);
    }

    /** Lemma 11's cut of one cycle (rows in cycle order). */
    static List<int[]> cutCycle(Instance instance, int[] cycle) {
        int n = cycle.length;
        if (n < 3) {
            throw new IllegalArgumentException("a cycle of a 2-factor has at least 3 rows, got " + n);
        }
        if (n <= 5) {
            return List.of(cycle.clone());
        }
        return CycleCuts.cutCycle(instance, cycle, 3, n % 3, CycleCuts.Rule.EDGES_THEN_COST);
    }
}
