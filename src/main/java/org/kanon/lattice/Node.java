package org.kanon.lattice;

import java.util.Arrays;
import java.util.StringJoiner;

/**
 * A node of a candidate graph of Incognito (section 3.1): a subset of the quasi-identifiers, given as ascending
 * indices into the full QI list, with one generalization level for each. With all attributes it is a node of the
 * full lattice. Immutable; arrays never leak.
 */
public final class Node {
    private final int[] attributes;
    private final int[] levels;
    private final int hash;
    private final int height;

    public Node(int[] attributes, int[] levels) {
        if (attributes.length != levels.length) {
            throw new IllegalArgumentException("attributes " + Arrays.toString(attributes) + " and levels " + Arrays.toString(levels));
        }
        for (int i = 0; i < attributes.length; i++) {
            if (levels[i] < 0 || (i > 0 && attributes[i] <= attributes[i - 1])) {
                throw new IllegalArgumentException("attributes must ascend and levels be >= 0: "
                        + Arrays.toString(attributes) + " " + Arrays.toString(levels));
            }
        }
        this.attributes = attributes.clone();
        this.levels = levels.clone();
        long h = 0;
        int sum = 0;
        for (int i = 0; i < levels.length; i++) {
            h = h * 0x9E3779B97F4A7C15L + ((long) attributes[i] << 32 | levels[i]) + 1;
            sum += levels[i];
        }
        this.hash = mix(h);
        this.height = sum;
    }

    /**
     * A 31-polynomial over attributes and then levels collides often (attributes (0,1) at levels (1,0) and (0,2) at
     * (0,0) hash alike), which turned Incognito's hash maps into tree bins; attribute and level are hashed as one
     * pair per position, and the result is spread by a finalizer.
     */
    private static int mix(long h) {
        h ^= h >>> 33;
        h *= 0xFF51AFD7ED558CCDL;
        h ^= h >>> 33;
        h *= 0xC4CEB9FE1A85EC53L;
        h ^= h >>> 33;
        return (int) h;
    }

    /** The node of the full lattice with these levels for QI 0..n-1. */
    public static Node full(LevelVector levels) {
        int[] attributes = new int[levels.size()];
        for (int i = 0; i < attributes.length; i++) {
            attributes[i] = i;
        }
        return new Node(attributes, levels.toArray());
    }

    public int size() {
        return attributes.length;
    }

    public int attribute(int i) {
        return attributes[i];
    }

    public int level(int i) {
        return levels[i];
    }

    public int[] attributes() {
        return attributes.clone();
    }

    public int[] levels() {
        return levels.clone();
    }

    public int height() {
        return height;
    }

    public boolean sameAttributes(Node other) {
        return Arrays.equals(attributes, other.attributes);
    }

    /** The position of QI {@code attribute} in this node, or a negative number when it is not in the node. */
    public int indexOf(int attribute) {
        return Arrays.binarySearch(attributes, attribute);
    }

    /** The level this node gives QI {@code attribute}, or -1 when the attribute is not in the node. */
    public int levelOf(int attribute) {
        int i = Arrays.binarySearch(attributes, attribute);
        return i < 0 ? -1 : levels[i];
    }

    /**
     * True when this node's frequency set can be derived from {@code finer}'s: every attribute of this node is in
     * {@code finer}, at a level at least as high (rollup along the hierarchies, projection of the other attributes).
     */
    public boolean derivableFrom(Node finer) {
        for (int i = 0; i < attributes.length; i++) {
            int l = finer.levelOf(attributes[i]);
            if (l < 0 || l > levels[i]) {
                return false;
            }
        }
        return true;
    }

    /** Same attributes, each level at least as high: this is a (possibly implied) generalization of {@code other}. */
    public boolean generalizes(Node other) {
        if (!sameAttributes(other)) {
            return false;
        }
        for (int i = 0; i < levels.length; i++) {
            if (levels[i] < other.levels[i]) {
                return false;
            }
        }
        return true;
    }

    /** Levels as a vector (only meaningful for full-lattice nodes). */
    public LevelVector levelVector() {
        return new LevelVector(levels);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Node n && hash == n.hash && Arrays.equals(attributes, n.attributes) && Arrays.equals(levels, n.levels);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        StringJoiner j = new StringJoiner(", ", "<", ">");
        for (int i = 0; i < attributes.length; i++) {
            j.add("q" + attributes[i] + ":" + levels[i]);
        }
        return j.toString();
    }
}
