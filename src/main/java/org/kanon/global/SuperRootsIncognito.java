package org.kanon.global;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.kanon.frequency.FrequencyExecutor;
import org.kanon.frequency.FrequencySet;
import org.kanon.lattice.CandidateGraph;
import org.kanon.lattice.Node;

/**
 * Super-roots Incognito (Incognito section 3.3.1): a priori pruning leaves candidate graphs that are not lattices,
 * so one QI subset (a "family") can have several roots, and Basic Incognito scans the table once per root. Here
 * the roots are grouped by family and the table is scanned once per family, at the family's super-root (per
 * attribute the lowest level among its roots); each root's frequency set is then rolled up from it.
 */
public class SuperRootsIncognito extends Incognito {

    @Override
    public String name() {
        return "incognito-superroots";
    }

    /**
     * One scanned set per family with two or more roots; a family with a single root is its own super-root and is
     * left to the base class to scan, which saves a derivation of an identical set. The base class discards the
     * returned sets at the end of the iteration.
     */
    @Override
    protected Map<Node, FrequencySet> rootSets(FrequencyExecutor executor, CandidateGraph graph) {
        Map<Node, FrequencySet> sets = new LinkedHashMap<>();
        for (List<Node> family : families(graph.roots()).values()) {
            if (family.size() > 1) {
                Node superRoot = superRoot(family);
                sets.put(superRoot, executor.scan(superRoot));
            }
        }
        return sets;
    }

    /** Roots grouped by their attribute subset, in first-seen order. */
    static Map<List<Integer>, List<Node>> families(List<Node> roots) {
        Map<List<Integer>, List<Node>> families = new LinkedHashMap<>();
        for (Node root : roots) {
            List<Integer> key = java.util.Arrays.stream(root.attributes()).boxed().toList();
            families.computeIfAbsent(key, x -> new java.util.ArrayList<>()).add(root);
        }
        return families;
    }

    /** The greatest lower bound of the family's nodes (the paper's "least upper bound" in its bottom-up drawing). */
    static Node superRoot(List<Node> family) {
        int[] levels = family.get(0).levels();
        for (Node n : family) {
            for (int i = 0; i < levels.length; i++) {
                levels[i] = Math.min(levels[i], n.level(i));
            }
        }
        return new Node(family.get(0).attributes(), levels);
    }
}
