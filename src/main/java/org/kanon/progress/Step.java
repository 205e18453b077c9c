package org.kanon.progress;

/**
 * One phase of a long operation as it advances. An advance only updates a counter under an uncontended lock (the
 * display redraws from its own thread, a few times a second), so advancing per row where each row costs a database
 * round trip or a cursor fetch is free; a tight in-memory loop advances per batch or per outer iteration. Safe to
 * advance from several threads. Close it when the phase ends, also when it fails (try-with-resources).
 */
public interface Step extends AutoCloseable {
    /** A step nobody watches. */
    Step NONE = new Step() {
        @Override
        public void advance(long units) {
        }

        @Override
        public void stepTo(long done) {
        }

        @Override
        public void total(long total) {
        }

        @Override
        public void close() {
        }
    };

    /** {@code units} more done. */
    void advance(long units);

    /** One more unit done. */
    default void advance() {
        advance(1);
    }

    /** {@code done} units done in all (for a phase that knows its count rather than its increments). */
    void stepTo(long done);

    /** The total, once known after the step was opened (e.g. the size of a lattice once it is built). */
    void total(long total);

    /** The phase ended (the display shows its final count and makes room for the next step). */
    @Override
    void close();
}
