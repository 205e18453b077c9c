package org.kanon.frequency;

/**
 * The memory executor's class keys: every quasi-identifier's code packed into one long, each in a fixed bit field
 * wide enough for its most detailed level (Adult's 9 QIs take 32 bits). A frequency set is then one array of keys
 * and one of counts, and a rollup rewrites only the fields whose level changes: unchanged attributes are kept by a
 * mask, dropped ones cleared by it. Attributes outside a set's node hold 0 in their field.
 */
final class KeyLayout {
    /** Keys stay below 2^62: the grouping's hash table tags each slot with a call number in the bits above (see Rollup). */
    static final int MAX_BITS = 62;
    private final int[] shift;
    private final long[] mask;
    private final int bits;

    private KeyLayout(int[] shift, long[] mask, int bits) {
        this.shift = shift;
        this.mask = mask;
        this.bits = bits;
    }

    /**
     * The layout for fields of these numbers of codes (the QIs' level-0 cardinalities, then optionally the
     * sensitive attribute's), or null when they need more than {@link #MAX_BITS} bits together.
     */
    static KeyLayout of(int[] cardinalities) {
        int[] shift = new int[cardinalities.length];
        long[] mask = new long[cardinalities.length];
        int used = 0;
        for (int a = 0; a < cardinalities.length; a++) {
            int codes = Math.max(2, cardinalities[a]);
            int bits = 32 - Integer.numberOfLeadingZeros(codes - 1);
            if (used + bits > MAX_BITS) {
                return null;
            }
            shift[a] = used;
            mask[a] = (1L << bits) - 1;
            used += bits;
        }
        return new KeyLayout(shift, mask, used);
    }

    /** The bits all fields take together: every key is below 2^bits. */
    int bits() {
        return bits;
    }

    int shift(int attribute) {
        return shift[attribute];
    }

    /** The field's mask, not shifted. */
    long mask(int attribute) {
        return mask[attribute];
    }

    /** The field's bits in place. */
    long field(int attribute) {
        return mask[attribute] << shift[attribute];
    }

    int code(long key, int attribute) {
        return (int) ((key >>> shift[attribute]) & mask[attribute]);
    }

    long with(long key, int attribute, int code) {
        return key | ((long) code << shift[attribute]);
    }
}
