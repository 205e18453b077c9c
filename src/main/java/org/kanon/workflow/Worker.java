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
 * request. {@link #serve} keeps doing so, waiting for new requests between rounds. Every request gets two lines in
 * the log ({@link RequestLog}): when claimed, and when finished with its outcome and seconds.
 */
public final class Worker {
    private final Database db;
    private final SpecRunner runner;
    private final RequestQueue queue;
    private final SpecRuns runs;
    private final String name;
    private final Duration lease;
    private final Consumer<String> log;
    private final RequestLog requests;

    public Worker(Database db, SpecRunner runner, String name, Duration lease, Consumer<String> log) {
        this.db = db;
        this.runner = runner;
        this.queue = new RequestQueue(db);
        this.runs = new SpecRuns(db);
        this.name = name;
        this.lease = lease;
        this.log = log;
        this.requests = new RequestLog(log);
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

    /** VERIFY: DONE when the release verifies, NOT_MET with the first violations otherwise; DROP: DONE when dropped. */
    private void manage(RequestQueue.Claim claim, long claimedAt) {
        ReleaseRegister register = new ReleaseRegister(db);
        try {
            if (RequestQueue.VERIFY.equals(claim.action())) {
                List<Violation> found = new ReleaseVerification(db).verify(register.require(claim.release()), 10);
                long violations = found.stream().mapToLong(Violation::count).sum();
                String error = found.isEmpty() ? null : violations + " violation(s): " + found;
                String status = found.isEmpty() ? RequestQueue.DONE : RequestQueue.NOT_MET;
                queue.complete(claim, name, status, null, claim.release(), error);
                // the violations are stored with the request; a violation may quote a released cell, so the log counts them
                requests.finished(claim, status, claimedAt, found.isEmpty() ? "verified" : violations + " violation(s)");
            } else if (RequestQueue.DROP.equals(claim.action())) {
                register.drop(claim.release());
                queue.complete(claim, name, RequestQueue.DONE, null, claim.release(), null);
                requests.finished(claim, RequestQueue.DONE, claimedAt, "dropped");
            } else {
                String error = "unknown action '" + claim.action() + "' (RUN, VERIFY, DROP)";
                queue.complete(claim, name, RequestQueue.FAILED, null, claim.release(), error);
                requests.finished(claim, RequestQueue.FAILED, claimedAt, error);
            }
        } catch (InvalidInputException e) {
            queue.complete(claim, name, RequestQueue.FAILED, null, claim.release(), e.getMessage());
            requests.finished(claim, RequestQueue.FAILED, claimedAt, e.getMessage());
        }
    }

    private void process(RequestQueue.Claim claim) {
        long claimedAt = requests.claimed(claim);
        Heartbeat beat = new Heartbeat("kanon-heartbeat-" + claim.id(), lease, () -> queue.heartbeat(claim, name, lease),
                e -> requests.note(claim.id(), "heartbeat failed: " + ErrorLine.of(e)));
        try {
            if (!RequestQueue.RUN.equals(claim.action())) {
                SpecRunner.onDerbyTurn(db, () -> {
                    manage(claim, claimedAt);
                    return null;
                });
                return;
            }
            Optional<Spec> spec = new SpecStore(db).find(claim.spec());
            if (spec.isEmpty()) {
                queue.complete(claim, name, RequestQueue.FAILED, null, null, "no release specification named '" + claim.spec() + "'");
                requests.finished(claim, RequestQueue.FAILED, claimedAt, "no such spec");
                return;
            }
            SpecRunner.Outcome o = runner.run(spec.get(), claim.replace(), claim.id(), name);
            String status = o.released() ? RequestQueue.DONE : SpecRuns.NOT_MET.equals(o.status()) ? RequestQueue.NOT_MET : RequestQueue.FAILED;
            if (!queue.complete(claim, name, status, o.runId(), o.releaseName(), o.error())) {
                requests.note(claim.id(), "finished after its lease ran out; another worker had taken it over");
            }
            requests.finished(claim, status, claimedAt, o.error() != null ? o.error()
                    : o.releaseName() != null ? "release " + o.releaseName() : null);
        } catch (RuntimeException e) {
            // the exception's message may quote a row; the stored and logged line never does
            String error = ErrorLine.of(e);
            queue.complete(claim, name, RequestQueue.FAILED, null, null, error);
            requests.finished(claim, RequestQueue.FAILED, claimedAt, error);
        } finally {
            beat.close();
        }
    }
}
