package org.kanon.frequency;

import static org.junit.jupiter.api.Assertions.*;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.kanon.lattice.Node;

/** The memory executor's grouping loop against a plain map, on both of its paths (direct addressing and hashing). */
class RollupTest {

    @ParameterizedTest(name = "radix {0}")
    @ValueSource(ints = {3, 40, 5000})
    void groupsLikeAPlainMap(int radix) {
        Random random = new Random(radix);
        Rollup rollup = new Rollup();
        for (int round = 0; round < 5; round++) {
            int rows = 50 + random.nextInt(500);
            int width = 1 + random.nextInt(3);
            int[][] columns = new int[width][rows];
            int[][] maps = new int[width][];
            int[] radices = new int[width];
            long space = 1;
            for (int j = 0; j < width; j++) {
                int sourceCodes = radix * 2;
                maps[j] = new int[sourceCodes];
                for (int c = 0; c < sourceCodes; c++) {
                    maps[j][c] = random.nextInt(radix);
                }
                for (int r = 0; r < rows; r++) {
                    columns[j][r] = random.nextInt(sourceCodes);
                }
                radices[j] = radix;
                space *= radix;
            }
            long[] counts = new long[rows];
            Map<List<Integer>, Long> expected = new HashMap<>();
            for (int r = 0; r < rows; r++) {
                counts[r] = 1 + random.nextInt(9);
                Integer[] key = new Integer[width];
                for (int j = 0; j < width; j++) {
                    key[j] = maps[j][columns[j][r]];
                }
                expected.merge(List.of(key), counts[r], Long::sum);
            }
            int[] attributes = new int[width];
            for (int j = 0; j < width; j++) {
                attributes[j] = j;
            }
            MemoryFrequencySet set = rollup.group(new Node(attributes, new int[width]), columns, maps, radices, space, counts);
            Map<List<Integer>, Long> actual = new HashMap<>();
            for (int g = 0; g < set.counts.length; g++) {
                Integer[] key = new Integer[width];
                for (int j = 0; j < width; j++) {
                    key[j] = set.codes[j][g];
                }
                assertNull(actual.put(List.of(key), set.counts[g]), "each group once");
            }
            assertEquals(expected, actual, "round " + round + ", space " + space + " for " + rows + " rows");
        }
    }
}
