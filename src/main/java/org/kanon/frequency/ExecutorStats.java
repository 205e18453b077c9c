package org.kanon.frequency;

/**
 * What an executor did: frequency sets computed from the table vs derived, statements sent, time spent.
 * Synchronized: the memory executor may be used from several threads.
 */
public final class ExecutorStats {
    private long scans;
    private long derivations;
    private long summaries;
    private long deferred;
    private long bySubset;
    private long statements;
    private long nanos;

    public synchronized void scanned() {
        scans++;
    }

    public synchronized void derived() {
        derivations++;
    }

    /** A failed set left unstored: its successors roll up from its source (sql executor, near-unique sets). */
    public synchronized void deferred() {
        deferred++;
    }

    /** A node found anonymous from its subset, with no frequency set (see Incognito's search). */
    public synchronized void foundBySubset() {
        bySubset++;
    }

    public synchronized void summarized() {
        summaries++;
    }

    public synchronized void statements(int n) {
        statements += n;
    }

    public synchronized void time(long startNanos) {
        nanos += System.nanoTime() - startNanos;
    }

    public synchronized long scans() {
        return scans;
    }

    public synchronized long derivations() {
        return derivations;
    }

    public synchronized long summaries() {
        return summaries;
    }

    /** Nodes found anonymous from a subset of theirs, without a frequency set of their own. */
    public synchronized long anonymousBySubset() {
        return bySubset;
    }

    public synchronized long deferredSets() {
        return deferred;
    }

    public synchronized long statements() {
        return statements;
    }

    public synchronized long millis() {
        return nanos / 1_000_000;
    }

    @Override
    public String toString() {
        return "scans=" + scans + " derived=" + derivations + " checks=" + summaries + " deferred=" + deferred + " bySubset=" + bySubset
                + " statements=" + statements + " executorMs=" + millis();
    }
}
