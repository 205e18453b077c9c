package org.kanon.approximation;

import static org.junit.jupiter.api.Assertions.*;

import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.kanon.InvalidInputException;
import org.kanon.approximation.instance.Instance;

/** The facade's dispatch: factor algorithms block by block on tables above the block size, options refused. */
class ApproximationTest {

    @Test
    void factorsRunBlockByBlockAboveTheBlockSize() {
        Instance instance = Vectors.hierarchy(Vectors.random(new Random(11), 400, 4, 10));
        for (int k = 2; k <= 3; k++) {
            String algorithm = k == 2 ? ApproximationOptions.FACTOR2 : ApproximationOptions.FACTOR3;
            ApproximationOptions options = new ApproximationOptions(algorithm, k, Optional.empty(), false, 60, false);
            Approximation.Run run = Approximation.run(instance, options);
            run.clustering().requireValid(instance, k);
            assertTrue(run.clustering().largestCluster() <= (k == 2 ? 3 : 5), algorithm + ": a cluster of " + run.clustering().largestCluster());
            assertTrue(run.details().contains("blocks of 20.."), run.details());
            for (int[] block : ForestBlocks.partition(instance, 60)) {
                assertTrue(block.length >= 20 && block.length <= 60, "a block of " + block.length);
            }
            // at the block size or below: one factor of the whole table, whose guarantee is global
            Approximation.Run whole = Approximation.run(instance, new ApproximationOptions(algorithm, k, Optional.empty(), false, 400, false));
            assertTrue(whole.details().contains("complete graph on 400 rows"), whole.details());
            whole.clustering().requireValid(instance, k);
        }
    }

    @Test
    void optionsAreCheckedBeforeAnyWork() {
        assertThrows(InvalidInputException.class, () -> ApproximationOptions.of(ApproximationOptions.FACTOR2, 3));
        assertThrows(InvalidInputException.class, () -> ApproximationOptions.of(ApproximationOptions.FACTOR3, 2));
        assertThrows(InvalidInputException.class, () -> new ApproximationOptions(ApproximationOptions.FACTOR2, 2, Optional.empty(), true, 150, true));
        assertThrows(InvalidInputException.class, () -> new ApproximationOptions(ApproximationOptions.FOREST, 2, Optional.empty(), false, 2, true));
        Instance instance = Vectors.suppression(new int[][] {{0, 1}, {1, 1}, {1, 0}});
        assertThrows(InvalidInputException.class, () -> Approximation.run(instance, ApproximationOptions.of(ApproximationOptions.FOREST, 4)));
        ApproximationOptions weighted = new ApproximationOptions(ApproximationOptions.FOREST, 2, Optional.of(new double[] {1, 2, 3}), false, 150, true);
        assertThrows(InvalidInputException.class, () -> weighted.costModel(2));
    }
}
