package org.kanon.global;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import org.kanon.lattice.LevelVector;
import org.kanon.lattice.Node;

/** Small helpers shared by the searches. */
final class Nodes {
    private Nodes() {
    }

    /** Full-lattice nodes as level vectors, sorted by height then lexicographically: a stable output order. */
    static List<LevelVector> sortedVectors(Collection<Node> nodes) {
        List<LevelVector> result = new ArrayList<>();
        for (Node n : nodes) {
            result.add(n.levelVector());
        }
        result.sort((a, b) -> a.height() != b.height() ? Integer.compare(a.height(), b.height())
                : Arrays.compare(a.toArray(), b.toArray()));
        return result;
    }

    /** Every node of the full lattice of these heights. */
    static List<Node> allFullNodes(int[] heights) {
        List<Node> nodes = new ArrayList<>();
        int[] attributes = new int[heights.length];
        for (int i = 0; i < attributes.length; i++) {
            attributes[i] = i;
        }
        int[] levels = new int[heights.length];
        while (true) {
            nodes.add(new Node(attributes, levels));
            int i = levels.length - 1;
            while (i >= 0 && levels[i] == heights[i]) {
                levels[i] = 0;
                i--;
            }
            if (i < 0) {
                return nodes;
            }
            levels[i]++;
        }
    }
}
