package org.kanon.approximation;

import java.util.List;
import org.kanon.approximation.forest.ForestClustering;
import org.kanon.approximation.instance.Instance;

/**
 * Blocks for the factor algorithms on tables too large for one complete graph: the parts of FOREST +
 * DECOMPOSE-COMPONENT run with k = blockSize / 3, so every block holds between blockSize / 3 and blockSize - 5
 * rows joined by nearest-neighbour edges — rows that are near one another, which a factor can pair well. The
 * factor's guarantee then holds within each block (against the optimum of the block), not for the table.
 */
public final class ForestBlocks {
    private ForestBlocks() {
    }

    public static List<int[]> partition(Instance instance, int blockSize) {
        int k = Math.max(3, blockSize / 3);
        if (instance.size() <= blockSize) {
            return List.of(instance.table().rows() == 0 ? new int[0] : allRows(instance));
        }
        return ForestClustering.cluster(instance, k).clustering().clusters();
    }

    private static int[] allRows(Instance instance) {
        int[] rows = new int[instance.size()];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = i;
        }
        return rows;
    }
}
