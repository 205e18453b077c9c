package org.kanon.global;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import org.kanon.frequency.FrequencyExecutor;
import org.kanon.frequency.FrequencySet;
import org.kanon.frequency.SqlCandidateGeneration;
import org.kanon.frequency.SqlExecutor;
import org.kanon.lattice.CandidateGeneration;
import org.kanon.lattice.CandidateGraph;
import org.kanon.lattice.Node;

/**
 * Basic Incognito (LeFevre, DeWitt, Ramakrishnan, SIGMOD 2005, Figure 8): for i = 1..n, a breadth-first search
 * by height over the candidate graph of the QI subsets of size i, from its roots; generalizations of an anonymous
 * node are marked and not checked (generalization property); frequency sets of non-roots are rolled up from a
 * failed parent's (rollup property); the survivors generate the next graph (subset property). Sound and complete:
 * it returns every anonymous node of the full lattice.
 */
public class Incognito implements FullDomainSearch {

    @Override
    public String name() {
        return "incognito";
    }

    @Override
    public SearchResult search(FrequencyExecutor executor, SearchRequest request) {
        long start = System.nanoTime();
        int[] heights = executor.heights();
        CandidateGraph graph = CandidateGraph.firstIteration(heights);
        long checked = 0;
        Set<Node> survivors = Set.of();
        for (int i = 1; i <= heights.length && !graph.isEmpty(); i++) {
            Search iteration = new Search(executor, request, graph);
            survivors = iteration.run(rootSets(executor, graph));
            checked += iteration.checked;
            if (i < heights.length) {
                graph = nextGraph(executor, graph, survivors);
            }
        }
        List<Node> full = graph.isEmpty() ? List.of() : survivors.stream().filter(n -> n.size() == heights.length).toList();
        return new SearchResult(name(), Nodes.sortedVectors(full), true, checked, executor.stats(),
                (System.nanoTime() - start) / 1_000_000);
    }

    /**
     * The next candidate graph. With frequency sets in the database, the graph is generated there too, as the SQL
     * of Figure 6 over relational node and edge tables; in memory, by the same algorithm in Java.
     */
    protected CandidateGraph nextGraph(FrequencyExecutor executor, CandidateGraph graph, Set<Node> survivors) {
        if (executor instanceof SqlExecutor sql) {
            return new SqlCandidateGeneration(sql.tables()).next(graph, survivors);
        }
        return CandidateGeneration.next(graph, survivors);
    }

    /**
     * For roots of this iteration's graph, the frequency set each is derived from (several roots may share one);
     * none in Basic Incognito (every root is scanned). Variants override it (super-roots: one scan per family,
     * rolled up to its roots; cube: the precomputed zero-level set of the root's subset). The search discards
     * these sets when the iteration ends.
     */
    protected Map<Node, FrequencySet> rootSets(FrequencyExecutor executor, CandidateGraph graph) {
        return Map.of();
    }

    /** A failed node's frequency set, its number of classes, and how many of its successors are yet to be taken. */
    private record Failed(FrequencySet set, long classes, int[] pendingSuccessors) {
    }

    /** One breadth-first search of Figure 8 over one candidate graph. */
    private static final class Search {
        private final FrequencyExecutor executor;
        private final SearchRequest request;
        private final CandidateGraph graph;
        private final Set<Node> marked = new HashSet<>();
        private final Map<Node, Failed> failedSets = new HashMap<>();
        long checked;

        Search(FrequencyExecutor executor, SearchRequest request, CandidateGraph graph) {
            this.executor = executor;
            this.request = request;
            this.graph = graph;
        }

        Set<Node> run(Map<Node, FrequencySet> rootSets) {
            Set<Node> survivors = new LinkedHashSet<>(graph.nodes());
            Map<Node, Integer> order = new HashMap<>();
            PriorityQueue<Node> queue = new PriorityQueue<>(Comparator.comparingInt(Node::height)
                    .thenComparingInt(order::get));
            for (Node root : graph.roots()) {
                order.put(root, order.size());
                queue.add(root);
            }
            Map<FrequencySet, Integer> rootSetUsers = new IdentityHashMap<>();
            rootSets.values().forEach(set -> rootSetUsers.merge(set, 1, Integer::sum));
            try {
                while (!queue.isEmpty()) {
                    Node node = queue.poll();
                    if (!marked.contains(node)) {
                        check(node, rootSets, survivors, order, queue);
                    }
                    release(node, rootSets, rootSetUsers);
                }
            } finally {
                failedSets.values().forEach(f -> f.set().discard());
                rootSetUsers.keySet().forEach(FrequencySet::discard);
            }
            return survivors;
        }

        private void check(Node node, Map<Node, FrequencySet> rootSets, Set<Node> survivors, Map<Node, Integer> order,
                           PriorityQueue<Node> queue) {
            // only a failed node's set is needed (its successors roll up from it): the executor may decide a pass
            // without building the set
            FrequencySet failed = executor.setIfFails(source(node, rootSets), node, request.k(),
                    request.suppressionAllowance());
            checked++;
            if (failed == null) {
                markGeneralizations(node);
                return;
            }
            survivors.remove(node);
            List<Node> successors = graph.successors(node);
            failedSets.put(node, new Failed(failed, failed.summarize(request.k()).classes(), new int[] {successors.size()}));
            for (Node next : successors) {
                if (!order.containsKey(next)) {
                    order.put(next, order.size());
                    queue.add(next);
                }
            }
        }

        /**
         * Frees what no later node needs once {@code node} has been taken from the queue: a failed predecessor's set
         * when this was the last of its successors (all of them are queued, each taken once, and only after every
         * predecessor, which is lower), and a root's source set when this was the last root using it. Keeping them
         * all to the end of the iteration held gigabytes on Adult with suppression.
         */
        private void release(Node node, Map<Node, FrequencySet> rootSets, Map<FrequencySet, Integer> rootSetUsers) {
            for (Node parent : graph.predecessors(node)) {
                Failed f = failedSets.get(parent);
                if (f != null && --f.pendingSuccessors()[0] == 0) {
                    failedSets.remove(parent);
                    f.set().discard();
                }
            }
            FrequencySet rootSet = rootSets.get(node);
            if (rootSet != null && rootSetUsers.merge(rootSet, -1, Integer::sum) == 0) {
                rootSetUsers.remove(rootSet);
                rootSet.discard();
            }
        }

        /**
         * The set to compute the node's from: a failed parent's when there is one (rollup), the one with fewest
         * classes since the rollup's cost grows with them; else the set given for a root; else null (scan).
         */
        private FrequencySet source(Node node, Map<Node, FrequencySet> rootSets) {
            Failed smallest = null;
            for (Node parent : graph.predecessors(node)) {
                Failed parentSet = failedSets.get(parent);
                if (parentSet != null && (smallest == null || parentSet.classes() < smallest.classes())) {
                    smallest = parentSet;
                }
            }
            if (smallest != null) {
                return smallest.set();
            }
            return rootSets.get(node);
        }

        private void markGeneralizations(Node node) {
            Deque<Node> stack = new ArrayDeque<>(graph.successors(node));
            while (!stack.isEmpty()) {
                Node n = stack.pop();
                if (marked.add(n)) {
                    stack.addAll(graph.successors(n));
                }
            }
        }
    }

}
