package org.kanon.workflow;

import java.time.LocalDateTime;
import java.util.List;
import java.util.Optional;
import org.jooq.Record;
import org.kanon.db.Varchars;
import org.kanon.release.ReleaseRegister;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.impl.DSL;
import org.kanon.db.CatalogTable;
import org.kanon.db.Database;
import org.kanon.db.GeneratedKeys;
import org.kanon.release.ReleaseRecord;

/** The SPEC_RUNS table: a run is written RUNNING when it starts and completed when it ends. */
public final class SpecRuns {
    public static final String RUNNING = "RUNNING";
    public static final String RELEASED = "RELEASED";
    public static final String NOT_MET = "NOT_MET";
    public static final String FAILED = "FAILED";

    private final Database db;
    private final CatalogTable runs;

    public SpecRuns(Database db) {
        this.db = db;
        this.runs = new CatalogTable(db, "spec_runs");
    }

    /** A finished or running run as the catalog holds it. */
    public record Run(long id, String spec, Integer requestId, String status, String releaseName, Integer version,
                      Long rowsIn, Long rowsOut, Long rowsSuppressed, Long classes, String chosen, String result,
                      String error, String runBy, String worker, LocalDateTime startedAt, LocalDateTime finishedAt) {
    }

    /**
     * Records the start (committed at once, so a run that dies stays visible) and returns the run's id; with
     * {@code reserve} the release name is reserved for this run, and empty is returned when another run holds it.
     */
    java.util.OptionalLong start(String spec, Integer requestId, String releaseName, int version, boolean reserve, String worker,
                                 java.time.Duration lease) {
        DSLContext ctx = db.dsl();
        LocalDateTime deadline = dbNow(ctx).plus(lease);
        String user = ctx.select(org.kanon.db.dialect.DatabaseProfiles.of(ctx.dialect()).currentUser()).fetchOne(0, String.class);
        try {
            return java.util.OptionalLong.of(GeneratedKeys.insert(ctx, ctx.insertInto(runs.table())
                .set(text("spec_name"), spec)
                .set(runs.field("request_id", Integer.class), requestId)
                .set(text("status"), RUNNING)
                .set(text("release_name"), releaseName)
                .set(text("reserved_name"), reserve ? releaseName.toUpperCase(java.util.Locale.ROOT) : null)
                .set(runs.field("release_version", Integer.class), version)
                .set(text("run_by"), user == null ? "?" : user)
                .set(text("worker"), worker)
                .set(leaseUntil(), deadline)
                .set(runs.field("started_at", LocalDateTime.class), LocalDateTime.now())));
        } catch (org.jooq.exception.DataAccessException e) {
            if (reserve && e.sqlStateClass() == org.jooq.exception.SQLStateClass.C23_INTEGRITY_CONSTRAINT_VIOLATION) {
                return java.util.OptionalLong.empty();
            }
            throw e;
        }
    }

    void finish(long id, String status, ReleaseRecord release, String chosen, String result, String error) {
        var update = db.dsl().update(runs.table())
                .set(text("status"), status)
                .set(text("chosen"), Varchars.fit(chosen, 4000))
                .set(text("result"), Varchars.fit(result, 32000))
                .set(text("error"), Varchars.fit(error, 4000))
                .set(runs.field("finished_at", LocalDateTime.class), LocalDateTime.now());
        if (!RELEASED.equals(status)) {
            update = update.set(text("reserved_name"), (String) null); // the version is free for the next run
        }
        if (release != null) {
            update = update.set(runs.field("rows_in", Long.class), release.rowsIn())
                    .set(runs.field("rows_out", Long.class), release.rowsOut())
                    .set(runs.field("rows_suppressed", Long.class), release.rowsSuppressed())
                    .set(runs.field("classes", Long.class), release.classes());
        } else {
            update = update.set(text("release_name"), (String) null);
        }
        // a run recovery already closed (its worker was presumed dead) keeps the recovery's verdict
        update.where(runs.field("id", Integer.class).eq((int) id)).and(text("status").eq(RUNNING)).execute();
    }

    /** The run is alive: pushes its lease forward. */
    void heartbeat(long id, java.time.Duration lease) {
        DSLContext ctx = db.dsl();
        ctx.update(runs.table()).set(leaseUntil(), dbNow(ctx).plus(lease))
                .where(runs.field("id", Integer.class).eq((int) id)).and(text("status").eq(RUNNING)).execute();
    }

    /**
     * Runs outside the queue ({@code kanon run}, {@code CALL KANON.RUN_SPEC}) whose lease ran out: their process
     * died. One whose release committed is marked RELEASED, the others FAILED with the reason, and a query snapshot
     * they left is dropped. Runs of requests are the queue's to recover (it also decides the request).
     */
    int recoverStale() {
        DSLContext ctx = db.dsl();
        int recovered = 0;
        for (Record r : ctx.select().from(runs.table()).where(text("status").eq(RUNNING))
                .and(runs.field("request_id", Integer.class).isNull()).and(leaseUntil().lt(dbNow(ctx))).fetch()) {
            long id = r.get(runs.field("id", Integer.class));
            LocalDateTime deadline = r.get(leaseUntil(), LocalDateTime.class);
            String name = r.get(text("release_name"));
            boolean done = ctx.transactionResult(cfg -> {
                DSLContext tx = cfg.dsl();
                if (completeIfCommitted(tx, r, "the run's process stopped after the release committed; completed by recovery")) {
                    return true;
                }
                int changed = tx.update(runs.table()).set(text("status"), FAILED)
                        .set(text("error"), "the run stopped (its lease ran out at " + deadline + ")")
                        .set(text("release_name"), (String) null).set(text("reserved_name"), (String) null)
                        .set(runs.field("finished_at", LocalDateTime.class), LocalDateTime.now())
                        .where(runs.field("id", Integer.class).eq((int) id)).and(text("status").eq(RUNNING))
                        .and(leaseUntil().eq(deadline)).execute();
                if (changed == 1 && name != null) {
                    return false;
                }
                return changed == 1;
            });
            if (!done && name != null) {
                SpecRunner.onDerbyTurn(db, () -> {
                    new SourceSnapshot(db).discardAbandoned(name, id);
                    return null;
                });
            }
            recovered++;
        }
        return recovered;
    }

    /** A run completed by {@link #completeIfCommitted}. */
    record Completed(long runId, String releaseName) {
    }

    /**
     * The running run of a request whose release is registered — its transaction committed before the worker died —
     * marked RELEASED with the register's figures. A run that only replaced a release counts when the registered
     * release is at least as new as the run (the run's name was not new, so existence alone proves nothing).
     */
    Optional<Completed> completeIfCommitted(DSLContext tx, int requestId) {
        for (Record r : tx.select().from(runs.table()).where(runs.field("request_id", Integer.class).eq(requestId))
                .and(text("status").eq(RUNNING)).fetch()) {
            if (completeIfCommitted(tx, r, "the worker stopped after the release committed; completed by recovery")) {
                return Optional.of(new Completed(r.get(runs.field("id", Integer.class)), r.get(text("release_name"))));
            }
        }
        return Optional.empty();
    }

    /** Marks the running run {@code r} RELEASED when its release is registered and at least as new as the run. */
    private boolean completeIfCommitted(DSLContext tx, Record r, String note) {
        String name = r.get(text("release_name"));
        if (name == null) {
            return false;
        }
        Optional<ReleaseRecord> release = new ReleaseRegister(db).find(name);
        LocalDateTime started = r.get(runs.field("started_at", LocalDateTime.class), LocalDateTime.class);
        boolean newName = r.get(text("reserved_name")) != null;
        if (release.isEmpty() || !newName && release.get().createdAt().isBefore(started.withNano(0))) {
            return false;
        }
        ReleaseRecord rel = release.get();
        return tx.update(runs.table()).set(text("status"), RELEASED)
                .set(text("release_name"), rel.name())
                .set(text("chosen"), rel.algorithm() + ": " + rel.levels())
                .set(text("error"), note)
                .set(runs.field("rows_in", Long.class), rel.rowsIn()).set(runs.field("rows_out", Long.class), rel.rowsOut())
                .set(runs.field("rows_suppressed", Long.class), rel.rowsSuppressed()).set(runs.field("classes", Long.class), rel.classes())
                .set(runs.field("finished_at", LocalDateTime.class), LocalDateTime.now())
                .where(runs.field("id", Integer.class).eq(r.get(runs.field("id", Integer.class)))).and(text("status").eq(RUNNING))
                .execute() == 1;
    }

    private Field<LocalDateTime> leaseUntil() {
        return runs.field("lease_until", LocalDateTime.class);
    }

    private LocalDateTime dbNow(DSLContext ctx) {
        return ctx.select(db.profile().currentTime()).fetchOne(0, LocalDateTime.class);
    }

    /** A run marked failed by {@link #abandon}, with the release name it was writing. */
    record Abandoned(long id, String releaseName) {
    }

    /** Runs of a request whose worker died: they never finish by themselves. Returns the runs it marked failed. */
    List<Abandoned> abandon(DSLContext ctx, int requestId, String reason) {
        List<Abandoned> abandoned = ctx.select(runs.field("id", Integer.class), text("release_name")).from(runs.table())
                .where(runs.field("request_id", Integer.class).eq(requestId)).and(text("status").eq(RUNNING))
                .fetch(r -> new Abandoned(r.value1(), r.value2()));
        ctx.update(runs.table()).set(text("status"), FAILED).set(text("error"), Varchars.fit(reason, 4000))
                .set(text("release_name"), (String) null).set(text("reserved_name"), (String) null)
                .set(runs.field("finished_at", LocalDateTime.class), LocalDateTime.now())
                .where(runs.field("request_id", Integer.class).eq(requestId)).and(text("status").eq(RUNNING)).execute();
        return abandoned;
    }

    public List<Run> list(String spec, int limit) {
        var query = db.dsl().select().from(runs.table());
        var where = spec == null ? query.where(DSL.noCondition()) : query.where(text("spec_name").eq(spec));
        return where.orderBy(runs.field("id", Integer.class).desc()).limit(limit).fetch(r -> new Run(
                r.get(runs.field("id", Integer.class)), r.get(text("spec_name")), r.get(runs.field("request_id", Integer.class)),
                r.get(text("status")), r.get(text("release_name")), r.get(runs.field("release_version", Integer.class)),
                r.get(runs.field("rows_in", Long.class)), r.get(runs.field("rows_out", Long.class)),
                r.get(runs.field("rows_suppressed", Long.class)), r.get(runs.field("classes", Long.class)),
                r.get(text("chosen")), r.get(text("result")), r.get(text("error")), r.get(text("run_by")), r.get(text("worker")),
                r.get(runs.field("started_at", LocalDateTime.class), LocalDateTime.class), r.get(runs.field("finished_at", LocalDateTime.class), LocalDateTime.class)));
    }

    private Field<String> text(String column) {
        return runs.field(column, String.class);
    }
}
