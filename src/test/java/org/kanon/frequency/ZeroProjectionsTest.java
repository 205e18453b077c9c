package org.kanon.frequency;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.kanon.lattice.Node;

/**
 * The memory executor's cache of zero-level projections: a projection within the budget is built once and kept; one
 * larger than a kept projection may be is never built (a scan then groups from the smallest kept superset) and is
 * not tried again.
 */
class ZeroProjectionsTest {
    /** Attribute a's code in bits [8a, 8a + 8) of a key. */
    private static long field(int attribute) {
        return 0xFFL << (8 * attribute);
    }

    /** Groups {@code from} onto the node's attributes by masking the others out; counts every call. */
    private static final class Grouping implements ZeroProjections.Projector {
        final List<Node> built = new ArrayList<>();
        final List<Node> refused = new ArrayList<>();
        final List<Integer> sourceClasses = new ArrayList<>();

        @Override
        public MemoryFrequencySet project(MemoryFrequencySet from, Node node, long maxClasses) {
            long mask = 0;
            for (int i = 0; i < node.size(); i++) {
                mask |= field(node.attribute(i));
            }
            Map<Long, Long> groups = new TreeMap<>();
            for (int r = 0; r < from.keys.length; r++) {
                groups.merge(from.keys[r] & mask, from.counts[r], Long::sum);
            }
            if (groups.size() > maxClasses) {
                refused.add(node);
                return null;
            }
            built.add(node);
            sourceClasses.add(from.counts.length);
            return new MemoryFrequencySet(node, groups.keySet().stream().mapToLong(Long::longValue).toArray(),
                    groups.values().stream().mapToLong(Long::longValue).toArray(), null);
        }
    }

    @Test
    @DisplayName("a projection over the budget's quarter is not built: the scan gets the zero-level set, once asked")
    void largeProjectionsAreNotBuilt() {
        // attribute 0: 50 values, attribute 1: 2 values, attribute 2: 3 values; 300 rows, one per combination
        List<Long> keys = new ArrayList<>();
        for (long a = 0; a < 50; a++) {
            for (long b = 0; b < 2; b++) {
                for (long c = 0; c < 3; c++) {
                    keys.add(a | b << 8 | c << 16);
                }
            }
        }
        long[] counts = new long[keys.size()];
        java.util.Arrays.fill(counts, 1);
        MemoryFrequencySet zero = new MemoryFrequencySet(new Node(new int[] {0, 1, 2}, new int[3]),
                keys.stream().mapToLong(Long::longValue).toArray(), counts, null);
        Grouping grouping = new Grouping();
        ZeroProjections projections = new ZeroProjections(zero, 80, grouping); // sets of up to 20 classes kept

        Node sexRace = new Node(new int[] {1, 2}, new int[2]);
        MemoryFrequencySet small = projections.of(sexRace);
        assertEquals(6, small.counts.length);
        assertArrayEquals(new long[] {50, 50, 50, 50, 50, 50}, small.counts);
        assertSame(small, projections.of(sexRace), "kept");

        Node age = new Node(new int[] {0}, new int[1]);
        assertSame(zero, projections.of(age), "50 classes > 20: the scan groups from the zero-level set");
        assertSame(zero, projections.of(age));
        assertEquals(List.of(age), grouping.refused, "found too large once, not tried again");
        assertEquals(List.of(sexRace), grouping.built);

        Node race = new Node(new int[] {2}, new int[1]);
        assertEquals(3, projections.of(race).counts.length);
        assertEquals(List.of(sexRace, race), grouping.built);
        assertEquals(List.of(300, 6), grouping.sourceClasses, "built from the smallest kept superset");
    }
}
