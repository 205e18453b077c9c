package org.kanon.release;

/**
 * Whether an error is the heap running out: an {@link OutOfMemoryError} itself, or one that a driver or jOOQ
 * wrapped as the cause of its own exception.
 */
final class OutOfHeap {
    private OutOfHeap() {
    }

    static boolean causedBy(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof OutOfMemoryError) {
                return true;
            }
        }
        return false;
    }
}
