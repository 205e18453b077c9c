package org.kanon.approximation;

import java.util.Locale;
import java.util.Optional;
import org.kanon.InvalidInputException;
import org.kanon.approximation.instance.CostModel;

/**
 * How to run one of the approximation paper's algorithms: which, for what k, the per-QI weights of the cost
 * (empty: all 1), whether rows may be deleted, the block size of the factor algorithms, and whether clusters of 2k
 * rows or more are split where that lowers the cost ({@link Splitting}; off: the paper's output as printed).
 */
public record ApproximationOptions(String algorithm, int k, Optional<double[]> weights, boolean rowDeletion, int blockSize,
                                   boolean split) {
    public static final String FOREST = "forest";
    public static final String FACTOR2 = "factor2";
    public static final String FACTOR3 = "factor3";
    public static final String EXACT = "exact";
    public static final java.util.Set<String> NAMES = java.util.Set.of(FOREST, FACTOR2, FACTOR3, EXACT);
    /** Rows per block of factor2/factor3 on larger tables: a block of 150 rows takes tens of milliseconds. */
    public static final int DEFAULT_BLOCK = 150;

    public ApproximationOptions {
        algorithm = algorithm.toLowerCase(Locale.ROOT);
        if (!NAMES.contains(algorithm)) {
            throw new IllegalArgumentException("not an approximation algorithm: " + algorithm);
        }
        weights = weights.map(double[]::clone);
        if (algorithm.equals(FACTOR2) && k != 2) {
            throw new InvalidInputException("--k: factor2 is the paper's 2-anonymity algorithm (a minimum [1,2]-factor); it needs --k 2, got " + k
                    + " (use forest for any k)");
        }
        if (algorithm.equals(FACTOR3) && k != 3) {
            throw new InvalidInputException("--k: factor3 is the paper's 3-anonymity algorithm (a minimum 2-factor); it needs --k 3, got " + k
                    + " (use forest for any k)");
        }
        if (rowDeletion && (algorithm.equals(FACTOR2) || algorithm.equals(FACTOR3))) {
            throw new InvalidInputException("--row-deletion: the paper gives " + algorithm + " no row-deletion variant; use forest or exact");
        }
        if (blockSize < 3) {
            throw new InvalidInputException("--block-size: must be at least 3, got " + blockSize);
        }
    }

    public static ApproximationOptions of(String algorithm, int k) {
        return new ApproximationOptions(algorithm, k, Optional.empty(), false, DEFAULT_BLOCK, true);
    }

    public ApproximationOptions withSplit(boolean split) {
        return new ApproximationOptions(algorithm, k, weights, rowDeletion, blockSize, split);
    }

    /** The cost model for this many QIs. */
    public CostModel costModel(int qis) {
        if (weights.isPresent() && weights.get().length != qis) {
            throw new InvalidInputException("--weights: " + weights.get().length + " weight(s) for " + qis + " quasi-identifier(s)");
        }
        return new CostModel(weights.orElseGet(() -> CostModel.uniform(qis).weights()), rowDeletion);
    }

    /** The factor by which the cost may exceed the optimum, as the paper proves it for this algorithm. */
    public String guarantee() {
        return switch (algorithm) {
            case FOREST -> "cost <= " + Math.max(2 * k - 1, 3 * k - 5) + " x OPT (max{2k-1, 3k-5}, Theorem 5)";
            case FACTOR2 -> "cost <= 2 x OPT (1.5 x OPT on a binary alphabet, Theorem 6), per block";
            case FACTOR3 -> "cost <= 2 x OPT on a binary alphabet (section 6), per block";
            default -> "cost = OPT";
        };
    }
}
