package org.kanon.cli;

/**
 * A few megabytes of heap taken at start-up and let go when the heap runs out: without them the handler of an
 * {@link OutOfMemoryError} fails too (the JVM then prints its own "thrown from the UncaughtExceptionHandler" and exits
 * 1, which means "not met"), and an embedded Derby is left open for the next command to recover.
 */
final class HeapReserve {
    private static final int BYTES = 4 << 20;
    private static volatile byte[] reserve;

    private HeapReserve() {
    }

    /** Takes the reserve (once per process: the command line's main). */
    static void hold() {
        if (reserve == null) {
            reserve = new byte[BYTES];
        }
    }

    /** Lets the reserve go, for the collector to hand to whoever reports the error and closes the databases. */
    static void release() {
        reserve = null;
    }
}
