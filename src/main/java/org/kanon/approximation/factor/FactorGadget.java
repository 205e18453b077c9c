package org.kanon.approximation.factor;

import java.util.AbstractSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.function.Supplier;
import org.jgrapht.Graph;
import org.jgrapht.GraphType;
import org.jgrapht.alg.interfaces.MatchingAlgorithm;
import org.jgrapht.alg.matching.blossom.v5.BlossomVOptions;
import org.jgrapht.alg.matching.blossom.v5.KolmogorovWeightedPerfectMatching;
import org.jgrapht.graph.DefaultGraphType;
import org.kanon.InvalidInputException;
import org.kanon.approximation.instance.Instance;

/**
 * Minimum-weight degree-constrained subgraphs of a complete graph by minimum-weight perfect matching (Blossom V, JGraphT's
 * {@link KolmogorovWeightedPerfectMatching}); the factor problems of Aggarwal et al. sections 5 and 6.
 *
 * <p><b>2-factor gadget.</b> Every vertex v gets two ports v1, v2. Every edge e = (u, v) of weight w gets two edge
 * vertices e_u, e_v and five gadget edges u1-e_u, u2-e_u (w/2 each), v1-e_v, v2-e_v (w/2 each) and e_u-e_v (0). In a
 * perfect matching e_u is matched either to e_v (the edge is not used) or to a port of u, and then e_v, whose only
 * other neighbours are v's ports, is matched to a port of v (the edge is used, at cost w/2 + w/2 = w). Each port is
 * matched to exactly one edge vertex, and the two ports of v to edge vertices of different edges, so every vertex has
 * degree exactly 2: perfect matchings and 2-factors correspond, weights equal.
 *
 * <p><b>[1, 2]-factor gadget.</b> Every vertex v also gets a slack vertex z_v joined to v2 (0): z_v matched to v2
 * means v2 takes no edge, so deg v = 1 (v1 has only edge vertices as neighbours, so deg v >= 1 always). The other z's
 * ("free": those of the degree-2 vertices, D2 of them) must be matched among themselves. Joining them pairwise would
 * cost n^2/2 edges; instead they are the leaves of a binary parity tree: an inner node with children ports p, q has two
 * vertices u, o and edges p-q, p-u, q-u, u-o (all 0), and o is its port upwards. A subtree with L leaves has L + 2(L - 1)
 * vertices, so after its absorbed z's leave, its port is matched upwards iff it holds an odd number of free z's; and for
 * any parities of p and q the node has a matching (both even: u-o; one odd: it takes u, o goes up; both odd: p-q, u-o).
 * Degrees sum to D1 + 2 D2, so D1 is even and D2 has the parity of n: for odd n the root's port is matched to one extra
 * vertex. Perfect matchings therefore map onto [1, 2]-factors with equal weight, and every [1, 2]-factor extends to one.
 *
 * <p><b>Pricing.</b> The gadget of the complete graph has about n^2 vertices, and Blossom V slows down badly on it when
 * many distances tie. So the gadget is first built on a sparse candidate set (a ring through the rows in block order,
 * which guarantees a factor exists, and each row's {@link #NEIGHBOURS} nearest), and the matching's dual solution
 * decides whether a left-out edge could improve it (see {@link Candidates#price}): violated edges are added and the
 * matching is run again, until none is left. The result is then certified optimal for the complete graph by linear
 * programming duality (and the primal-dual gap is checked); after {@link #MAX_ROUNDS} rounds the complete gadget is
 * matched instead.
 *
 * <p><b>Exact weights.</b> Distances are sums of {@code w_j * h / l_j}. When the weights are integers and the heights'
 * least common multiple L is small, the gadget is built on {@code L * distance}, an integer, so Blossom V (which works
 * in doubles with tolerance 1e-9) sees exact values and halves of them. Other weights are rounded to multiples of
 * 2^-24 of the largest possible distance first (Blossom V can stall on irregular doubles): the factor is then optimal
 * for the rounded weights.
 */
final class FactorGadget {
    /** Which factor: every degree in {1, 2} or every degree exactly 2. */
    enum Degrees {
        ONE_OR_TWO, TWO
    }

    /** Most rows one factor is computed on: the distances alone take 4 n^2 bytes (268 MB here). Larger tables go by blocks. */
    static final int MAX_ROWS = 8192;
    /** Nearest neighbours per vertex in the first candidate edge set. */
    static final int NEIGHBOURS = 8;
    /** Pricing rounds before giving up on sparsity and matching the complete graph's gadget. */
    static final int MAX_ROUNDS = 12;
    /** Relative violation below which a left-out edge counts as priced out. */
    static final double PRICE_TOLERANCE = 1e-9;
    /** Left-out edges a pricing round adds per vertex at most (the most violated). */
    static final int PRICED_PER_VERTEX = 4;
    /** Relative primal-dual gap above which the pricing's certificate is not trusted. */
    static final double GAP_TOLERANCE = 1e-9;
    /** Fractional initialization, duals updated by connected components (of JGraphT's option sets the fastest on Adult blocks, measured with the complete gadget). */
    static final BlossomVOptions OPTIONS = new BlossomVOptions(BlossomVOptions.InitializationType.FRACTIONAL,
            BlossomVOptions.DualUpdateStrategy.MULTIPLE_TREE_CONNECTED_COMPONENTS, false, false);

    private FactorGadget() {
    }

    /**
     * A minimum-weight factor of the complete graph on these rows, by pricing ({@link #solve}) or on the complete
     * gadget ({@link #solveComplete}). Rows of one group only: the ring, of weight 0.
     */
    static Factor factor(Instance instance, int[] rows, Degrees degrees, boolean priced) {
        if (rows.length > MAX_ROWS) {
            throw new InvalidInputException("--block-size: one exact factor is computed on at most " + MAX_ROWS + " rows, got " + rows.length
                    + " (run block by block)");
        }
        int[][] local;
        if (Factor.identical(instance, rows)) {
            local = Factor.ring(rows.length);
        } else {
            double[] weight = weights(instance, rows);
            local = priced ? solve(rows.length, weight, degrees) : solveComplete(rows.length, weight, degrees);
        }
        return Factor.of(instance, rows, local);
    }

    /**
     * The edges (pairs of local indices 0..n-1, smaller first) of a minimum-weight factor of the complete graph on n
     * vertices whose edge weights are {@code weight[edgeIndex(n, i, j)]} for i < j: the gadget on a sparse candidate
     * edge set, grown by pricing until the matching's duals certify it optimal for the complete graph (see the class
     * comment); should that not settle in {@link #MAX_ROUNDS} rounds, the gadget of the complete graph.
     */
    static int[][] solve(int n, double[] weight, Degrees degrees) {
        check(n, weight, degrees);
        Candidates c = Candidates.initial(n, weight);
        for (int round = 0; round < MAX_ROUNDS; round++) {
            Solution s = match(n, weight, degrees, c, true);
            if (c.price(s.potential, weight) == 0) {
                // certified, unless rounding left a primal-dual gap: then the complete gadget decides
                return s.gap() ? solveComplete(n, weight, degrees) : s.factor;
            }
        }
        return solveComplete(n, weight, degrees);
    }

    /** The gadget of the complete graph, matched once: no pricing (the reference the pricing must agree with). */
    static int[][] solveComplete(int n, double[] weight, Degrees degrees) {
        check(n, weight, degrees);
        return match(n, weight, degrees, Candidates.complete(n), false).factor;
    }

    private static void check(int n, double[] weight, Degrees degrees) {
        int minimum = degrees == Degrees.TWO ? 3 : 2;
        if (n < minimum) {
            throw new IllegalArgumentException("a " + (degrees == Degrees.TWO ? "2-factor" : "[1,2]-factor") + " needs at least " + minimum + " vertices, got " + n);
        }
        if (weight.length != n * (n - 1) / 2) {
            throw new IllegalArgumentException(weight.length + " weights for " + n * (n - 1) / 2 + " edges");
        }
        for (double w : weight) {
            if (!(w >= 0) || Double.isInfinite(w)) {
                throw new IllegalArgumentException("edge weights must be finite and non-negative");
            }
        }
    }

    /**
     * The factor a matching gives, its weight, the dual objective (the duals Blossom V drops as zero, |y| <= 1e-9, can
     * add up to 1e-9 per gadget vertex) and every port's potential (see {@link Candidates#price}).
     */
    private record Solution(int[][] factor, double weight, double dual, double[] potential, int vertices) {
        boolean gap() {
            return Math.abs(weight - dual) > 1e-9 * vertices + GAP_TOLERANCE * Math.max(1, Math.abs(weight));
        }
    }

    /** Builds the gadget on the candidate edges, matches it, reads the factor (and, when asked, the duals) back. */
    private static Solution match(int n, double[] weight, Degrees degrees, Candidates c, boolean duals) {
        int edges = c.real.size();
        boolean slack = degrees == Degrees.ONE_OR_TWO;
        int firstEdgeVertex = 2 * n;
        int firstSlack = firstEdgeVertex + 2 * edges;
        // slack: n z's, 2 vertices per inner node of the parity tree (n - 1 of them), one more for odd n
        int vertices = firstSlack + (slack ? n + 2 * (n - 1) + (n & 1) : 0);
        long gadgetEdges = 5L * edges + (slack ? n + 4L * (n - 1) + (n & 1) : 0);
        if (gadgetEdges > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException(n + " vertices make a gadget graph too large for one matching; use blocks");
        }
        IndexGraph g = new IndexGraph(vertices, (int) gadgetEdges);
        for (int k = 0; k < edges; k++) {
            long pair = c.real.get(k);
            int u = (int) (pair >>> 32);
            int v = (int) pair;
            double half = weight[edgeIndex(n, u, v)] / 2;
            int a = firstEdgeVertex + 2 * k;
            int b = a + 1;
            g.add(2 * u, a, half);      // 5k + 0
            g.add(2 * u + 1, a, half);  // 5k + 1
            g.add(2 * v, b, half);      // 5k + 2
            g.add(2 * v + 1, b, half);  // 5k + 3
            g.add(a, b, 0);             // 5k + 4: the edge is not used
        }
        if (slack) {
            parityTree(g, n, firstSlack);
        }
        KolmogorovWeightedPerfectMatching<Integer, Integer> blossom = new KolmogorovWeightedPerfectMatching<>(g, OPTIONS);
        MatchingAlgorithm.Matching<Integer, Integer> matching = blossom.getMatching();
        List<int[]> factor = new ArrayList<>();
        int[] degree = new int[n];
        double total = 0;
        for (int ge : matching.getEdges()) {
            // u1-e_u or u2-e_u matched: the edge is in the factor (e_v is then matched to a port of v)
            if (ge < 5 * edges && ge % 5 <= 1) {
                long pair = c.real.get(ge / 5);
                int u = (int) (pair >>> 32);
                int v = (int) pair;
                factor.add(new int[] {u, v});
                degree[u]++;
                degree[v]++;
                total += weight[edgeIndex(n, u, v)];
            }
        }
        for (int v = 0; v < n; v++) {
            boolean ok = degrees == Degrees.TWO ? degree[v] == 2 : degree[v] == 1 || degree[v] == 2;
            if (!ok) {
                throw new IllegalStateException("the matching gave vertex " + v + " degree " + degree[v] + " in a " + degrees + " factor");
            }
        }
        factor.sort((x, y) -> x[0] != y[0] ? Integer.compare(x[0], y[0]) : Integer.compare(x[1], y[1]));
        double[] potential = new double[2 * n];
        double dual = 0;
        if (duals) {
            for (Map.Entry<Set<Integer>, Double> e : blossom.getDualSolution().getDualVariables().entrySet()) {
                double y = e.getValue();
                dual += y;
                for (int x : e.getKey()) {
                    if (x < 2 * n) {
                        potential[x] += y;
                    }
                }
            }
        }
        return new Solution(factor.toArray(new int[0][]), total, dual, potential, vertices);
    }

    /** The gadget's candidate edges (u, v), packed u << 32 | v with u < v. */
    static final class Candidates {
        final LongList real = new LongList();
        private final boolean[] has;
        private final int n;

        private Candidates(int n) {
            this.n = n;
            this.has = new boolean[n * (n - 1) / 2];
        }

        /**
         * The ring 0-1-..-(n-1)-0 (a Hamiltonian cycle, so a factor always exists; the rows come sorted, so ring
         * neighbours are alike) and every vertex's {@link #NEIGHBOURS} nearest (ties: the nearer in row order).
         */
        static Candidates initial(int n, double[] weight) {
            Candidates c = new Candidates(n);
            for (int i = 0; i + 1 < n; i++) {
                c.add(i, i + 1);
            }
            if (n > 2) {
                c.add(0, n - 1);
            }
            int keep = Math.min(NEIGHBOURS, n - 1);
            int[] best = new int[keep];
            for (int i = 0; i < n; i++) {
                int size = 0;
                for (int j = 0; j < n; j++) {
                    if (j == i) {
                        continue;
                    }
                    double w = weight[i < j ? edgeIndex(n, i, j) : edgeIndex(n, j, i)];
                    if (size == keep && !nearer(w, Math.abs(i - j), best[size - 1], i, n, weight)) {
                        continue;
                    }
                    int at = size == keep ? size - 1 : size++;
                    while (at > 0 && nearer(w, Math.abs(i - j), best[at - 1], i, n, weight)) {
                        best[at] = best[at - 1];
                        at--;
                    }
                    best[at] = j;
                }
                for (int k = 0; k < size; k++) {
                    c.add(Math.min(i, best[k]), Math.max(i, best[k]));
                }
            }
            return c;
        }

        private static boolean nearer(double w, int gap, int other, int i, int n, double[] weight) {
            double wo = weight[i < other ? edgeIndex(n, i, other) : edgeIndex(n, other, i)];
            return w < wo || (w == wo && gap < Math.abs(i - other));
        }

        /** Every edge: the gadget of the complete graph. */
        static Candidates complete(int n) {
            Candidates c = new Candidates(n);
            for (int i = 0; i < n; i++) {
                for (int j = i + 1; j < n; j++) {
                    c.add(i, j);
                }
            }
            return c;
        }

        private void add(int u, int v) {
            int e = edgeIndex(n, u, v);
            if (!has[e]) {
                has[e] = true;
                real.add((long) u << 32 | v);
            }
        }

        /**
         * Adds left-out edges whose gadget the duals do not price out and returns how many; none means the matching is
         * optimal for the complete graph. The potential P of a port is its dual plus the duals of the blossoms holding
         * it. A left-out edge (u, v) of weight w would come with two new vertices e_u, e_v outside every blossom; giving
         * them duals a and -a keeps the duals feasible iff max(P(u1), P(u2)) + max(P(v1), P(v2)) <= w (any a in [max P(v) - w/2,
         * w/2 - max P(u)]), and then the matching plus e_u-e_v still meets complementary slackness
         * (e_u-e_v is tight; no blossom gains a matched edge across it): optimal. Per vertex only the
         * {@link #PRICED_PER_VERTEX} most violated edges are added in one round: rows of one group have equal potentials,
         * and adding every violated pair of twins at once would swell the gadget for nothing.
         */
        int price(double[] potential, double[] weight) {
            double[] worst = new double[PRICED_PER_VERTEX];
            int[] worstAt = new int[PRICED_PER_VERTEX];
            double[] top = new double[n];
            for (int v = 0; v < n; v++) {
                top[v] = Math.max(potential[2 * v], potential[2 * v + 1]);
            }
            LongList picked = new LongList();
            for (int u = 0; u < n; u++) {
                int size = 0;
                for (int v = 0; v < n; v++) {
                    if (v == u) {
                        continue;
                    }
                    int e = u < v ? edgeIndex(n, u, v) : edgeIndex(n, v, u);
                    if (has[e]) {
                        continue;
                    }
                    double violation = top[u] + top[v] - weight[e];
                    if (violation <= PRICE_TOLERANCE * Math.max(1, weight[e])
                            || (size == worst.length && violation <= worst[size - 1])) {
                        continue;
                    }
                    int at = size == worst.length ? size - 1 : size++;
                    while (at > 0 && violation > worst[at - 1]) {
                        worst[at] = worst[at - 1];
                        worstAt[at] = worstAt[at - 1];
                        at--;
                    }
                    worst[at] = violation;
                    worstAt[at] = v;
                }
                for (int i = 0; i < size; i++) {
                    picked.add((long) Math.min(u, worstAt[i]) << 32 | Math.max(u, worstAt[i]));
                }
            }
            int before = real.size();
            for (int i = 0; i < picked.size(); i++) {
                long p = picked.get(i);
                add((int) (p >>> 32), (int) p);
            }
            return real.size() - before;
        }
    }

    /** A growable list of longs. */
    static final class LongList {
        private long[] items = new long[16];
        private int size;

        void add(long x) {
            if (size == items.length) {
                items = Arrays.copyOf(items, 2 * size);
            }
            items[size++] = x;
        }

        long get(int i) {
            return items[i];
        }

        int size() {
            return size;
        }
    }

    /** The slack vertices z_v (joined to v2) as leaves of the parity tree of the class comment. */
    private static void parityTree(IndexGraph g, int n, int firstSlack) {
        int next = firstSlack;
        int[] ports = new int[n];
        for (int v = 0; v < n; v++) {
            ports[v] = next++;
            g.add(2 * v + 1, ports[v], 0);
        }
        int count = n;
        while (count > 1) {
            int up = 0;
            for (int i = 0; i < count; i += 2) {
                if (i + 1 == count) {
                    ports[up++] = ports[i];
                    continue;
                }
                int u = next++;
                int o = next++;
                g.add(ports[i], ports[i + 1], 0);
                g.add(ports[i], u, 0);
                g.add(ports[i + 1], u, 0);
                g.add(u, o, 0);
                ports[up++] = o;
            }
            count = up;
        }
        if ((n & 1) == 1) {
            g.add(ports[0], next++, 0);
        }
        if (next != g.vertices) {
            throw new IllegalStateException("the parity tree has " + (next - firstSlack) + " vertices, expected " + (g.vertices - firstSlack));
        }
    }

    /** Index of edge (i, j), i < j, among the n(n-1)/2 edges of K_n listed row by row. */
    static int edgeIndex(int n, int i, int j) {
        return i * n - i * (i + 1) / 2 + (j - i - 1);
    }

    /**
     * The distances between these rows, listed as {@link #edgeIndex}, multiplied by a constant that makes them
     * integers when the weights allow (see the class comment); only their order and sums matter to the matching.
     */
    static double[] weights(Instance instance, int[] rows) {
        int m = instance.qiCount();
        double[] perLevel = scaledPerLevel(instance);
        int n = rows.length;
        double[] w = new double[n * (n - 1) / 2];
        for (int i = 0, e = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++, e++) {
                int a = rows[i];
                int b = rows[j];
                if (instance.group(a) == instance.group(b)) {
                    continue;
                }
                double d = 0;
                for (int q = 0; q < m; q++) {
                    if (perLevel[q] != 0) {
                        d += perLevel[q] * instance.agreeLevel(q, a, b);
                    }
                }
                w[e] = d;
            }
        }
        return w;
    }

    /**
     * Per QI what one level costs, up to a common factor: w_q * L / l_q (integers) when the weights are integers, else
     * w_q / l_q rounded to a multiple of 2^-24 of the largest distance (see the class comment).
     */
    private static double[] scaledPerLevel(Instance instance) {
        int m = instance.qiCount();
        long lcm = 1;
        boolean integral = true;
        double largest = 0;
        for (int q = 0; q < m; q++) {
            int h = instance.height(q);
            double w = instance.cost().weight(q);
            if (h > 0) {
                lcm = lcm / gcd(lcm, h) * h;
                integral &= lcm <= 1 << 20;
                largest += w;
            }
            integral &= w == Math.rint(w) && w <= 1 << 20;
        }
        double[] scaled = new double[m];
        if (integral && largest * lcm * 4 * instance.size() < 0x1p50) {
            for (int q = 0; q < m; q++) {
                int h = instance.height(q);
                scaled[q] = h == 0 ? 0 : instance.cost().weight(q) * (lcm / h);
            }
            return scaled;
        }
        double unit = largest > 0 ? largest / 0x1p24 : 1;
        for (int q = 0; q < m; q++) {
            int h = instance.height(q);
            scaled[q] = h == 0 ? 0 : Math.rint(instance.cost().weight(q) / h / unit);
        }
        return scaled;
    }

    private static long gcd(long a, long b) {
        while (b != 0) {
            long t = a % b;
            a = b;
            b = t;
        }
        return a;
    }

    /**
     * A fixed undirected weighted graph on vertices 0..V-1 and edges 0..E-1, held in arrays: the part of JGraphT's
     * {@link Graph} that Blossom V reads (vertex and edge sets, ends and weights), without the per-edge objects and hash
     * lookups of a general graph. It is built once and never changed.
     */
    static final class IndexGraph implements Graph<Integer, Integer> {
        private final int vertices;
        private final int[] source;
        private final int[] target;
        private final double[] weight;
        private int edges;

        IndexGraph(int vertices, int capacity) {
            this.vertices = vertices;
            this.source = new int[capacity];
            this.target = new int[capacity];
            this.weight = new double[capacity];
        }

        int add(int s, int t, double w) {
            source[edges] = s;
            target[edges] = t;
            weight[edges] = w;
            return edges++;
        }

        @Override
        public Set<Integer> vertexSet() {
            return new Range(vertices);
        }

        @Override
        public Set<Integer> edgeSet() {
            return new Range(edges);
        }

        @Override
        public Integer getEdgeSource(Integer e) {
            return source[e];
        }

        @Override
        public Integer getEdgeTarget(Integer e) {
            return target[e];
        }

        @Override
        public double getEdgeWeight(Integer e) {
            return weight[e];
        }

        @Override
        public boolean containsVertex(Integer v) {
            return v != null && v >= 0 && v < vertices;
        }

        @Override
        public boolean containsEdge(Integer e) {
            return e != null && e >= 0 && e < edges;
        }

        @Override
        public GraphType getType() {
            return DefaultGraphType.simple().asWeighted();
        }

        @Override
        public Set<Integer> getAllEdges(Integer s, Integer t) {
            throw unsupported();
        }

        @Override
        public Integer getEdge(Integer s, Integer t) {
            throw unsupported();
        }

        @Override
        public Supplier<Integer> getVertexSupplier() {
            return null;
        }

        @Override
        public Supplier<Integer> getEdgeSupplier() {
            return null;
        }

        @Override
        public Integer addEdge(Integer s, Integer t) {
            throw unsupported();
        }

        @Override
        public boolean addEdge(Integer s, Integer t, Integer e) {
            throw unsupported();
        }

        @Override
        public Integer addVertex() {
            throw unsupported();
        }

        @Override
        public boolean addVertex(Integer v) {
            throw unsupported();
        }

        @Override
        public boolean containsEdge(Integer s, Integer t) {
            throw unsupported();
        }

        @Override
        public int degreeOf(Integer v) {
            throw unsupported();
        }

        @Override
        public Set<Integer> edgesOf(Integer v) {
            throw unsupported();
        }

        @Override
        public int inDegreeOf(Integer v) {
            throw unsupported();
        }

        @Override
        public Set<Integer> incomingEdgesOf(Integer v) {
            throw unsupported();
        }

        @Override
        public int outDegreeOf(Integer v) {
            throw unsupported();
        }

        @Override
        public Set<Integer> outgoingEdgesOf(Integer v) {
            throw unsupported();
        }

        @Override
        public boolean removeAllEdges(Collection<? extends Integer> edges) {
            throw unsupported();
        }

        @Override
        public Set<Integer> removeAllEdges(Integer s, Integer t) {
            throw unsupported();
        }

        @Override
        public boolean removeAllVertices(Collection<? extends Integer> vertices) {
            throw unsupported();
        }

        @Override
        public Integer removeEdge(Integer s, Integer t) {
            throw unsupported();
        }

        @Override
        public boolean removeEdge(Integer e) {
            throw unsupported();
        }

        @Override
        public boolean removeVertex(Integer v) {
            throw unsupported();
        }

        @Override
        public void setEdgeWeight(Integer e, double w) {
            throw unsupported();
        }

        private static UnsupportedOperationException unsupported() {
            return new UnsupportedOperationException("the gadget graph only serves Blossom V's reads");
        }
    }

    /** The integers 0..size-1 as a set. */
    private static final class Range extends AbstractSet<Integer> {
        private final int size;

        Range(int size) {
            this.size = size;
        }

        @Override
        public int size() {
            return size;
        }

        @Override
        public boolean contains(Object o) {
            return o instanceof Integer i && i >= 0 && i < size;
        }

        @Override
        public Iterator<Integer> iterator() {
            return new Iterator<>() {
                private int next;

                @Override
                public boolean hasNext() {
                    return next < size;
                }

                @Override
                public Integer next() {
                    if (next >= size) {
                        throw new NoSuchElementException();
                    }
                    return next++;
                }
            };
        }
    }
}
