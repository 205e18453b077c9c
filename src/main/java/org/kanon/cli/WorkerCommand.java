package org.kanon.cli;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.workflow.SpecRunner;
import org.kanon.workflow.Worker;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "worker", description = {
        "Run release requests: rows inserted into KANON.REQUESTS (INSERT INTO kanon.requests (spec_name) VALUES ('s')).",
        "Several workers may run at once; each request runs once. Without --once it keeps serving (on PostgreSQL it",
        "wakes on NOTIFY kanon_requests, otherwise it polls) until stopped."})
final class WorkerCommand extends ResultCommand {
    /** The channel the requests table's trigger notifies (migrations/postgresql/V5). */
    static final String CHANNEL = "kanon_requests";

    @Option(names = "--once", description = "Drain the queue and exit (for cron); prints how many requests ran.")
    boolean once;

    @Option(names = "--lease", defaultValue = "2m", paramLabel = "DURATION",
            description = "How long a claim of this worker lasts without a heartbeat (sent every third of it); after that any worker presumes it dead and retries or fails the request (default 2m).")
    String lease;

    @Option(names = "--poll", defaultValue = "5s", paramLabel = "DURATION", description = "How long to wait between rounds (default 5s).")
    String poll;

    @Option(names = "--name", paramLabel = "ID", description = "This worker's name in the requests table (default host:pid).")
    String name;

    @Option(names = "--verbose", description = "Accepted for scripts written before every request was logged: each request's "
            + "claimed and finished lines are always on stderr now.")
    boolean verbose;


    @Override
    public Integer call() throws Exception {
        boolean asJson = json();
        Duration leaseTime = duration("--lease", lease);
        Duration pollTime = duration("--poll", poll);
        String me = name != null ? name : InetAddress.getLocalHost().getHostName() + ":" + ProcessHandle.current().pid();
        var err = spec.commandLine().getErr();
        try (Database db = openDatabase()) {
            refuseUnservable(db);
            // a service says that it is up and what it does, whatever stderr is (a log, not a progress display): a start
            // line, then two lines per request, when claimed and when finished (outcome, seconds)
            Worker worker = new Worker(db, new SpecRunner(db, new SpecEngine()), me, leaseTime, line -> {
                err.println("kanon worker " + me + ": " + line);
                err.flush();
            });
            err.println("kanon worker " + me + ": " + (once ? "running the requests queued in " : "serving requests in ")
                    + db.settings().maskedUrl() + " (lease " + lease + (once ? ")" : db.profile().wakesByNotify()
                    ? "; woken by NOTIFY " + CHANNEL + ", else every " + poll + "; stop with Ctrl-C)"
                    : "; polling every " + poll + "; stop with Ctrl-C)"));
            err.flush();
            if (once) {
                int ran = worker.drain();
                out().println(asJson ? "{\"requests\":" + ran + "}" : ran + " request(s) run");
                out().flush();
                return ExitCodes.OK;
            }
            AtomicBoolean stop = new AtomicBoolean();
            CountDownLatch stopped = new CountDownLatch(1);
            Thread hook = new Thread(() -> {
                stop.set(true);
                try {
                    stopped.await(leaseTime.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
                } catch (InterruptedException ignored) {
                    Thread.currentThread().interrupt();
                }
            });
            Runtime.getRuntime().addShutdownHook(hook);
            try (Connection listener = db.profile().wakesByNotify() ? listen(db) : null) {
                worker.serve(stop::get, listener == null ? () -> Thread.sleep(pollTime.toMillis())
                        : () -> awaitNotification(db, listener, pollTime, pollTime), e -> {
                            // always reported (not only with --verbose): a round failed, the worker goes on
                            // a lost connection is said as such; anything else without its message, which may quote a row
                            RuntimeException said = org.kanon.db.SqlErrors.translate(e, db.settings());
                            err.println("kanon worker " + me + ": a round failed, retrying after " + poll + ": "
                                    + (said instanceof org.kanon.InvalidInputException ? said.getMessage() : org.kanon.db.ErrorLine.of(e)));
                            err.flush();
                        });
            } finally {
                stopped.countDown();
            }
            return ExitCodes.OK;
        }
    }

    /** A server that cannot claim requests safely (MariaDB before 10.6: no SKIP LOCKED) is refused before any claim. */
    private static void refuseUnservable(Database db) throws SQLException {
        String refusal;
        try (Connection c = db.dataSource().getConnection()) {
            refusal = db.profile().workerRefusal(c.getMetaData());
        }
        if (refusal != null) {
            throw new org.kanon.InvalidInputException("kanon worker: " + refusal);
        }
    }

    private static Connection listen(Database db) throws SQLException {
        Connection c = db.dataSource().getConnection();
        try {
            db.profile().listen(c, CHANNEL);
            return c;
        } catch (SQLException e) {
            c.close();
            throw e;
        }
    }

    /** Waits for a notification; if the listening connection broke, sleeps the poll interval instead (polling). */
    private static void awaitNotification(Database db, Connection listener, Duration poll, Duration fallback) throws InterruptedException {
        try {
            db.profile().awaitNotification(listener, poll.toMillis());
        } catch (SQLException e) {
            Thread.sleep(fallback.toMillis());
        }
    }

    /** 30s, 2m, 1h, or milliseconds as 500ms. */
    static Duration duration(String option, String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        try {
            Duration d;
            if (t.endsWith("ms")) {
                d = Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2)));
            } else {
                long n = Long.parseLong(t.substring(0, t.length() - 1));
                d = switch (t.charAt(t.length() - 1)) {
                    case 's' -> Duration.ofSeconds(n);
                    case 'm' -> Duration.ofMinutes(n);
                    case 'h' -> Duration.ofHours(n);
                    default -> throw new NumberFormatException();
                };
            }
            if (d.isNegative() || d.isZero()) {
                throw new NumberFormatException();
            }
            return d;
        } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
            throw new InvalidInputException(option + ": expected a duration such as 30s, 2m or 500ms, got '" + text + "'");
        }
    }
}
