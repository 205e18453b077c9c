package org.kanon.global;

import java.util.ArrayList;
import java.util.List;
import org.kanon.frequency.FrequencyExecutor;
import org.kanon.frequency.FrequencySet;
import org.kanon.lattice.Node;

/** Checks every node of the full lattice from the data: the reference the other searches are tested against. */
public final class BruteForce implements FullDomainSearch {
    @Override
    public String name() {
        return "bruteforce";
    }

    @Override
    public SearchResult search(FrequencyExecutor executor, SearchRequest request) {
        long start = System.nanoTime();
        List<Node> anonymous = new ArrayList<>();
        List<Node> all = Nodes.allFullNodes(executor.heights());
        request.nodesChecked().total(all.size()); // every node is checked: a percentage
        for (Node n : all) {
            FrequencySet fs = executor.scan(n);
            request.nodesChecked().advance();
            if (request.accepts(fs.summarize(request.k()))) {
                anonymous.add(n);
            }
            fs.discard();
        }
        return new SearchResult(name(), Nodes.sortedVectors(anonymous), true, all.size(), executor.stats(),
                (System.nanoTime() - start) / 1_000_000);
    }
}
