package org.kanon.workflow;

import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.impl.DSL;
import org.kanon.db.CatalogTable;
import org.kanon.db.Database;
import org.kanon.db.Varchars;

/**
 * The REQUESTS table as a queue several workers drain at once. A request is claimed by exactly one worker: on
 * PostgreSQL with {@code SELECT ... FOR UPDATE SKIP LOCKED} (concurrent workers pass over each other's rows instead
 * of waiting), on Derby with an UPDATE conditioned on the status still being QUEUED (only one can change it). A
 * claimed request carries its worker's heartbeat; one whose heartbeat is older than the lease belongs to a worker
 * that died and is queued again, or failed with the reason once its attempts are used up. Times are the database's,
 * so workers on different machines agree.
 */
public final class RequestQueue {
    public static final String QUEUED = "QUEUED";
    public static final String RUNNING = "RUNNING";
    public static final String DONE = "DONE";
    public static final String NOT_MET = "NOT_MET";
    public static final String FAILED = "FAILED";

    private final Database db;
    private final CatalogTable requests;

    public RequestQueue(Database db) {
        this.db = db;
        this.requests = new CatalogTable(db, "requests");
    }

    public static final String RUN = "RUN";
    public static final String VERIFY = "VERIFY";
    public static final String DROP = "DROP";
    /** Claims retried after their transaction was a deadlock's victim, before the error is the worker's. */
    private static final int DEADLOCK_RETRIES = 10;

    /** A request this worker now holds: run {@code spec}, or verify or drop {@code release}. */
    public record Claim(int id, String action, String spec, String release, boolean replace, int attempt) {
    }

    /** One request as the table holds it. */
    public record Request(int id, String spec, String status, int attempts, int maxAttempts, String requestedBy,
                          String claimedBy, Integer runId, String releaseName, String error) {
    }

    /** Asks for a run of a spec (what a DBA's INSERT does); returns the request's id. */
    public int submit(String spec, boolean replace) {
        return (int) org.kanon.db.GeneratedKeys.insert(db.dsl(), db.dsl().insertInto(requests.table())
                .set(text("spec_name"), spec).set(requests.field("replace_release", Boolean.class), replace));
    }

    /** Claims the oldest queued request, if any, for {@code lease} (the claim's deadline is stored with it). */
    public Optional<Claim> claim(String worker, Duration lease) {
        return db.profile().claimsBySkipLocked() ? claimSkippingLocked(worker, lease) : claimByConditionalUpdate(worker, lease);
    }

    /**
     * A claim that the database chose as a deadlock's victim (SQLSTATE 40001: InnoDB's locks can make two claims meet
     * despite SKIP LOCKED) was rolled back whole: claimed again.
     */
    private Optional<Claim> claimSkippingLocked(String worker, Duration lease) {
        for (int attempt = 1; ; attempt++) {
            try {
                return claimSkippingLockedOnce(worker, lease);
            } catch (org.jooq.exception.DataAccessException e) {
                if (attempt >= DEADLOCK_RETRIES || !lostToAnotherTransaction(e)) {
                    throw e;
                }
            }
        }
    }

    private Optional<Claim> claimSkippingLockedOnce(String worker, Duration lease) {
        return db.dsl().transactionResult(cfg -> {
            DSLContext tx = cfg.dsl();
            Record r = tx.select(claimed())
                    .from(requests.table()).where(text("status").eq(QUEUED)).orderBy(id()).limit(1)
                    .forUpdate().skipLocked().fetchOne();
            if (r == null) {
                return Optional.empty();
            }
            markClaimed(tx, r.get(id()), worker, lease).execute();
            return Optional.of(claimOf(r));
        });
    }

    private Optional<Claim> claimByConditionalUpdate(String worker, Duration lease) {
        DSLContext ctx = db.dsl();
        while (true) {
            Record r = ctx.select(claimed())
                    .from(requests.table()).where(text("status").eq(QUEUED)).orderBy(id()).limit(1).fetchOne();
            if (r == null) {
                return Optional.empty();
            }
            // only one worker's UPDATE finds the row still QUEUED; the others look again (where the database fails the
            // loser's UPDATE as a write-write conflict, SQLSTATE 40001, rather than finding no row: DuckDB)
            try {
                if (markClaimed(ctx, r.get(id()), worker, lease).and(text("status").eq(QUEUED)).execute() == 1) {
                    return Optional.of(claimOf(r));
                }
            } catch (org.jooq.exception.DataAccessException e) {
                if (!lostToAnotherTransaction(e)) {
                    throw e;
                }
            }
        }
    }

    private org.jooq.UpdateConditionStep<Record> markClaimed(DSLContext ctx, int requestId, String worker, Duration lease) {
        LocalDateTime now = now(ctx);
        return ctx.update(requests.table())
                .set(text("status"), RUNNING).set(text("claimed_by"), worker)
                .set(requests.field("claimed_at", LocalDateTime.class), now).set(heartbeat(), now).set(leaseUntil(), now.plus(lease))
                .set(attempts(), attempts().plus(1))
                .set(text("error"), (String) null)
                .where(id().eq(requestId));
    }

    private List<Field<?>> claimed() {
        return List.of(id(), text("action"), text("spec_name"), text("release_name"), requests.field("replace_release", Boolean.class), attempts());
    }

    private Claim claimOf(Record r) {
        return new Claim(r.get(id()), r.get(text("action")), r.get(text("spec_name")), r.get(text("release_name")),
                Boolean.TRUE.equals(r.get(requests.field("replace_release", Boolean.class))), r.get(attempts()) + 1);
    }

    /** The worker is alive: pushes the lease of its request forward. */
    public void heartbeat(Claim claim, String worker, Duration lease) {
        DSLContext ctx = db.dsl();
        LocalDateTime now = now(ctx);
        ctx.update(requests.table()).set(heartbeat(), now).set(leaseUntil(), now.plus(lease))
                .where(id().eq(claim.id())).and(text("claimed_by").eq(worker)).and(text("status").eq(RUNNING)).execute();
    }

    /** Writes the outcome back; false when the request is no longer this worker's (it was presumed dead). */
    public boolean complete(Claim claim, String worker, String status, Long runId, String releaseName, String error) {
        DSLContext ctx = db.dsl();
        return ctx.update(requests.table())
                .set(text("status"), status)
                .set(requests.field("finished_at", LocalDateTime.class), now(ctx))
                .set(requests.field("run_id", Integer.class), runId == null ? null : runId.intValue())
                .set(text("release_name"), releaseName)
                .set(text("error"), Varchars.fit(error, 4000))
                .where(id().eq(claim.id())).and(text("claimed_by").eq(worker)).and(text("status").eq(RUNNING)).execute() == 1;
    }

    /**
     * Requests whose lease ran out (the lease each claiming worker set, so workers with different --lease agree): a
     * run whose release committed before its worker died is completed (the request DONE, the run RELEASED); otherwise
     * the request is queued again while attempts remain, else failed with the reason, its unfinished runs are marked
     * failed and a query source's snapshot they left is dropped. Returns what was recovered.
     */
    public List<Request> recover(SpecRuns runs) {
        DSLContext ctx = db.dsl();
        LocalDateTime now = now(ctx);
        List<Request> recovered = new ArrayList<>();
        for (Record r : ctx.select().from(requests.table()).where(text("status").eq(RUNNING)).and(leaseUntil().lt(now)).fetch()) {
            int requestId = r.get(id());
            String worker = r.get(text("claimed_by"));
            LocalDateTime last = r.get(heartbeat(), LocalDateTime.class);
            LocalDateTime deadline = r.get(leaseUntil(), LocalDateTime.class);
            boolean retry = r.get(attempts()) < r.get(requests.field("max_attempts", Integer.class));
            String reason = "worker " + worker + " stopped (no heartbeat since " + last + ") during attempt " + r.get(attempts())
                    + (retry ? "; queued again" : "; no attempts left");
            List<SpecRuns.Abandoned> abandoned = new ArrayList<>();
            boolean mine = ctx.transactionResult(cfg -> {
                DSLContext tx = cfg.dsl();
                // conditioned on the lease read, so of two workers recovering at once only one does it
                var sameClaim = id().eq(requestId).and(text("status").eq(RUNNING)).and(leaseUntil().eq(deadline));
                Optional<SpecRuns.Completed> done = runs.completeIfCommitted(tx, requestId);
                if (done.isPresent()) {
                    return tx.update(requests.table()).set(text("status"), DONE)
                            .set(requests.field("finished_at", LocalDateTime.class), now(tx))
                            .set(requests.field("run_id", Integer.class), (int) done.get().runId())
                            .set(text("release_name"), done.get().releaseName())
                            .set(text("error"), "worker " + worker + " stopped after its release committed; completed by recovery")
                            .where(sameClaim).execute() == 1;
                }
                int changed = tx.update(requests.table())
                        .set(text("status"), retry ? QUEUED : FAILED)
                        .set(text("claimed_by"), retry ? null : worker)
                        .set(text("error"), reason)
                        .set(requests.field("finished_at", LocalDateTime.class), retry ? null : now(tx))
                        .where(sameClaim).execute();
                if (changed == 1) {
                    abandoned.addAll(runs.abandon(tx, requestId, reason));
                }
                return changed == 1;
            });
            if (mine) {
                // a dead run of a query-source spec left its snapshot (and its hierarchies) behind
                SourceSnapshot snapshots = new SourceSnapshot(db);
                for (SpecRuns.Abandoned run : abandoned) {
                    if (run.releaseName() != null) {
                        SpecRunner.onDerbyTurn(db, () -> {
                            snapshots.discardAbandoned(run.releaseName(), run.id());
                            return null;
                        });
                    }
                }
                recovered.add(toRequest(ctx.select().from(requests.table()).where(id().eq(requestId)).fetchOne()));
            }
        }
        return recovered;
    }

    public Optional<Request> find(int requestId) {
        Record r = db.dsl().select().from(requests.table()).where(id().eq(requestId)).fetchOne();
        return r == null ? Optional.empty() : Optional.of(toRequest(r));
    }

    public List<Request> list(int limit) {
        return db.dsl().select().from(requests.table()).orderBy(id().desc()).limit(limit).fetch(this::toRequest);
    }

    private Request toRequest(Record r) {
        return new Request(r.get(id()), r.get(text("spec_name")), r.get(text("status")), r.get(attempts()),
                r.get(requests.field("max_attempts", Integer.class)), r.get(text("requested_by")), r.get(text("claimed_by")),
                r.get(requests.field("run_id", Integer.class)), r.get(text("release_name")), r.get(text("error")));
    }

    /** A serialization failure (SQLSTATE 40001): a deadlock's victim, or the loser of a write-write conflict. */
    private static boolean lostToAnotherTransaction(org.jooq.exception.DataAccessException e) {
        return "40001".equals(org.kanon.db.SqlErrors.sqlState(e));
    }

    private LocalDateTime now(DSLContext ctx) {
        return ctx.select(db.profile().currentTime()).fetchOne(0, LocalDateTime.class);
    }

    private Field<Integer> id() {
        return requests.field("id", Integer.class);
    }

    private Field<LocalDateTime> leaseUntil() {
        return requests.field("lease_until", LocalDateTime.class);
    }

    private Field<Integer> attempts() {
        return requests.field("attempts", Integer.class);
    }

    private Field<LocalDateTime> heartbeat() {
        return requests.field("heartbeat_at", LocalDateTime.class);
    }

    private Field<String> text(String column) {
        return requests.field(column, String.class);
    }
}
