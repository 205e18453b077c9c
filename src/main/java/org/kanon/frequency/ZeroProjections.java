package org.kanon.frequency;

import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.kanon.lattice.Node;

/**
 * Zero-generalization frequency sets of attribute subsets, kept by the memory executor so that a "scan" need not
 * go back to the zero-level set of all quasi-identifiers (26,912 classes on Adult) each time: Incognito scans every
 * root of a QI subset, and the projection onto the subset is usually far smaller. A missing projection is
 * computed from the smallest cached projection of a superset. Bounded by a number of cached classes (keys and
 * counts); the least recently used projections are dropped first, which suits Incognito's small-to-large order.
 * (Building projections top-down as Cube Incognito does, through every superset one attribute larger, was
 * measured slower: the large subsets' projections are nearly as big as the full set and crowd out the rest.)
 */
final class ZeroProjections {
    /** Attribute subsets are int bit sets. */
    static final int MAX_ATTRIBUTES = 30;

    /** Groups a set onto a node, or returns null without building it when it has more than {@code maxClasses} classes. */
    interface Projector {
        MemoryFrequencySet project(MemoryFrequencySet from, Node node, long maxClasses);
    }

    private final int attributes;
    private final long budgetClasses;
    private final Projector projector;
    /** By attribute bit set, in access order for eviction. */
    private final Map<Integer, MemoryFrequencySet> cached = new LinkedHashMap<>(64, 0.75f, true);
    /** Attribute sets whose projection was found larger than a cached one may be: not tried again. */
    private final Set<Integer> tooLarge = new HashSet<>();
    private long classes;
    private long computed;

    ZeroProjections(MemoryFrequencySet zero, long budgetClasses, Projector projector) {
        this.attributes = zero.node().size();
        this.budgetClasses = budgetClasses;
        this.projector = projector;
        cached.put(full(), zero);
    }

    /** Projections computed so far (each one pass over a superset's projection). */
    synchronized long computed() {
        return computed;
    }

    /** The cached zero-level frequency set of the attributes of {@code node}, or null; computes nothing. */
    synchronized MemoryFrequencySet cachedOf(Node node) {
        return cached.get(mask(node));
    }

    /**
     * The zero-level frequency set of the attributes of {@code node}, or, when that projection is too large to keep,
     * the smallest cached set of a superset of them (a scan groups the node from it in one pass: building a
     * projection that is dropped at once would hold both in memory for nothing).
     */
    synchronized MemoryFrequencySet of(Node node) {
        return of(mask(node));
    }

    private MemoryFrequencySet of(int mask) {
        MemoryFrequencySet set = cached.get(mask);
        if (set != null) {
            return set;
        }
        MemoryFrequencySet superset = smallestCachedSuperset(mask);
        if (tooLarge.contains(mask)) {
            return superset;
        }
        set = projector.project(superset, zero(mask), budgetClasses / 4);
        computed++;
        if (set == null) {
            tooLarge.add(mask);
            return superset;
        }
        long size = classes(set);
        evictFor(size);
        cached.put(mask, set);
        classes += size;
        return set;
    }

    /** Least recently used projections go first; the full zero-level set stays. */
    private void evictFor(long size) {
        Iterator<Map.Entry<Integer, MemoryFrequencySet>> it = cached.entrySet().iterator();
        while (classes + size > budgetClasses && it.hasNext()) {
            Map.Entry<Integer, MemoryFrequencySet> e = it.next();
            if (e.getKey() != full()) {
                classes -= classes(e.getValue());
                it.remove();
            }
        }
    }

    private static long classes(MemoryFrequencySet set) {
        return set.counts.length;
    }

    private MemoryFrequencySet smallestCachedSuperset(int mask) {
        MemoryFrequencySet best = null;
        for (Map.Entry<Integer, MemoryFrequencySet> e : cached.entrySet()) {
            if ((e.getKey() & mask) == mask && (best == null || e.getValue().counts.length < best.counts.length)) {
                best = e.getValue();
            }
        }
        return best;
    }

    private int full() {
        return (1 << attributes) - 1;
    }

    private static int mask(Node node) {
        int mask = 0;
        for (int i = 0; i < node.size(); i++) {
            mask |= 1 << node.attribute(i);
        }
        return mask;
    }

    private static Node zero(int mask) {
        int[] attributes = new int[Integer.bitCount(mask)];
        for (int a = 0, i = 0; i < attributes.length; a++) {
            if ((mask & (1 << a)) != 0) {
                attributes[i++] = a;
            }
        }
        return new Node(attributes, new int[attributes.length]);
    }
}
