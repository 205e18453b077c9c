package org.kanon.global;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.kanon.frequency.FrequencyExecutor;
import org.kanon.frequency.FrequencySet;
import org.kanon.lattice.Node;

/**
 * Samarati's binary search on height (TKDE 2001, as Incognito section 2.2 describes it): if no node of height h is
 * anonymous, no node of a lower height is (every anonymous node below the top has an anonymous direct
 * generalization, one higher), so the lowest height with an anonymous node can be found by bisection: check the
 * nodes of height floor(H/2), then floor(H/4) if one passed, else floor(3H/4), and so on. It returns one node
 * minimal by height only (section 2.1): the first anonymous node of that height in lexicographic order of levels,
 * hence {@code complete = false}; none when even the top of the lattice fails. Every check scans the table, as the
 * paper's baseline does.
 */
public final class Samarati implements FullDomainSearch {

    @Override
    public String name() {
        return "samarati";
    }

    @Override
    public SearchResult search(FrequencyExecutor executor, SearchRequest request) {
        long start = System.nanoTime();
        List<Node> lattice = Nodes.allFullNodes(executor.heights()); // lexicographic order of levels
        int low = 0;
        int high = lattice.get(lattice.size() - 1).height();
        Node best = null;
        long[] checked = {0};
        while (low <= high) {
            int height = (low + high) / 2;
            Optional<Node> found = firstAnonymous(executor, request, lattice, height, checked);
            if (found.isPresent()) {
                best = found.get();
                high = height - 1;
            } else {
                low = height + 1;
            }
        }
        List<Node> result = new ArrayList<>();
        if (best != null) {
            result.add(best);
        }
        return new SearchResult(name(), Nodes.sortedVectors(result), false, checked[0], executor.stats(),
                (System.nanoTime() - start) / 1_000_000);
    }

    /** Checks the nodes of this height in lexicographic order and stops at the first anonymous one. */
    private static Optional<Node> firstAnonymous(FrequencyExecutor executor, SearchRequest request, List<Node> lattice,
                                                 int height, long[] checked) {
        for (Node n : lattice) {
            if (n.height() != height) {
                continue;
            }
            FrequencySet fs = executor.scan(n);
            checked[0]++;
            request.nodesChecked().advance();
            boolean anonymous;
            try {
                anonymous = request.accepts(fs.summarize(request.k()));
            } finally {
                fs.discard();
            }
            if (anonymous) {
                return Optional.of(n);
            }
        }
        return Optional.empty();
    }
}
