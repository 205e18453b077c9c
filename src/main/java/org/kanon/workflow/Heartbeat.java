package org.kanon.workflow;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Renews a lease every third of its length on a daemon thread until closed, so the claim (a request's, a run's)
 * outlives a busy moment but not its process. A failed beat is reported and the next one tried.
 */
final class Heartbeat implements AutoCloseable {
    private final ScheduledExecutorService beat;

    Heartbeat(String name, Duration lease, Runnable renew, Consumer<RuntimeException> failed) {
        this.beat = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
        long every = Math.max(200, lease.toMillis() / 3);
        beat.scheduleAtFixedRate(() -> {
            try {
                renew.run();
            } catch (RuntimeException e) {
                failed.accept(e);
            }
        }, every, every, TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() {
        beat.shutdownNow();
    }
}
