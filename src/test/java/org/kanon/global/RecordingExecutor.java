package org.kanon.global;

import java.util.ArrayList;
import java.util.List;
import org.kanon.frequency.ExecutorStats;
import org.kanon.frequency.FrequencyExecutor;
import org.kanon.frequency.FrequencySet;
import org.kanon.frequency.FrequencySummary;
import org.kanon.lattice.Node;

/**
 * Wraps an executor for tests: records the nodes scanned and counts frequency sets not yet discarded, so a test
 * can assert how a search reads the table and that it frees every set it makes.
 */
final class RecordingExecutor implements FrequencyExecutor {
    private final FrequencyExecutor delegate;
    final List<Node> scanned = new ArrayList<>();
    int derived;
    int live;

    RecordingExecutor(FrequencyExecutor delegate) {
        this.delegate = delegate;
    }

    @Override
    public int[] heights() {
        return delegate.heights();
    }

    @Override
    public long rows() {
        return delegate.rows();
    }

    @Override
    public FrequencySet scan(Node node) {
        scanned.add(node);
        return new Tracked(delegate.scan(node));
    }

    @Override
    public FrequencySet derive(FrequencySet finer, Node node) {
        Tracked from = (Tracked) finer;
        if (from.discarded) {
            throw new IllegalStateException("derived " + node + " from discarded " + finer.node());
        }
        derived++;
        return new Tracked(delegate.derive(from.inner, node));
    }

    @Override
    public ExecutorStats stats() {
        return delegate.stats();
    }

    @Override
    public void close() {
        delegate.close();
    }

    private final class Tracked implements FrequencySet {
        private final FrequencySet inner;
        private boolean discarded;

        Tracked(FrequencySet inner) {
            this.inner = inner;
            live++;
        }

        @Override
        public Node node() {
            return inner.node();
        }

        @Override
        public FrequencySummary summarize(int k) {
            if (discarded) {
                throw new IllegalStateException("summarized discarded " + node());
            }
            return inner.summarize(k);
        }

        @Override
        public long rowsToRead() {
            if (discarded) {
                throw new IllegalStateException("asked a discarded set for its rows: " + node());
            }
            return inner.rowsToRead();
        }

        @Override
        public void discard() {
            if (discarded) {
                throw new IllegalStateException("discarded twice: " + node());
            }
            discarded = true;
            live--;
            inner.discard();
        }
    }
}
