package org.kanon.global;

import java.util.Comparator;
import java.util.List;
import org.kanon.frequency.FrequencyExecutor;
import org.kanon.frequency.FrequencySet;
import org.kanon.lattice.Node;

/**
 * Bottom-up breadth-first search with rollup (Incognito section 2.2, Figure 10): only the zero-generalization node
 * is scanned; every other node checked is rolled up from the set of one of its direct predecessors, the one with
 * the fewest classes. How marked generalizations are treated is explained in {@link BreadthFirstSearch}.
 */
public final class BottomUpRollup extends BreadthFirstSearch {
    @Override
    public String name() {
        return "bottomup-rollup";
    }

    @Override
    FrequencySet frequencySet(FrequencyExecutor executor, Node node, List<Checked> predecessors) {
        if (predecessors.isEmpty()) {
            return executor.scan(node);
        }
        Checked finest = predecessors.stream().min(Comparator.comparingLong(Checked::classes)).orElseThrow();
        return executor.derive(finest.set(), node);
    }

    @Override
    boolean keepsSets() {
        return true;
    }
}
