package org.kanon.engine;

import java.util.function.LongConsumer;

/**
 * Where a search shows how far it got (the CLI's bar or periodic line on stderr): opened when the search starts and
 * closed when it ends, before the report is printed, so the two never interleave.
 */
public interface ProgressDisplay extends AutoCloseable {
    /** Hears how many frequency sets the search computed so far; null when nobody listens. */
    LongConsumer listener();

    @Override
    void close();

    /** No display. */
    static ProgressDisplay none() {
        return new ProgressDisplay() {
            @Override
            public LongConsumer listener() {
                return null;
            }

            @Override
            public void close() {
            }
        };
    }
}
