package org.kanon.frequency;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.kanon.lattice.Node;

/**
 * The memory executor's grouping loop against a plain map: random packed keys of three 10-bit fields, each field
 * kept, dropped or mapped (none, one or several fields rewritten: the loop's three paths), groupings of many sizes
 * in a row (the scratch table is reused and must be left empty), the table sized by the rows or by the bound on
 * target keys, compact keys counted directly in an array (interleaved with hashed groupings: its cells must be left
 * empty too), and the rows in classes below k read from the table without building the set.
 */
class RollupTest {
    private static final int FIELDS = 3;
    private static final int BITS = 10;

    /** Keys of 61 bits leave too few bits for call numbers: then the slots a grouping used are emptied after it. */
    @ParameterizedTest(name = "codes per field {0}, key bits {1}")
    @CsvSource({"3, 30", "40, 30", "1000, 30", "40, 61", "1000, 61"})
    void groupsLikeAPlainMap(int codesPerField, int keyBits) {
        Random random = new Random(codesPerField);
        Rollup rollup = new Rollup(keyBits);
        for (int round = 0; round < 60; round++) {
            int rows = 1 + random.nextInt(round % 3 == 0 ? 5000 : 300);
            long[] keys = new long[rows];
            long[] counts = new long[rows];
            for (int r = 0; r < rows; r++) {
                for (int f = 0; f < FIELDS; f++) {
                    keys[r] |= (long) random.nextInt(codesPerField) << (f * BITS);
                }
                counts[r] = 1 + random.nextInt(9);
            }
            long keep = 0;
            long maxGroups = 1; // the product of the target fields' numbers of codes
            List<Integer> changedFields = new ArrayList<>();
            List<int[]> maps = new ArrayList<>();
            List<int[]> targetMaps = new ArrayList<>(); // per field present in the target: field, then its map
            for (int f = 0; f < FIELDS; f++) {
                switch (random.nextInt(3)) {
                    case 0 -> {
                        keep |= ((1L << BITS) - 1) << (f * BITS);
                        maxGroups *= codesPerField;
                        int[] identity = new int[codesPerField];
                        for (int c = 0; c < codesPerField; c++) {
                            identity[c] = c;
                        }
                        targetMaps.add(new int[] {f});
                        targetMaps.add(identity);
                    }
                    case 1 -> { } // dropped: cleared
                    default -> {
                        int[] map = new int[codesPerField];
                        int coarser = 1 + random.nextInt(codesPerField);
                        for (int c = 0; c < codesPerField; c++) {
                            map[c] = random.nextInt(coarser);
                        }
                        maxGroups *= coarser;
                        changedFields.add(f);
                        maps.add(map);
                        targetMaps.add(new int[] {f});
                        targetMaps.add(map);
                    }
                }
            }
            int[] shifts = changedFields.stream().mapToInt(f -> f * BITS).toArray();
            long[] masks = changedFields.stream().mapToLong(f -> (1L << BITS) - 1).toArray();
            // rounds alternate: the table sized by the rows, by the bound on target keys (the executor's case), and
            // with the compact key too, counted directly when its cells are few enough
            Rollup.Rewrite rewrite = switch (round % 3) {
                case 0 -> new Rollup.Rewrite(keep, shifts, masks, maps.toArray(new int[0][]));
                case 1 -> new Rollup.Rewrite(keep, shifts, masks, maps.toArray(new int[0][]), maxGroups);
                default -> new Rollup.Rewrite(keep, shifts, masks, maps.toArray(new int[0][]), maxGroups,
                        compact(targetMaps, codesPerField));
            };

            Map<Long, Long> expected = new HashMap<>();
            for (int r = 0; r < rows; r++) {
                long target = keys[r] & keep;
                for (int c = 0; c < shifts.length; c++) {
                    target |= (long) maps.get(c)[(int) ((keys[r] >>> shifts[c]) & masks[c])] << shifts[c];
                }
                expected.merge(target, counts[r], Long::sum);
            }
            MemoryFrequencySet set = rollup.group(new Node(new int[] {0}, new int[] {0}), rewrite, keys, counts, null);
            Map<Long, Long> actual = new HashMap<>();
            for (int g = 0; g < set.counts.length; g++) {
                assertNull(actual.put(set.keys[g], set.counts[g]), "each group once");
            }
            assertEquals(expected, actual, "round " + round + ": " + rows + " rows, " + shifts.length + " fields rewritten");
            int k = 2 + random.nextInt(20);
            long below = expected.values().stream().filter(c -> c < k).mapToLong(Long::longValue).sum();
            int groups = rollup.groupOnly(rewrite, keys, counts);
            assertEquals(expected.size(), groups, "groups of round " + round);
            assertEquals(below, rollup.rowsBelow(groups, k), "rows below " + k + " in round " + round);
            // a failed verdict's set is built after its sums were read
            MemoryFrequencySet after = rollup.materialize(new Node(new int[] {0}, new int[] {0}), groups, null);
            assertArrayEquals(set.keys, after.keys, "same groups in the same (first-seen) order, round " + round);
            assertArrayEquals(set.counts, after.counts);
        }
    }

    @org.junit.jupiter.api.Test
    void callNumbersRunOutAndStartAgain() {
        Rollup rollup = new Rollup(48); // 2^15 - 1 call numbers, then the table is emptied
        Random random = new Random(3);
        long keep = (1L << 48) - 1;
        for (int call = 0; call < 70_000; call++) {
            long a = random.nextInt(4);
            long b = 4 + random.nextInt(4);
            long[] keys = {a, b, a, b << 40};
            MemoryFrequencySet set = rollup.group(new Node(new int[] {0}, new int[] {0}),
                    new Rollup.Rewrite(keep, new int[0], new long[0], new int[0][]), keys, new long[] {1, 1, 1, 1}, null);
            assertArrayEquals(new long[] {a, b, b << 40}, set.keys, "call " + call);
            assertArrayEquals(new long[] {2, 1, 1}, set.counts, "call " + call);
        }
    }

    @org.junit.jupiter.api.Test
    void widestKeysStillGroup() {
        assertNotNull(KeyLayout.of(new int[] {1 << 30, 1 << 30, 4}), "62 bits fit");
        assertNull(KeyLayout.of(new int[] {1 << 30, 1 << 30, 8}), "63 bits do not: the table's slots need a bit above the key");
        Rollup rollup = new Rollup(KeyLayout.MAX_BITS);
        long top = (1L << KeyLayout.MAX_BITS) - 1;
        long[] keys = {top, 0, top, 5};
        long[] counts = {1, 2, 3, 4};
        for (int call = 0; call < 3; call++) {
            MemoryFrequencySet set = rollup.group(new Node(new int[] {0}, new int[] {0}), new Rollup.Rewrite(top, new int[0],
                    new long[0], new int[0][]), keys, counts, null);
            assertArrayEquals(new long[] {top, 0, 5}, set.keys, "call " + call);
            assertArrayEquals(new long[] {4, 2, 4}, set.counts, "call " + call);
        }
    }

    /** The compact key of the executor for these target fields (each: its field, then its map), or null if too wide. */
    private static Rollup.Compact compact(List<int[]> targetMaps, int codesPerField) {
        int n = targetMaps.size() / 2;
        List<Integer> fields = new ArrayList<>();
        List<int[]> placed = new ArrayList<>();
        List<Integer> compactShifts = new ArrayList<>();
        List<Integer> widths = new ArrayList<>();
        int bits = 0;
        for (int i = 0; i < n; i++) {
            int field = targetMaps.get(2 * i)[0];
            int[] map = targetMaps.get(2 * i + 1);
            int codes = java.util.Arrays.stream(map).max().orElse(0) + 1;
            if (codes <= 1) {
                continue;
            }
            int width = 32 - Integer.numberOfLeadingZeros(codes - 1);
            int[] moved = new int[codesPerField];
            for (int c = 0; c < codesPerField; c++) {
                moved[c] = map[c] << bits;
            }
            fields.add(field);
            placed.add(moved);
            compactShifts.add(bits);
            widths.add((1 << width) - 1);
            bits += width;
        }
        if (bits > Rollup.MAX_COMPACT_BITS) {
            return null;
        }
        return new Rollup.Compact(bits, fields.stream().mapToInt(f -> f * BITS).toArray(),
                fields.stream().mapToLong(f -> (1L << BITS) - 1).toArray(), placed.toArray(new int[0][]),
                compactShifts.stream().mapToInt(Integer::intValue).toArray(), widths.stream().mapToInt(Integer::intValue).toArray(),
                fields.stream().mapToInt(f -> f * BITS).toArray());
    }
}
