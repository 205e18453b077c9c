package org.kanon.frequency;

/** What an executor did: frequency sets computed from the table vs derived, statements sent, time spent. */
public final class ExecutorStats {
    private long scans;
    private long derivations;
    private long summaries;
    private long statements;
    private long nanos;
    private java.util.function.LongConsumer progress = n -> { };

    /** Told the number of frequency sets computed so far after each one: a progress display listens here. */
    public void listen(java.util.function.LongConsumer listener) {
        this.progress = listener;
    }

    public void scanned() {
        scans++;
        progress.accept(scans + derivations);
    }

    public void derived() {
        derivations++;
        progress.accept(scans + derivations);
    }

    public void summarized() {
        summaries++;
    }

    public void statements(int n) {
        statements += n;
    }

    public void time(long startNanos) {
        nanos += System.nanoTime() - startNanos;
    }

    public long scans() {
        return scans;
    }

    public long derivations() {
        return derivations;
    }

    public long summaries() {
        return summaries;
    }

    public long statements() {
        return statements;
    }

    public long millis() {
        return nanos / 1_000_000;
    }

    @Override
    public String toString() {
        return "scans=" + scans + " derived=" + derivations + " checks=" + summaries + " statements=" + statements
                + " executorMs=" + millis();
    }
}
