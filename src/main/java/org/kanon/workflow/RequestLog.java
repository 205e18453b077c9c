package org.kanon.workflow;

import java.util.Locale;
import java.util.function.Consumer;

/**
 * The worker's two lines per request, for an operator tailing its log: when it is claimed ({@code request 12: claimed:
 * run spec s (attempt 1)}) and when it is finished ({@code request 12: done in 3.2 s: run spec s, release r}); the
 * outcome is the request's status as stored (done, not_met, failed). Only ids, names, counts and kanon's own one-line
 * messages appear, never a data value: a failure's detail is what the request stores, which holds none.
 */
final class RequestLog {
    private final Consumer<String> log;

    RequestLog(Consumer<String> log) {
        this.log = log;
    }

    /** The request was claimed; returns when, for {@link #finished}. */
    long claimed(RequestQueue.Claim claim) {
        log.accept("request " + claim.id() + ": claimed: " + what(claim) + " (attempt " + claim.attempt() + ")");
        return System.nanoTime();
    }

    /**
     * The request ended with {@code status} (a {@link RequestQueue} status); {@code detail} (may be null) follows: the
     * release written, a count, or kanon's one-line error.
     */
    void finished(RequestQueue.Claim claim, String status, long claimedAt, String detail) {
        double seconds = (System.nanoTime() - claimedAt) / 1e9;
        // one line per request, whatever the detail: an engine's message may span lines
        String said = detail == null ? "" : (RequestQueue.DONE.equals(status) ? ", " : ": ") + detail.strip().replaceAll("\\s*\\R\\s*", " ");
        log.accept(String.format(Locale.ROOT, "request %d: %s in %.1f s: %s%s", claim.id(), status.toLowerCase(Locale.ROOT), seconds,
                what(claim), said));
    }

    /** Any other line about a request (a heartbeat that failed, a lease that ran out). */
    void note(int id, String text) {
        log.accept("request " + id + ": " + text);
    }

    /** The action and what it acts on: run spec S, verify release R, drop release R. */
    static String what(RequestQueue.Claim claim) {
        String action = claim.action() == null ? "?" : claim.action().toLowerCase(Locale.ROOT);
        return RequestQueue.RUN.equals(claim.action()) ? action + " spec " + claim.spec() : action + " release " + claim.release();
    }
}
