package org.kanon.frequency;

import org.kanon.lattice.Node;

/**
 * A frequency set in memory: one packed key per class (see {@link KeyLayout}) and the count of each class. Under a
 * model with a sensitive attribute a "class" here is a (class, sensitive code) pair, and summaries fold them into
 * classes through {@code modelSummary}.
 */
final class MemoryFrequencySet implements FrequencySet {
    private final Node node;
    final long[] keys;
    final long[] counts;
    private final java.util.function.Function<MemoryFrequencySet, FrequencySummary> modelSummary;

    MemoryFrequencySet(Node node, long[] keys, long[] counts,
                       java.util.function.Function<MemoryFrequencySet, FrequencySummary> modelSummary) {
        this.node = node;
        this.keys = keys;
        this.counts = counts;
        this.modelSummary = modelSummary;
    }

    @Override
    public Node node() {
        return node;
    }

    /** With a sensitive attribute the model decides (its k included), else classes below {@code k} fail. */
    @Override
    public FrequencySummary summarize(int k) {
        if (modelSummary != null) {
            return modelSummary.apply(this);
        }
        long rows = 0;
        long smallest = Long.MAX_VALUE;
        long rowsBelow = 0;
        long classesBelow = 0;
        long squares = 0;
        for (long c : counts) {
            rows += c;
            smallest = Math.min(smallest, c);
            if (c < k) {
                rowsBelow += c;
                classesBelow++;
            } else {
                squares += c * c;
            }
        }
        return new FrequencySummary(rows, counts.length, counts.length == 0 ? 0 : smallest, rowsBelow, classesBelow, k, squares);
    }

    @Override
    public long rowsToRead() {
        return counts.length;
    }

    @Override
    public void discard() {
        // garbage collected
    }
}
