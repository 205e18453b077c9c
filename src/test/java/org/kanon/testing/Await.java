package org.kanon.testing;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * Waits for a condition instead of sleeping out a fixed time: a test goes on as soon as what it waits for (a lock
 * held, a worker's line, a row) is there, and a slow machine gets the whole deadline instead of a guess. The time
 * spent waiting is booked as {@link TestCosts.Cost#WAIT}.
 */
public final class Await {
    /** The first pauses are short (most conditions hold within milliseconds), then they grow to this. */
    private static final long LONGEST_PAUSE_MILLIS = 100;

    private Await() {
    }

    /**
     * Returns as soon as {@code condition} holds; fails naming {@code what} if it still does not when {@code timeout}
     * has passed (asked once more at the deadline, so a condition that holds just then counts).
     */
    public static void until(String what, Duration timeout, BooleanSupplier condition) {
        long started = System.nanoTime();
        long deadline = started + timeout.toNanos();
        long pause = 5;
        try {
            while (!condition.getAsBoolean()) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new AssertionError("timed out after " + timeout + " waiting for " + what);
                }
                try {
                    Thread.sleep(Math.max(1, Math.min(pause, left / 1_000_000)));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new AssertionError("interrupted waiting for " + what, e);
                }
                pause = Math.min(LONGEST_PAUSE_MILLIS, pause * 2);
            }
        } finally {
            TestCosts.add(TestCosts.Cost.WAIT, System.nanoTime() - started);
        }
    }

    /** {@link #until}, its failure followed by {@code state} as it is then (a process's output so far). */
    public static void until(String what, Duration timeout, BooleanSupplier condition, Object state) {
        try {
            until(what, timeout, condition);
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + ": " + state, e);
        }
    }

    /** A condition that may throw (a query): what it throws fails the wait at once, as it would fail the test. */
    @FunctionalInterface
    public interface Check {
        boolean holds() throws Exception;
    }

    /** {@link #until} for a condition that may throw a checked exception (an SQL query). */
    public static void untilChecked(String what, Duration timeout, Check condition) {
        until(what, timeout, unchecked(what, condition));
    }

    /** {@link #untilChecked}, its failure followed by {@code state} as it is then. */
    public static void untilChecked(String what, Duration timeout, Check condition, Object state) {
        until(what, timeout, unchecked(what, condition), state);
    }

    private static BooleanSupplier unchecked(String what, Check condition) {
        return () -> {
            try {
                return condition.holds();
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException("while waiting for " + what, e);
            }
        };
    }
}
