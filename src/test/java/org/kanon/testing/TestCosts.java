package org.kanon.testing;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * What the running test class spends its time on, by kind of cost, for the slowest-classes table
 * (src/test/bench/test-times.sh): each test JVM runs one class at a time, so the ledger is the running class's;
 * {@link TestCostListener} writes it out and resets it when a class ends. Measurement only: nothing asserts on it.
 */
public final class TestCosts {
    /** The costs the table breaks a class's time into. */
    public enum Cost {
        /** test databases created and dropped (PostgreSQL and MariaDB databases, DuckDB files, Derby in-memory) */
        DATABASE,
        /** the kanon command line in a JVM of its own, from start to exit */
        SUBPROCESS,
        /** Adult (45,222 rows) imported and its hierarchies bound */
        ADULT,
        /** waits for a condition (a lock held, a worker's line), or for time to pass */
        WAIT,
        /** the Trino cluster: schemas made and dropped, waits for its workers */
        TRINO,
        /** headless Chromium started and driven */
        BROWSER
    }

    private static final Map<Cost, AtomicLong> COUNTS = new EnumMap<>(Cost.class);
    private static final Map<Cost, AtomicLong> NANOS = new EnumMap<>(Cost.class);

    static {
        for (Cost c : Cost.values()) {
            COUNTS.put(c, new AtomicLong());
            NANOS.put(c, new AtomicLong());
        }
    }

    private TestCosts() {
    }

    /** Adds one occurrence of {@code cost} that took {@code nanos}. */
    public static void add(Cost cost, long nanos) {
        COUNTS.get(cost).incrementAndGet();
        NANOS.get(cost).addAndGet(nanos);
    }

    /** Runs {@code work}, booking its time to {@code cost}. */
    public static <T> T time(Cost cost, Supplier<T> work) {
        long started = System.nanoTime();
        try {
            return work.get();
        } finally {
            add(cost, System.nanoTime() - started);
        }
    }

    /** Runs {@code work}, booking its time to {@code cost}. */
    public static void time(Cost cost, Runnable work) {
        time(cost, () -> {
            work.run();
            return null;
        });
    }

    /** The ledger as tab-separated count and milliseconds per cost, in {@link Cost} order; then cleared. */
    static String drain() {
        StringBuilder line = new StringBuilder();
        for (Cost c : Cost.values()) {
            line.append('\t').append(COUNTS.get(c).getAndSet(0)).append('\t').append(NANOS.get(c).getAndSet(0) / 1_000_000);
        }
        return line.toString();
    }

    /** The header matching {@link #drain()}. */
    static String header() {
        StringBuilder line = new StringBuilder();
        for (Cost c : Cost.values()) {
            String name = c.name().toLowerCase(java.util.Locale.ROOT);
            line.append('\t').append(name).append("_n\t").append(name).append("_ms");
        }
        return line.toString();
    }
}
