package org.kanon.global;

import java.util.List;
import org.kanon.frequency.FrequencyExecutor;
import org.kanon.frequency.FrequencySet;
import org.kanon.lattice.Node;

/**
 * Bottom-up breadth-first search without rollup (Incognito sections 2.2 and 4): every node checked is a scan of
 * the table. How marked generalizations are treated is explained in {@link BreadthFirstSearch}.
 */
public final class BottomUp extends BreadthFirstSearch {
    @Override
    public String name() {
        return "bottomup";
    }

    @Override
    FrequencySet frequencySet(FrequencyExecutor executor, Node node, List<Checked> predecessors) {
        return executor.scan(node);
    }

    @Override
    boolean keepsSets() {
        return false;
    }
}
