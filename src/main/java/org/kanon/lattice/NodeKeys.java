package org.kanon.lattice;

/**
 * Nodes of one lattice as longs, for graph generation: a bit field per quasi-identifier holds its level plus one,
 * 0 when the attribute is not in the node. A node's key is then the sum of its fields, and the key of a subset or
 * a join is the key of a node minus or plus one field, with no node built and no arrays compared (looking nodes up
 * by {@link Node} was most of graph generation on Adult with suppression).
 */
final class NodeKeys {
    private final int[] shift;
    private final int[] heights;

    private NodeKeys(int[] shift, int[] heights) {
        this.shift = shift;
        this.heights = heights;
    }

    /** The keys for QIs of these heights, or null when they need more than 63 bits. */
    static NodeKeys of(int[] heights) {
        int[] shift = new int[heights.length];
        int used = 0;
        for (int a = 0; a < heights.length; a++) {
            shift[a] = used;
            used += 32 - Integer.numberOfLeadingZeros(heights[a] + 1); // levels 0..height, plus "absent"
            if (used > 63) {
                return null;
            }
        }
        return new NodeKeys(shift, heights.clone());
    }

    long key(Node n) {
        long key = 0;
        for (int i = 0; i < n.size(); i++) {
            key += field(n.attribute(i), n.level(i));
        }
        return key;
    }

    /**
     * What a key gains when {@code attribute} goes one level up: the key of a direct generalization is the key plus
     * this, or 0 when the level is the attribute's top already.
     */
    long step(int attribute, int level) {
        return level < heights[attribute] ? 1L << shift[attribute] : 0;
    }

    /** The bits that stand for {@code attribute} at {@code level} in a key. */
    long field(int attribute, int level) {
        return (long) (level + 1) << shift[attribute];
    }
}
