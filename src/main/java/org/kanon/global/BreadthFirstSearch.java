package org.kanon.global;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.kanon.frequency.FrequencyExecutor;
import org.kanon.frequency.FrequencySet;
import org.kanon.frequency.FrequencySummary;
import org.kanon.lattice.Node;

/**
 * The bottom-up breadth-first search of the full lattice (Incognito section 2.2), the baseline of section 4 run
 * exhaustively: height by height from the zero-generalization node, each node in lexicographic order of levels.
 *
 * <p>Generalizations of anonymous nodes are marked and not checked (generalization property, section 2.2): a node
 * with an anonymous (checked or marked) direct predecessor is anonymous without a look at the data. Why: the
 * paper's counts of nodes searched on Adults (section 4.2.1, k=2, QI size 3..9: 14, 47, 206, 680, 2088, 6366,
 * 12818) are below the sizes of the full lattices (20, 60, 240, 720, 2160, 6480, 12960 for the heights age 4,
 * sex 1, race 1, marital-status 2, education 3, native-country 2, workclass 2, occupation 2, salary-class 1), so
 * their Bottom-Up skips nodes, and an exhaustive search can skip only nodes it knows to be anonymous. Measured on
 * the 45,222 Adult rows with ARX's hierarchies (QI in that order), marking checks 12, 43, 201, 673, 2101, 6390,
 * 12837 nodes; merely not expanding anonymous nodes (a node reached from a failed one is still checked) would
 * check 16, 54, 232, 714, 2154, 6473, 12952; marking fits the paper's figures better (its hierarchies differ
 * slightly; this run's Incognito checks 14 nodes at QI size 3, as the paper's). The result lists checked and
 * marked nodes alike, so the search is sound and complete.
 *
 * <p>A node left unmarked has only failed direct predecessors, all checked one height below, so with rollup its
 * frequency set can always be rolled up from one of them; only the sets of failed nodes of the previous height are
 * kept, which bounds memory by two heights of the lattice.
 */
abstract class BreadthFirstSearch implements FullDomainSearch {

    /** The frequency set of an unmarked node, given the sets of its direct predecessors (all failed); none at height 0. */
    abstract FrequencySet frequencySet(FrequencyExecutor executor, Node node, List<Checked> predecessors);

    /** Whether the sets of failed nodes must be kept for the next height. */
    abstract boolean keepsSets();

    /** A failed node's frequency set and its number of classes (the cheaper set to roll up from has fewer). */
    record Checked(FrequencySet set, long classes) {
    }

    @Override
    public SearchResult search(FrequencyExecutor executor, SearchRequest request) {
        long start = System.nanoTime();
        List<List<Node>> byHeight = byHeight(Nodes.allFullNodes(executor.heights()));
        List<Node> anonymous = new ArrayList<>();
        long checked = 0;
        Set<Node> anonymousBelow = Set.of();
        Map<Node, Checked> failedBelow = new HashMap<>();
        try {
            for (List<Node> level : byHeight) {
                Set<Node> anonymousHere = new HashSet<>();
                Map<Node, Checked> failedHere = new HashMap<>();
                for (Node node : level) {
                    List<Node> predecessors = directPredecessors(node);
                    if (predecessors.stream().anyMatch(anonymousBelow::contains)) {
                        anonymousHere.add(node); // marked: a generalization of an anonymous node
                        continue;
                    }
                    List<Checked> predecessorSets = new ArrayList<>();
                    for (Node p : predecessors) {
                        predecessorSets.add(failedBelow.get(p));
                    }
                    FrequencySet fs = frequencySet(executor, node, predecessorSets);
                    checked++;
                    request.nodesChecked().advance();
                    FrequencySummary summary = fs.summarize(request.k());
                    if (request.accepts(summary)) {
                        anonymousHere.add(node);
                        fs.discard();
                    } else if (keepsSets()) {
                        failedHere.put(node, new Checked(fs, summary.classes()));
                    } else {
                        fs.discard();
                    }
                }
                anonymous.addAll(anonymousHere);
                failedBelow.values().forEach(c -> c.set().discard());
                failedBelow = failedHere;
                anonymousBelow = anonymousHere;
            }
        } finally {
            failedBelow.values().forEach(c -> c.set().discard());
        }
        return new SearchResult(name(), Nodes.sortedVectors(anonymous), true, checked, executor.stats(),
                (System.nanoTime() - start) / 1_000_000);
    }

    /** The lattice's nodes grouped by height, each group in the (lexicographic) order given. */
    private static List<List<Node>> byHeight(List<Node> lattice) {
        List<List<Node>> byHeight = new ArrayList<>();
        for (Node n : lattice) {
            while (byHeight.size() <= n.height()) {
                byHeight.add(new ArrayList<>());
            }
            byHeight.get(n.height()).add(n);
        }
        return byHeight;
    }

    /** The nodes one level lower in exactly one attribute. */
    private static List<Node> directPredecessors(Node node) {
        List<Node> predecessors = new ArrayList<>();
        for (int i = 0; i < node.size(); i++) {
            if (node.level(i) > 0) {
                int[] levels = node.levels();
                levels[i]--;
                predecessors.add(new Node(node.attributes(), levels));
            }
        }
        return predecessors;
    }
}
