package org.kanon.workflow;

import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.db.ErrorLine;
import org.kanon.release.ReleaseRecord;
import org.kanon.release.ReleaseRegister;
import org.kanon.schema.SourceTable;

/**
 * Runs a spec: picks the release's version (NAME, then NAME_v2, NAME_v3... unless it replaces the newest), records
 * the run, prepares the source (a query's snapshot), has the engine release it, and completes the run record with
 * the outcome. The release itself is written in one transaction by the engine, so a run that dies leaves none.
 */
public final class SpecRunner {
    /** Runs the engine on a prepared source; {@link Execution#exitCode()} follows kanon's exit codes. */
    @FunctionalInterface
    public interface Engine {
        Execution release(Database db, Spec spec, SourceTable source, String releaseName, boolean replace);
    }

    /** What the engine did: its exit code (0 released, 1 requirement not met), what it printed, and its error. */
    public record Execution(int exitCode, String output, String error) {
    }

    /** The outcome of one run; {@code exitCode} as kanon's: 0 released, 1 not met, 2 bad spec or input, 3 internal. */
    public record Outcome(long runId, String status, String releaseName, int version, String error, int exitCode) {
        public boolean released() {
            return SpecRuns.RELEASED.equals(status);
        }
    }

    private final Database db;
    private final Engine engine;
    private final SpecRuns runs;

    /** How long a run lasts without a heartbeat (sent every third of it) before the next run presumes it dead. */
    static final java.time.Duration LEASE = java.time.Duration.ofMinutes(2);

    public SpecRunner(Database db, Engine engine) {
        this.db = db;
        this.engine = engine;
        this.runs = new SpecRuns(db);
    }

    /**
     * Embedded Derby lives in one JVM, and there concurrent transactions that take identity values (spec_runs,
     * releases) while others write DDL (a release's view or table) fail at once with 40XL1 "A lock could not be
     * obtained" (Derby's SequenceUpdater gives up on the contended SYSSEQUENCES row). So on Derby the runs on one
     * database take turns; workers still claim requests concurrently. PostgreSQL runs them side by side.
     */
    private static final ConcurrentMap<String, ReentrantLock> DERBY_TURNS = new ConcurrentHashMap<>();

    public Outcome run(Spec spec, boolean replace, Integer requestId, String worker) {
        return onDerbyTurn(db, () -> {
            runs.recoverStale(); // runs whose process died (no heartbeat) are closed before a new one starts
            return runNow(spec, replace, requestId, worker);
        });
    }

    /** Runs {@code work} now on PostgreSQL; on Derby when no other run, drop or clean-up on that database is writing. */
    static <T> T onDerbyTurn(Database db, java.util.function.Supplier<T> work) {
        if (!db.profile().writersTakeTurns()) {
            return work.get();
        }
        ReentrantLock turn = DERBY_TURNS.computeIfAbsent(db.profile().turnKey(db.settings().url()), d -> new ReentrantLock());
        turn.lock();
        try {
            return work.get();
        } finally {
            turn.unlock();
        }
    }

    private Outcome runNow(Spec spec, boolean replace, Integer requestId, String worker) {
        ReleaseRegister register = new ReleaseRegister(db);
        Version v = nextVersion(register, spec.releaseName(), replace);
        // a replacing run reuses its name; any other run (also --replace with nothing to replace) reserves a new one
        java.util.OptionalLong started = runs.start(spec.name(), requestId, v.name, v.number, !v.exists, worker, LEASE);
        while (started.isEmpty()) {
            // another run of this spec holds that version right now: take the next one
            v = new Version(spec.releaseName() + "_v" + (v.number + 1), v.number + 1, false);
            started = runs.start(spec.name(), requestId, v.name, v.number, true, worker, LEASE);
        }
        long runId = started.getAsLong();
        // a missed beat only shortens the lease; the run's own outcome is what counts
        try (Heartbeat beat = new Heartbeat("kanon-run-heartbeat-" + runId, LEASE, () -> runs.heartbeat(runId, LEASE), e -> { })) {
            return runWith(spec, replace, v, runId, register);
        }
    }

    private Outcome runWith(Spec spec, boolean replace, Version v, long runId, ReleaseRegister register) {
        SourceSnapshot snapshots = new SourceSnapshot(db);
        SourceTable source = null;
        ReleaseRecord previous = replace ? register.find(v.name).orElse(null) : null;
        try {
            SpecNames.check(db, spec, v.name);
            source = snapshots.prepare(spec, v.name, runId);
            Execution e = engine.release(db, spec, source, v.name, replace);
            ReleaseRecord released = e.exitCode() == 0 ? register.find(v.name).orElse(null) : null;
            if (released == null) {
                snapshots.discardIfSnapshot(source);
                String status = e.exitCode() == 1 ? SpecRuns.NOT_MET : SpecRuns.FAILED;
                String error = e.error() == null || e.error().isBlank()
                        ? (e.exitCode() == 1 ? "the privacy requirement cannot be met" : "exit code " + e.exitCode()) : e.error().strip();
                runs.finish(runId, status, null, null, e.output(), error);
                return new Outcome(runId, status, null, v.number, error, e.exitCode() == 0 ? 3 : e.exitCode());
            }
            if (previous != null && !previous.sourceTable().equals(released.sourceTable())) {
                snapshots.discardIfSnapshot(new SourceTable(previous.sourceSchema(), previous.sourceTable(), java.util.List.of()));
            }
            runs.finish(runId, SpecRuns.RELEASED, released, chosen(released), e.output(), null);
            return new Outcome(runId, SpecRuns.RELEASED, released.name(), v.number, null, 0);
        } catch (RuntimeException failure) {
            try {
                snapshots.discardIfSnapshot(source);
            } catch (RuntimeException ignored) {
                // the run's own error is the one to report
            }
            boolean badInput = failure instanceof InvalidInputException;
            // an unexpected failure's message may quote a row: the run records and reports a line without it
            String error = badInput ? failure.getMessage() : ErrorLine.of(failure);
            runs.finish(runId, SpecRuns.FAILED, null, null, null, error);
            return new Outcome(runId, SpecRuns.FAILED, null, v.number, error, badInput ? 2 : 3);
        }
    }

    private static String chosen(ReleaseRecord r) {
        return r.algorithm() + ": " + r.levels();
    }

    private record Version(String name, int number, boolean exists) {
    }

    /** NAME for the first release, NAME_v2, NAME_v3... after it; with replace, the newest existing version. */
    static Version nextVersion(ReleaseRegister register, String base, boolean replace) {
        Pattern versioned = Pattern.compile(Pattern.quote(base.toUpperCase(Locale.ROOT)) + "(?:_V(\\d+))?");
        int newest = 0;
        String newestName = null;
        for (ReleaseRecord r : register.list()) {
            Matcher m = versioned.matcher(r.name().toUpperCase(Locale.ROOT));
            if (m.matches()) {
                int n = m.group(1) == null ? 1 : Integer.parseInt(m.group(1));
                if (n > newest) {
                    newest = n;
                    newestName = r.name();
                }
            }
        }
        if (replace && newestName != null) {
            return new Version(newestName, newest, true);
        }
        int next = newest + 1;
        return new Version(next == 1 ? base : base + "_v" + next, next, false);
    }
}
