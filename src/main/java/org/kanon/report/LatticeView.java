package org.kanon.report;

import java.util.List;
import java.util.Set;
import org.kanon.lattice.LevelVector;

/**
 * What a full-domain search saw, for the report's lattice picture: the QIs and their hierarchies' heights, the
 * anonymous nodes it found, the node it selected (null: none) and whether the anonymous nodes are all of them
 * (Samarati's binary search finds one minimal node and leaves the rest unknown).
 */
public record LatticeView(List<String> quasiIdentifiers, int[] heights, Set<LevelVector> anonymous, LevelVector selected,
                          boolean complete, String algorithm) {
    public LatticeView {
        quasiIdentifiers = List.copyOf(quasiIdentifiers);
        heights = heights.clone();
        anonymous = Set.copyOf(anonymous);
    }

    /** Nodes of the lattice: the product of height + 1 over the QIs. */
    public long size() {
        long n = 1;
        for (int h : heights) {
            n *= h + 1;
        }
        return n;
    }

    /** Anonymous and no direct specialization of it is. */
    public boolean minimal(LevelVector v) {
        if (!anonymous.contains(v)) {
            return false;
        }
        int[] l = v.toArray();
        for (int i = 0; i < l.length; i++) {
            if (l[i] > 0) {
                l[i]--;
                boolean below = anonymous.contains(new LevelVector(l));
                l[i]++;
                if (below) {
                    return false;
                }
            }
        }
        return true;
    }
}
