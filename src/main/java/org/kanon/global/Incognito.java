package org.kanon.global;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.kanon.frequency.FrequencyCheck;
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
 * it returns every anonymous node of the full lattice. Beyond the paper, a candidate with an attribute at a level of
 * a single value is found anonymous from its subset without a frequency set ({@link #anonymousBySubset}); it is
 * still counted among the nodes checked, as the paper's search checks it.
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
        boolean[] survived = new boolean[0];
        try (GraphGeneration generation = new GraphGeneration(executor, heights.length)) {
            for (int i = 1; i <= heights.length && !graph.isEmpty(); i++) {
                Search iteration = new Search(executor, request, graph);
                survived = iteration.run(rootSets(executor, graph));
                checked += iteration.checked;
                if (i < heights.length) {
                    graph = generation.next(graph, survived);
                }
            }
        }
        List<Node> full = new ArrayList<>();
        for (int id = 0; id < graph.size(); id++) {
            if (survived[id] && graph.node(id).size() == heights.length) {
                full.add(graph.node(id));
            }
        }
        return new SearchResult(name(), Nodes.sortedVectors(full), true, checked, executor.stats(),
                (System.nanoTime() - start) / 1_000_000);
    }

    /**
     * The next candidate graphs of one search. With frequency sets in the database, the graph is generated there too,
     * as the SQL of Figure 6 over relational node and edge tables that live as long as the search (their statements
     * are counted with the executor's); in memory, by the same algorithm in Java.
     */
    private static final class GraphGeneration implements AutoCloseable {
        private final FrequencyExecutor executor;
        private final SqlCandidateGeneration sql;

        GraphGeneration(FrequencyExecutor executor, int qis) {
            this.executor = executor;
            this.sql = executor instanceof SqlExecutor s ? new SqlCandidateGeneration(s.tables(), qis) : null;
        }

        CandidateGraph next(CandidateGraph graph, boolean[] survived) {
            if (sql == null) {
                return CandidateGeneration.next(graph, survived);
            }
            Set<Node> survivors = new LinkedHashSet<>();
            for (int id = 0; id < graph.size(); id++) {
                if (survived[id]) {
                    survivors.add(graph.node(id));
                }
            }
            long before = sql.statements();
            try {
                return sql.next(graph, survivors);
            } finally {
                executor.stats().statements((int) (sql.statements() - before));
            }
        }

        @Override
        public void close() {
            if (sql != null) {
                long before = sql.statements();
                sql.close();
                executor.stats().statements((int) (sql.statements() - before));
            }
        }
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

    /**
     * Whether {@code node}, a candidate of an iteration after the first, is anonymous by the subset property alone,
     * with no frequency set: an attribute generalized to a single value ({@link FrequencyExecutor#singleValued},
     * the "*" at the top of a hierarchy) groups no rows apart, so the node has the very classes of its subset
     * without that attribute, and every subset of a candidate survived the previous iteration, that is, is
     * anonymous. Any model that judges a release by its classes gives both the same verdict. On Adult with 5 %
     * suppression, 17,031 of the 19,616 nodes checked are such nodes (k=2 without suppression: 3,804 of 4,029).
     */
    static boolean anonymousBySubset(FrequencyExecutor executor, Node node) {
        if (node.size() < 2) {
            return false; // its subset is the empty one, never checked
        }
        for (int j = 0; j < node.size(); j++) {
            if (executor.singleValued(node.attribute(j), node.level(j))) {
                return true;
            }
        }
        return false;
    }

    /** A failed node's frequency set, the rows a rollup from it reads, and how many of its successors are yet to be taken. */
    private static final class Failed {
        final FrequencySet set;
        final long rowsToRead;
        int pendingSuccessors;

        Failed(FrequencySet set, long rowsToRead, int pendingSuccessors) {
            this.set = set;
            this.rowsToRead = rowsToRead;
            this.pendingSuccessors = pendingSuccessors;
        }
    }

    /**
     * One breadth-first search of Figure 8 over one candidate graph. Nodes are handled by their numbers in the graph;
     * the queue is one first-in-first-out list per height, which is the paper's order (by height, then as reached).
     */
    private static final class Search {
        private final FrequencyExecutor executor;
        private final SearchRequest request;
        private final CandidateGraph graph;
        private final boolean[] marked;
        private final boolean[] queued;
        private final boolean[] failed;
        private final Failed[] failedSets;
        private final int[][] byHeight;
        private final int[] queuedAtHeight;
        long checked;

        Search(FrequencyExecutor executor, SearchRequest request, CandidateGraph graph) {
            this.executor = executor;
            this.request = request;
            this.graph = graph;
            int n = graph.size();
            marked = new boolean[n];
            queued = new boolean[n];
            failed = new boolean[n];
            failedSets = new Failed[n];
            int maxHeight = 0;
            for (Node node : graph.nodes()) {
                maxHeight = Math.max(maxHeight, node.height());
            }
            byHeight = new int[maxHeight + 1][];
            queuedAtHeight = new int[maxHeight + 1];
            Arrays.fill(byHeight, new int[0]);
        }

        /** Runs the search; returns by node number whether the node survived (was not found to fail). */
        boolean[] run(Map<Node, FrequencySet> rootSets) {
            for (int id = 0; id < graph.size(); id++) {
                if (graph.predecessorCount(id) == 0) {
                    enqueue(id);
                }
            }
            Map<FrequencySet, Integer> rootSetUsers = new IdentityHashMap<>();
            rootSets.values().forEach(set -> rootSetUsers.merge(set, 1, Integer::sum));
            try {
                int batch = Math.max(1, executor.checksPerBatch());
                for (int h = 0; h < byHeight.length; h++) {
                    // checked in batches: a node's verdict marks only greater heights, and its source is a set of a
                    // lower height, so the unmarked nodes of one height may be decided together, in any order
                    for (int i = 0; i < queuedAtHeight[h]; ) {
                        int end = (int) Math.min(queuedAtHeight[h], (long) i + batch);
                        check(byHeight[h], i, end, rootSets);
                        for (int j = i; j < end; j++) {
                            release(byHeight[h][j], rootSets, rootSetUsers);
                        }
                        i = end;
                    }
                }
            } finally {
                for (Failed f : failedSets) {
                    if (f != null) {
                        f.set.discard();
                    }
                }
                rootSetUsers.keySet().forEach(FrequencySet::discard);
            }
            boolean[] survived = new boolean[graph.size()];
            for (int id = 0; id < graph.size(); id++) {
                survived[id] = !failed[id];
            }
            return survived;
        }

        private void enqueue(int id) {
            if (queued[id]) {
                return;
            }
            queued[id] = true;
            int h = graph.node(id).height();
            if (queuedAtHeight[h] == byHeight[h].length) {
                byHeight[h] = Arrays.copyOf(byHeight[h], Math.max(16, byHeight[h].length * 2));
            }
            byHeight[h][queuedAtHeight[h]++] = id;
        }

        /** Checks the unmarked nodes among {@code ids[from..to)} in one request to the executor; verdicts in order. */
        private void check(int[] ids, int from, int to, Map<Node, FrequencySet> rootSets) {
            List<Integer> unmarked = new ArrayList<>();
            List<FrequencyCheck> checks = new ArrayList<>();
            for (int i = from; i < to; i++) {
                if (marked[ids[i]]) {
                    continue;
                }
                if (anonymousBySubset(executor, graph.node(ids[i]))) {
                    executor.stats().foundBySubset();
                    verdict(ids[i], null);
                } else {
                    unmarked.add(ids[i]);
                    checks.add(new FrequencyCheck(source(ids[i], rootSets), graph.node(ids[i])));
                }
            }
            if (checks.isEmpty()) {
                return;
            }
            // only a failed node's set is needed (its successors roll up from it): the executor may decide a pass
            // without building the set
            List<FrequencySet> sets = executor.setsIfFail(checks, request.k(), request.suppressionAllowance());
            for (int n = 0; n < unmarked.size(); n++) {
                verdict(unmarked.get(n), sets.get(n));
            }
        }

        private void verdict(int id, FrequencySet set) {
            checked++;
            request.nodesChecked().advance();
            if (set == null) {
                markGeneralizations(id);
                return;
            }
            failed[id] = true;
            failedSets[id] = new Failed(set, set.rowsToRead(), graph.successorCount(id));
            for (int i = 0; i < graph.successorCount(id); i++) {
                enqueue(graph.successor(id, i));
            }
        }

        /**
         * Frees what no later node needs once node {@code id} has been taken from the queue: a failed predecessor's
         * set when this was the last of its successors (all of them are queued, each taken once, and only after
         * every predecessor, which is lower), and a root's source set when this was the last root using it.
         * Keeping them all to the end of the iteration held gigabytes on Adult with suppression.
         */
        private void release(int id, Map<Node, FrequencySet> rootSets, Map<FrequencySet, Integer> rootSetUsers) {
            for (int i = 0; i < graph.predecessorCount(id); i++) {
                int parent = graph.predecessor(id, i);
                Failed f = failedSets[parent];
                if (f != null && --f.pendingSuccessors == 0) {
                    failedSets[parent] = null;
                    f.set.discard();
                }
            }
            if (graph.predecessorCount(id) == 0 && !rootSets.isEmpty()) {
                FrequencySet rootSet = rootSets.get(graph.node(id));
                if (rootSet != null && rootSetUsers.merge(rootSet, -1, Integer::sum) == 0) {
                    rootSetUsers.remove(rootSet);
                    rootSet.discard();
                }
            }
        }

        /**
         * The set to compute the node's from: a failed parent's when there is one (rollup), the one whose
         * rollup reads fewest rows, since its cost grows with them; else the set given for a root; else null (scan).
         */
        private FrequencySet source(int id, Map<Node, FrequencySet> rootSets) {
            Failed smallest = null;
            for (int i = 0; i < graph.predecessorCount(id); i++) {
                Failed parentSet = failedSets[graph.predecessor(id, i)];
                if (parentSet != null && (smallest == null || parentSet.rowsToRead < smallest.rowsToRead)) {
                    smallest = parentSet;
                }
            }
            if (smallest != null) {
                return smallest.set;
            }
            return rootSets.get(graph.node(id));
        }

        private void markGeneralizations(int id) {
            int[] stack = new int[16];
            int top = 0;
            stack[top++] = id;
            while (top > 0) {
                int n = stack[--top];
                for (int i = 0; i < graph.successorCount(n); i++) {
                    int s = graph.successor(n, i);
                    if (!marked[s]) {
                        marked[s] = true;
                        if (top == stack.length) {
                            stack = Arrays.copyOf(stack, top * 2);
                        }
                        stack[top++] = s;
                    }
                }
            }
        }
    }
}
