package org.kanon.workflow;

import java.time.Duration;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.List;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.db.ErrorLine;
import org.kanon.release.ReleaseRegister;
import org.kanon.verify.ReleaseVerification;
import org.kanon.verify.Violation;

/**
 * Drains the request queue: recovers requests of workers that died, then claims and runs requests one at a time
 * until none is queued. While a request runs, a heartbeat keeps its lease; the run's outcome is written back to the
 * request. {@link #serve} keeps doing so, waiting for new requests between rounds.
 */
public final class Worker {
    private final Database db;
    private final SpecRunner runner;
    private final RequestQueue queue;
    private final SpecRuns runs;
    private final String name;
    private final Duration lease;
    private final Consumer<String> log;

    public Worker(Database db, SpecRunner runner, String name, Duration lease, Consumer<String> log) {
        this.db = db;
        this.runner = runner;
        this.queue = new RequestQueue(db);
        this.runs = new SpecRuns(db);
        this.name = name;
        this.lease = lease;
        this.log = log;
    }

    /** Runs queued requests until none is left; returns how many it ran. */
    public int drain() {
        return drain(() -> false);
    }

    /** Runs queued requests until none is left or {@code stop} says so; returns how many it ran. */
    public int drain(BooleanSupplier stop) {
        runs.recoverStale(); // its snapshot drops take the Derby turn themselves
        for (RequestQueue.Request r : queue.recover(runs)) {
            log.accept("request " + r.id() + " (spec " + r.spec() + "): " + r.error());
        }
        int ran = 0;
        while (!stop.getAsBoolean()) {
            Optional<RequestQueue.Claim> c = queue.claim(name, lease);
            if (c.isEmpty()) {
                break;
            }
            process(c.get());
            ran++;
        }
        return ran;
    }

    /**
     * Drains, then waits for work (a notification or the poll interval) and drains again, until {@code stop}. A
     * round that fails (the database restarting, a lost connection) is reported to {@code errors} and the worker
     * waits and tries again: a long-running worker outlives a database hiccup.
     */
    public void serve(BooleanSupplier stop, Wakeup wakeup, Consumer<RuntimeException> errors) throws InterruptedException {
        while (!stop.getAsBoolean()) {
            try {
                drain(stop);
            } catch (RuntimeException e) {
                errors.accept(e);
            }
            if (!stop.getAsBoolean()) {
                wakeup.await();
            }
        }
    }

    /** How a serving worker waits between rounds: LISTEN/NOTIFY on PostgreSQL, a sleep otherwise. */
    @FunctionalInterface
    public interface Wakeup {
        void await() throws InterruptedException;
    }

    private static String describe(RequestQueue.Claim claim) {
        return RequestQueue.RUN.equals(claim.action()) ? "running spec " + claim.spec()
                : claim.action().toLowerCase(java.util.Locale.ROOT) + " release " + claim.release();
    }

    /** VERIFY: DONE when the release verifies, NOT_MET with the first violations otherwise; DROP: DONE when dropped. */
    private void manage(RequestQueue.Claim claim) {
        ReleaseRegister register = new ReleaseRegister(db);
        try {
            if (RequestQueue.VERIFY.equals(claim.action())) {
                List<Violation> found = new ReleaseVerification(db).verify(register.require(claim.release()), 10);
                String error = found.isEmpty() ? null : found.stream().mapToLong(Violation::count).sum() + " violation(s): " + found;
                queue.complete(claim, name, found.isEmpty() ? RequestQueue.DONE : RequestQueue.NOT_MET, null, claim.release(), error);
                log.accept("request " + claim.id() + ": release " + claim.release() + (found.isEmpty() ? " verified" : " NOT verified: " + error));
            } else if (RequestQueue.DROP.equals(claim.action())) {
                register.drop(claim.release());
                queue.complete(claim, name, RequestQueue.DONE, null, claim.release(), null);
                log.accept("request " + claim.id() + ": release " + claim.release() + " dropped");
            } else {
                queue.complete(claim, name, RequestQueue.FAILED, null, claim.release(), "unknown action '" + claim.action() + "' (RUN, VERIFY, DROP)");
            }
        } catch (InvalidInputException e) {
            queue.complete(claim, name, RequestQueue.FAILED, null, claim.release(), e.getMessage());
            log.accept("request " + claim.id() + ": failed: " + e.getMessage());
        }
    }

    private void process(RequestQueue.Claim claim) {
        log.accept("request " + claim.id() + ": " + describe(claim) + " (attempt " + claim.attempt() + ")");
        Heartbeat beat = new Heartbeat("kanon-heartbeat-" + claim.id(), lease, () -> queue.heartbeat(claim, name, lease),
                e -> log.accept("request " + claim.id() + ": heartbeat failed: " + ErrorLine.of(e)));
        try {
            if (!RequestQueue.RUN.equals(claim.action())) {
                SpecRunner.onDerbyTurn(db, () -> {
                    manage(claim);
                    return null;
                });
                return;
            }
            Optional<Spec> spec = new SpecStore(db).find(claim.spec());
            if (spec.isEmpty()) {
                queue.complete(claim, name, RequestQueue.FAILED, null, null, "no release specification named '" + claim.spec() + "'");
                log.accept("request " + claim.id() + ": failed: no spec " + claim.spec());
                return;
            }
            SpecRunner.Outcome o = runner.run(spec.get(), claim.replace(), claim.id(), name);
            String status = o.released() ? RequestQueue.DONE : SpecRuns.NOT_MET.equals(o.status()) ? RequestQueue.NOT_MET : RequestQueue.FAILED;
            if (!queue.complete(claim, name, status, o.runId(), o.releaseName(), o.error())) {
                log.accept("request " + claim.id() + ": finished after its lease ran out; another worker had taken it over");
            }
            log.accept("request " + claim.id() + ": " + status.toLowerCase(java.util.Locale.ROOT)
                    + (o.releaseName() != null ? " " + o.releaseName() : "") + (o.error() != null ? ": " + o.error() : ""));
        } catch (RuntimeException e) {
            // the exception's message may quote a row; the stored and logged line never does
            String error = ErrorLine.of(e);
            queue.complete(claim, name, RequestQueue.FAILED, null, null, error);
            log.accept("request " + claim.id() + ": failed: " + error);
        } finally {
            beat.close();
        }
    }
}
