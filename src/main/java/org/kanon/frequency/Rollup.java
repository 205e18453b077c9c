package org.kanon.frequency;

import java.util.Arrays;
import org.kanon.lattice.Node;

/**
 * The inner loop of the memory executor: groups the classes of a finer frequency set by their keys in a coarser
 * node and sums the counts. Measured on Adult, this loop is most of a search, so it is written for speed: a key is
 * rewritten only in the fields whose level changes (the rest is kept or cleared by one mask), groups are found by
 * open addressing in a table reused across calls (one Rollup per thread) that is never emptied (a slot holds its
 * key tagged with the number of the call that wrote it; one of an earlier call is free), a verdict reads the sums
 * in the table and the groups are copied out only for a set that is built, and groups keep first-seen order, so
 * results are deterministic.
 */
final class Rollup {
    private static final long SPREAD = 0x9E3779B97F4A7C15L;
    /** Keys are below 2^keyBits; the bits above hold the call's number (the epoch), from 1 on. */
    private final int keyBits;
    private final long keyMask;
    /** The current epoch in place ({@code epoch << keyBits}): a slot below it is free. */
    private long epochBase;
    /**
     * With keys this wide the epochs would run out every few thousand calls or sooner, and each time the whole
     * (largest ever) table would be emptied: then the epoch stays 1 and the slots a hashed grouping used are emptied
     * before the next grouping, as {@link #hashedGroups} of them are still listed in {@link #groupSlot}.
     */
    private static final int MAX_EPOCH_KEY_BITS = 48;
    private int hashedGroups;

    /**
     * Open addressing, two longs per slot: a key and its running sum side by side, so that adding a class to a group
     * touches one cache line (a key table, a slot-to-group index and the sums apart were three dependent misses).
     */
    private long[] table = new long[0];
    private int tableBits;
    private long[] groupKeys = new long[0];
    private long[] sums = new long[0];
    private int[] groupSlot = new int[0];
    /** Counts by compact key (all zero between calls) and, after a direct grouping, each group's compact key. */
    private long[] cells = new long[0];
    private int[] groupCell = new int[0];
    /** The compact layout of the last grouping, or null when it was hashed: its keys are decoded on demand. */
    private Compact lastCompact;
    /** Whether the last grouping was hashed and its groups are still only in the table. */
    private boolean inTable;

    /**
     * Lets go of the arrays (tens of bytes a class) once the executor is closed: a pool thread keeps its Rollup in a
     * thread-local until that thread next touches one, and a search that falls back after running out of heap needs
     * the room now. Never used again.
     */
    void release() {
        table = new long[0];
        groupKeys = new long[0];
        sums = new long[0];
        groupSlot = new int[0];
        cells = new long[0];
        groupCell = new int[0];
        lastCompact = null;
    }

    /** For keys below 2^keyBits (at most 62: the epoch needs a bit). */
    Rollup(int keyBits) {
        if (keyBits < 1 || keyBits > 62) {
            throw new IllegalArgumentException("key bits " + keyBits);
        }
        this.keyBits = keyBits;
        this.keyMask = (1L << keyBits) - 1;
    }

    /**
     * How a source node's keys become a target node's: {@code keep} masks the fields that stay as they are (the
     * fields of dropped attributes are left out of it and so cleared), and each changed field i is read at
     * {@code shifts[i]} with {@code masks[i]} and rewritten through {@code maps[i]}. {@code maxGroups} bounds the
     * number of distinct target keys (the product of the target fields' numbers of codes): the hash table is sized
     * by it when it is below the number of source classes, so that a rollup to a coarse node probes a small table.
     */
    record Rewrite(long keep, int[] shifts, long[] masks, int[][] maps, long maxGroups, Compact compact) {
        Rewrite(long keep, int[] shifts, long[] masks, int[][] maps, long maxGroups) {
            this(keep, shifts, masks, maps, maxGroups, null);
        }

        Rewrite(long keep, int[] shifts, long[] masks, int[][] maps) {
            this(keep, shifts, masks, maps, Long.MAX_VALUE);
        }
    }

    /**
     * The target key squeezed into {@code bits} bits, for coarse targets: each target field i is read at
     * {@code shifts[i]} with {@code masks[i]} from the source key and {@code maps[i]} gives its target code already
     * moved to its compact place, {@code compactShifts[i]} wide {@code compactMasks[i]}; {@code layoutShifts[i]}
     * puts it back in the key layout. A compact key indexes an array of counts directly: no hashing, no probing,
     * no key comparison. Fields with a single code take no bits and are left out.
     */
    record Compact(int bits, int[] shifts, long[] masks, int[][] maps, int[] compactShifts, int[] compactMasks,
                   int[] layoutShifts) {
    }

    /** Largest compact key space counted directly: 4M cells of 8 bytes. */
    static final int MAX_COMPACT_BITS = 22;

    /**
     * Whether {@code rows} classes are counted by a compact key of {@code bits} bits: every cell is read once
     * afterwards, so only while the cells are not many more than the rows. Up to 8 cells per class: on Adult with
     * 5 % suppression 2 per class hashed a third of the rows and searched 5-10 % slower, 32 per class slower again.
     */
    static boolean countsDirectly(int bits, int rows) {
        return bits <= MAX_COMPACT_BITS && (1L << bits) <= 8L * rows + 64;
    }

    /** Bits of a compact field with this many codes (none for a single code). */
    static int bitsFor(int codes) {
        return codes <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(codes - 1);
    }

    /** The frequency set of {@code node} from the source's keys and counts. */
    MemoryFrequencySet group(Node node, Rewrite rewrite, long[] keys, long[] counts,
                             java.util.function.Function<MemoryFrequencySet, FrequencySummary> modelSummary) {
        return materialize(node, groupOnly(rewrite, keys, counts), modelSummary);
    }

    /**
     * The grouping half of {@link #group}: leaves the groups' keys and sums in the scratch arrays (valid until the
     * next call) and returns the number of groups, so that a verdict can be read from the sums without building
     * the set (see {@link #rowsBelow}).
     */
    int groupOnly(Rewrite rewrite, long[] keys, long[] counts) {
        int rows = counts.length;
        Compact compact = rewrite.compact();
        emptyUsedSlots();
        if (compact != null && countsDirectly(compact.bits(), rows)) {
            inTable = false;
            return groupDirect(compact, keys, counts, rows);
        }
        lastCompact = null;
        prepare((int) Math.min(rows, rewrite.maxGroups()));
        int changed = rewrite.shifts().length;
        int groups;
        if (changed == 0) {
            groups = groupKept(rewrite.keep(), keys, counts, rows);
        } else if (changed == 1) {
            groups = groupOneChanged(rewrite, keys, counts, rows);
        } else {
            groups = groupManyChanged(rewrite, keys, counts, rows);
        }
        hashedGroups = groups;
        return groups;
    }

    /** For wide keys (see {@link #MAX_EPOCH_KEY_BITS}): empties the slots of the last hashed grouping. */
    private void emptyUsedSlots() {
        if (keyBits > MAX_EPOCH_KEY_BITS) {
            for (int g = 0; g < hashedGroups; g++) {
                table[groupSlot[g] << 1] = 0;
            }
            hashedGroups = 0;
        }
    }

    private final ClassFold fold = new ClassFold();

    /** The last grouping's summary under a model with a sensitive attribute (see {@link ClassFold}). */
    FrequencySummary summarize(int groups, ClassFold.Sensitive sensitive) {
        collect(groups);
        return fold.summarize(groupKeys, sums, groups, sensitive);
    }

    /** A set's summary under a model with a sensitive attribute, with this thread's scratch space. */
    FrequencySummary summarize(MemoryFrequencySet set, ClassFold.Sensitive sensitive) {
        return fold.summarize(set.keys, set.counts, set.counts.length, sensitive);
    }

    /** Rows in the last grouping's classes smaller than k. */
    long rowsBelow(int groups, int k) {
        long below = 0;
        if (inTable) {
            long[] t = table;
            int[] slots = groupSlot;
            for (int g = 0; g < groups; g++) {
                long sum = t[(slots[g] << 1) + 1];
                if (sum < k) {
                    below += sum;
                }
            }
            return below;
        }
        long[] s = sums;
        for (int g = 0; g < groups; g++) {
            if (s[g] < k) {
                below += s[g];
            }
        }
        return below;
    }

    /** The frequency set of the last grouping. */
    MemoryFrequencySet materialize(Node node, int groups,
                                   java.util.function.Function<MemoryFrequencySet, FrequencySummary> modelSummary) {
        collect(groups);
        return new MemoryFrequencySet(node, Arrays.copyOf(groupKeys, groups), Arrays.copyOf(sums, groups), modelSummary);
    }

    private int groupKept(long keep, long[] keys, long[] counts, int rows) {
        int groups = 0;
        for (int r = 0; r < rows; r++) {
            groups = add(keys[r] & keep, counts[r], groups);
        }
        return groups;
    }

    private int groupOneChanged(Rewrite rewrite, long[] keys, long[] counts, int rows) {
        long keep = rewrite.keep();
        int shift = rewrite.shifts()[0];
        long mask = rewrite.masks()[0];
        int[] map = rewrite.maps()[0];
        int groups = 0;
        for (int r = 0; r < rows; r++) {
            long key = keys[r];
            long target = (key & keep) | ((long) map[(int) ((key >>> shift) & mask)] << shift);
            groups = add(target, counts[r], groups);
        }
        return groups;
    }

    private int groupManyChanged(Rewrite rewrite, long[] keys, long[] counts, int rows) {
        long keep = rewrite.keep();
        int[] shifts = rewrite.shifts();
        long[] masks = rewrite.masks();
        int[][] maps = rewrite.maps();
        int changed = shifts.length;
        int groups = 0;
        for (int r = 0; r < rows; r++) {
            long key = keys[r];
            long target = key & keep;
            for (int c = 0; c < changed; c++) {
                target |= (long) maps[c][(int) ((key >>> shifts[c]) & masks[c])] << shifts[c];
            }
            groups = add(target, counts[r], groups);
        }
        return groups;
    }

    /**
     * Counts classes by compact key, then collects the non-empty cells in key order (emptying them). Only the sums
     * are needed for a verdict, so the groups' layout keys are decoded later, if the set is built.
     */
    private int groupDirect(Compact compact, long[] keys, long[] counts, int rows) {
        int size = 1 << compact.bits();
        if (cells.length < size) {
            cells = new long[Math.max(size, Math.min(1 << MAX_COMPACT_BITS, cells.length * 2))];
        }
        int[] shifts = compact.shifts();
        long[] masks = compact.masks();
        int[][] maps = compact.maps();
        int fields = shifts.length;
        long[] c = cells;
        for (int r = 0; r < rows; r++) {
            long key = keys[r];
            int cell = 0;
            for (int f = 0; f < fields; f++) {
                cell |= maps[f][(int) ((key >>> shifts[f]) & masks[f])];
            }
            c[cell] += counts[r];
        }
        // the arrays hold the non-empty cells only: in a key space of millions of cells (the projections of a census
        // of millions of rows) they are counted first, so that the sparse space does not size the arrays
        int most = Math.min(size, rows);
        if (most >= 1 << 20) {
            most = 0;
            for (int cell = 0; cell < size; cell++) {
                most += c[cell] != 0 ? 1 : 0;
            }
        }
        if (sums.length < most || groupCell.length < most) {
            int n = grown(most);
            groupKeys = new long[n];
            sums = new long[n];
            groupSlot = new int[n];
            groupCell = new int[n];
        }
        int groups = 0;
        for (int cell = 0; cell < size; cell++) {
            long sum = c[cell];
            if (sum != 0) {
                c[cell] = 0;
                sums[groups] = sum;
                groupCell[groups++] = cell;
            }
        }
        lastCompact = compact;
        return groups;
    }

    /** The last grouping's keys and sums into {@link #groupKeys} and {@link #sums}, once. */
    private void collect(int groups) {
        if (inTable) {
            long[] t = table;
            for (int g = 0; g < groups; g++) {
                int at = groupSlot[g] << 1;
                groupKeys[g] = t[at] & keyMask;
                sums[g] = t[at + 1];
            }
            inTable = false;
        } else {
            decodeKeys(groups);
        }
    }

    /** After a direct grouping, the groups' keys in the key layout (from their compact keys). */
    private void decodeKeys(int groups) {
        Compact compact = lastCompact;
        if (compact == null) {
            return;
        }
        int[] from = compact.compactShifts();
        int[] width = compact.compactMasks();
        int[] to = compact.layoutShifts();
        for (int g = 0; g < groups; g++) {
            int cell = groupCell[g];
            long key = 0;
            for (int f = 0; f < from.length; f++) {
                key |= (long) ((cell >>> from[f]) & width[f]) << to[f];
            }
            groupKeys[g] = key;
        }
        lastCompact = null;
    }

    /** Adds a class to its group (a new one when the key is new); returns the number of groups. */
    private int add(long key, long count, int groups) {
        long[] t = table;
        int mask = (1 << tableBits) - 1; // a small grouping uses the start of the table: fewer cache lines
        long base = epochBase;
        long tagged = key | base;
        int slot = (int) ((key * SPREAD) >>> (64 - tableBits));
        while (true) {
            int at = slot << 1;
            long present = t[at];
            if (present == tagged) {
                t[at + 1] += count;
                return groups;
            }
            if (present < base) { // written by an earlier call: free
                t[at] = tagged;
                t[at + 1] = count;
                groupSlot[groups] = slot;
                return groups + 1;
            }
            slot = (slot + 1) & mask;
        }
    }

    /**
     * The length of the grouping arrays for {@code groups} groups: doubled while small (fewer reallocations), exact
     * from a million on (5 M census rows: 3.6 M groups at 24 bytes each, where doubling past them cost 86 MB more).
     */
    private int grown(int groups) {
        return groups >= 1 << 20 ? groups : Math.max(groups, groupKeys.length * 2);
    }

    private void prepare(int maxGroups) {
        if (groupKeys.length < maxGroups) { // at most one group per source class, and at most maxGroups
            int n = grown(maxGroups);
            groupKeys = new long[n];
            sums = new long[n];
            groupSlot = new int[n];
            groupCell = new int[n];
        }
        // a load factor of at most a half (at most one group per source class, and at most maxGroups)
        int bits = Math.max(4, 65 - Long.numberOfLeadingZeros(Math.max(1, maxGroups)));
        if (table.length < (2 << bits)) {
            table = new long[2 << bits]; // all zero: free for any epoch from 1 on
        }
        tableBits = bits;
        // a new epoch frees every slot at once; when the epochs run out, the table is emptied and they start again
        long next = keyBits > MAX_EPOCH_KEY_BITS ? 1L << keyBits : epochBase + (1L << keyBits);
        if (next <= 0) { // past Long.MAX_VALUE
            Arrays.fill(table, 0);
            next = 1L << keyBits;
        }
        epochBase = next;
        inTable = true;
    }
}
