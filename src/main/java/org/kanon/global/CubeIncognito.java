package org.kanon.global;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.kanon.frequency.FrequencyExecutor;
import org.kanon.frequency.FrequencySet;
import org.kanon.lattice.CandidateGraph;
import org.kanon.lattice.Node;

/**
 * Cube Incognito (Incognito section 3.3.2): the a priori order (small QI subsets first) forces Basic and
 * Super-roots Incognito to scan the table once per subset, since a one-attribute frequency set cannot produce a
 * two-attribute one. Cube Incognito first builds the zero-generalization frequency sets of every QI subset in the
 * data cube's order: one scan of the whole QI at level zero, then each smaller subset projected from a subset one
 * attribute larger. Incognito then derives every root from its subset's zero-level set: the table is scanned once.
 *
 * <p>The precomputed sets live for one search, so an instance runs one search at a time; {@link Searches} hands
 * out a new instance per name lookup.
 */
public class CubeIncognito extends Incognito {
    /** Zero-level sets of this search's subsets not yet handed to an iteration, keyed by subset size. */
    private Map<Integer, Map<Node, FrequencySet>> zeroSets = Map.of();

    @Override
    public String name() {
        return "incognito-cube";
    }

    @Override
    public synchronized SearchResult search(FrequencyExecutor executor, SearchRequest request) {
        try {
            zeroSets = zeroGeneralizationSets(executor);
            return super.search(executor, request);
        } finally {
            // iterations that never ran (the graph emptied early) leave their sets here
            zeroSets.values().forEach(bySize -> bySize.values().forEach(FrequencySet::discard));
            zeroSets = Map.of();
        }
    }

    /**
     * Each root with the zero-level set of its own subset. The sets of this iteration's subset size are handed over
     * for good: the base class discards them when the iteration ends (those no root uses right here).
     */
    @Override
    protected Map<Node, FrequencySet> rootSets(FrequencyExecutor executor, CandidateGraph graph) {
        if (graph.isEmpty()) {
            return Map.of();
        }
        Map<Node, FrequencySet> sets = zeroSets.remove(graph.nodes().get(0).size());
        if (sets == null) {
            return Map.of();
        }
        Map<Node, FrequencySet> byRoot = new HashMap<>();
        for (Node root : graph.roots()) {
            byRoot.put(root, sets.get(zero(root.attributes())));
        }
        Set<FrequencySet> used = Collections.newSetFromMap(new IdentityHashMap<>());
        used.addAll(byRoot.values());
        sets.values().stream().filter(s -> !used.contains(s)).forEach(FrequencySet::discard);
        return byRoot;
    }

    /** One scan of the full QI at level zero, then sizes n-1 .. 1, each projected from a superset one larger. */
    static Map<Integer, Map<Node, FrequencySet>> zeroGeneralizationSets(FrequencyExecutor executor) {
        int n = executor.heights().length;
        Map<Integer, Map<Node, FrequencySet>> bySize = new HashMap<>();
        try {
            Node all = zero(allAttributes(n));
            bySize.put(n, new LinkedHashMap<>(Map.of(all, executor.scan(all))));
            for (int size = n - 1; size >= 1; size--) {
                Map<Node, FrequencySet> larger = bySize.get(size + 1);
                Map<Node, FrequencySet> sets = new LinkedHashMap<>();
                bySize.put(size, sets);
                for (Node superset : larger.keySet()) {
                    for (int drop = 0; drop < superset.size(); drop++) {
                        Node subset = zero(without(superset.attributes(), drop));
                        if (!sets.containsKey(subset)) {
                            sets.put(subset, executor.derive(larger.get(superset), subset));
                        }
                    }
                }
            }
            return bySize;
        } catch (RuntimeException e) {
            bySize.values().forEach(sets -> sets.values().forEach(FrequencySet::discard));
            throw e;
        }
    }

    private static int[] allAttributes(int n) {
        int[] attributes = new int[n];
        for (int i = 0; i < n; i++) {
            attributes[i] = i;
        }
        return attributes;
    }

    private static int[] without(int[] attributes, int index) {
        List<Integer> kept = new ArrayList<>();
        for (int i = 0; i < attributes.length; i++) {
            if (i != index) {
                kept.add(attributes[i]);
            }
        }
        return kept.stream().mapToInt(Integer::intValue).toArray();
    }

    private static Node zero(int[] attributes) {
        return new Node(attributes, new int[attributes.length]);
    }
}
