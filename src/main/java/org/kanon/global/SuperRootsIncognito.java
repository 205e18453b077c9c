package org.kanon.global;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinTask;
import org.kanon.frequency.FrequencyExecutor;
import org.kanon.frequency.FrequencySet;
import org.kanon.lattice.CandidateGraph;
import org.kanon.lattice.Node;

/**
 * Super-roots Incognito (Incognito section 3.3.1): a priori pruning leaves candidate graphs that are not lattices,
 * so one QI subset (a "family") can have several roots, and Basic Incognito scans the table once per root. Here
 * the roots are grouped by family and the table is scanned once per family, at the family's super-root (per
 * attribute the lowest level among its roots); each root's frequency set is then rolled up from it.
 *
 * <p>In memory, where a rollup costs in proportion to the classes it reads, the roots are not all rolled up from
 * the super-root itself: the family is split in two by the levels of one attribute, each half rolled up to its own
 * (coarser, so smaller) lower bound, and so on down to single roots or to a bound of a few thousand classes, which
 * its roots all read (see {@link FrequencyExecutor#rollsUpInSteps}). On Adult at 9 QIs most checks are such
 * roots (every candidate of the larger subsets is anonymous), and this reads about a third of the classes that
 * rolling every root up from the super-root reads. In the database, where each set is a statement and a batch of
 * verdicts reads its source once for all its nodes, the family's roots roll up from the super-root, as in the paper,
 * unless they are many and it is large ({@link FrequencyExecutor#rollsUpInSteps}): on a table of millions of rows a
 * family's super-root can hold millions of classes, and every batch of its roots then hashes all of them once per
 * root. Families are independent, so an executor that allows it
 * ({@link FrequencyExecutor#supportsConcurrentUse()}) computes them on the common fork-join pool.
 */
public class SuperRootsIncognito extends Incognito {
    /** Both parts of a split at least this many roots: they are assigned in parallel where the executor allows. */
    private static final int PARALLEL_PART = 16;

    @Override
    public String name() {
        return "incognito-superroots";
    }

    /**
     * For each family with two or more roots to check, its super-root is scanned once; a family with a single root
     * is its own super-root and is left to the base class to scan, which saves a derivation of an identical set.
     */
    @Override
    protected Map<Node, FrequencySet> rootSets(FrequencyExecutor executor, CandidateGraph graph) {
        // roots anonymous by their subsets are never checked: they need no set
        List<Node> checked = graph.roots().stream().filter(root -> !anonymousBySubset(executor, root)).toList();
        List<List<Node>> families = families(checked).values().stream().filter(f -> f.size() > 1).toList();
        Map<Node, FrequencySet> sources = new ConcurrentHashMap<>();
        try {
            // families are independent: an executor that allows it computes them on several threads
            (executor.supportsConcurrentUse() ? families.parallelStream() : families.stream()).forEach(family -> {
                split(executor, family, executor.scan(superRoot(family)), sources);
            });
            return sources;
        } catch (RuntimeException e) {
            sources.values().stream().distinct().forEach(FrequencySet::discard);
            throw e;
        }
    }

    /**
     * Assigns each of {@code roots} (all derivable from {@code from}) the set it is rolled up from: with one root,
     * {@code from}; else the roots are split by the attribute whose levels spread most (those at its lowest level,
     * the rest), and each part with two or more roots gets its own lower bound rolled up from {@code from}. Returns
     * whether some root reads {@code from} itself; a bound no root reads is discarded once its part is assigned.
     */
    static boolean split(FrequencyExecutor executor, List<Node> roots, FrequencySet from, Map<Node, FrequencySet> sources) {
        if (roots.size() == 1 || !executor.rollsUpInSteps(from, roots.size())) {
            roots.forEach(root -> sources.put(root, from));
            return true;
        }
        int attribute = widestSpread(roots);
        int lowest = roots.stream().mapToInt(r -> r.level(attribute)).min().orElseThrow();
        List<Node> low = new ArrayList<>();
        List<Node> high = new ArrayList<>();
        for (Node r : roots) {
            (r.level(attribute) == lowest ? low : high).add(r);
        }
        if (executor.supportsConcurrentUse() && low.size() >= PARALLEL_PART && high.size() >= PARALLEL_PART) {
            // a family of many roots is most of an iteration's work near its end: its halves go to both cores
            boolean[] read = new boolean[2];
            ForkJoinTask.invokeAll(ForkJoinTask.adapt(() -> read[0] = assign(executor, low, from, sources)),
                    ForkJoinTask.adapt(() -> read[1] = assign(executor, high, from, sources)));
            return read[0] || read[1];
        }
        boolean readLow = assign(executor, low, from, sources);
        return assign(executor, high, from, sources) || readLow;
    }

    /**
     * One part of a split: assigned from its own bound, derived from {@code from}, unless the bound is {@code from}
     * itself or the part a single root. Returns whether a root of the part reads {@code from}.
     */
    private static boolean assign(FrequencyExecutor executor, List<Node> part, FrequencySet from, Map<Node, FrequencySet> sources) {
        Node bound = superRoot(part);
        if (part.size() == 1 || bound.equals(from.node())) {
            return split(executor, part, from, sources);
        }
        FrequencySet between = executor.derive(from, bound);
        if (!split(executor, part, between, sources)) { // every root of the part reads a set derived from it
            between.discard();
        }
        return false;
    }

    /** The position whose levels differ most among the roots (distinct roots of one family differ somewhere). */
    private static int widestSpread(List<Node> roots) {
        int best = 0;
        int bestSpread = -1;
        for (int i = 0; i < roots.get(0).size(); i++) {
            int min = Integer.MAX_VALUE;
            int max = Integer.MIN_VALUE;
            for (Node r : roots) {
                min = Math.min(min, r.level(i));
                max = Math.max(max, r.level(i));
            }
            if (max - min > bestSpread) {
                best = i;
                bestSpread = max - min;
            }
        }
        return best;
    }

    /** Roots grouped by their attribute subset, in first-seen order. */
    static Map<List<Integer>, List<Node>> families(List<Node> roots) {
        Map<List<Integer>, List<Node>> families = new LinkedHashMap<>();
        for (Node root : roots) {
            List<Integer> key = Arrays.stream(root.attributes()).boxed().toList();
            families.computeIfAbsent(key, x -> new ArrayList<>()).add(root);
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
