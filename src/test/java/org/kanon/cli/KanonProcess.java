package org.kanon.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.kanon.db.ConnectionSettings;

/** The kanon command line as a real subprocess (a JVM of its own on this test classpath), for crash and signal tests. */
final class KanonProcess implements AutoCloseable {
    /** Temporary folders of processes a test did not close: removed when the tests' JVM ends. */
    private static final java.util.Set<Path> LEFT = java.util.concurrent.ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> LEFT.forEach(KanonProcess::deleteQuietly), "kanon-subprocess-tmp"));
    }

    private final Process process;
    /** The subprocess's own java.io.tmpdir: DuckDB's driver unpacks a 60 MB library there, which a killed JVM leaves. */
    private final Path tmp;
    private final StringBuffer out = new StringBuffer();
    private final StringBuffer err = new StringBuffer();
    /** Notified at each line of stderr and when it closes, so a test waiting for a line goes on the moment it is there. */
    private final Object errLines = new Object();
    /** Set, under {@link #errLines}, when stderr has been read to its end. */
    private final java.util.concurrent.atomic.AtomicBoolean errClosed = new java.util.concurrent.atomic.AtomicBoolean();
    private final Thread outPump;
    private final Thread errPump;

    private KanonProcess(Process process, Path tmp) {
        this.process = process;
        this.tmp = tmp;
        long started = System.nanoTime();
        process.onExit().thenRun(() -> org.kanon.testing.TestCosts.add(org.kanon.testing.TestCosts.Cost.SUBPROCESS, System.nanoTime() - started));
        outPump = pump(process.getInputStream(), out, new Object(), new java.util.concurrent.atomic.AtomicBoolean());
        errPump = pump(process.getErrorStream(), err, errLines, errClosed);
    }

    /** Starts {@code java [jvmOptions] org.kanon.cli.Kanon --db URL [--user U] args...}. */
    static KanonProcess start(ConnectionSettings settings, List<String> jvmOptions, String... args) throws IOException {
        return start(settings, jvmOptions, java.util.Map.of(), args);
    }

    /** As above, with these variables added to the subprocess's environment. */
    static KanonProcess start(ConnectionSettings settings, List<String> jvmOptions, java.util.Map<String, String> env, String... args)
            throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "-Xshare:auto", "-XX:TieredStopAtLevel=1"));
        Path tmp = java.nio.file.Files.createTempDirectory("kanon-subprocess-");
        LEFT.add(tmp);
        command.add("-Djava.io.tmpdir=" + tmp);
        command.addAll(jvmOptions);
        command.addAll(List.of(Kanon.class.getName(), "--db", settings.url()));
        if (settings.user() != null) {
            command.addAll(List.of("--user", settings.user()));
        }
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().putAll(env);
        if (settings.password() != null) {
            pb.environment().put(ConnectionSettings.PASSWORD_VARIABLE, settings.password());
        }
        return new KanonProcess(pb.start(), tmp);
    }

    /** Copies the stream's lines into {@code into} until it closes ({@code closed}), telling {@code lines}' waiters of each. */
    private static Thread pump(java.io.InputStream in, StringBuffer into, Object lines, java.util.concurrent.atomic.AtomicBoolean closed) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    synchronized (lines) {
                        into.append(line).append('\n');
                        lines.notifyAll();
                    }
                }
            } catch (IOException ignored) {
                // the process is gone
            } finally {
                synchronized (lines) {
                    closed.set(true);
                    lines.notifyAll(); // a waiter need not wait for more
                }
            }
        }, "kanon-subprocess-pump");
        t.setDaemon(true);
        t.start();
        return t;
    }

    /**
     * Waits until stderr holds {@code fragment}, woken by each line the process writes; false if stderr closed (the
     * process ended) or the time ran out first.
     */
    boolean awaitErr(String fragment, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (errLines) {
            while (err.indexOf(fragment) < 0) {
                long left = deadline - System.nanoTime();
                if (left <= 0 || errClosed.get()) {
                    return err.indexOf(fragment) >= 0;
                }
                errLines.wait(Math.max(1, left / 1_000_000));
            }
            return true;
        }
    }

    /**
     * Waits for the process to end on its own and for its output to be read to the end: its exit code, or null if it is
     * still running when the time is up.
     */
    Integer awaitExit(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            return null;
        }
        // the pumps end at the end of their streams, which the exit closed; a grandchild holding them would be a bug here
        outPump.join(TimeUnit.SECONDS.toMillis(30));
        errPump.join(TimeUnit.SECONDS.toMillis(30));
        return process.exitValue();
    }

    /** SIGKILL on Linux: no shutdown hook, no rollback by the process itself. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            throw new IllegalStateException("the killed kanon process did not end");
        }
    }

    /** SIGTERM on Linux: the JVM runs its shutdown hooks. Returns the exit code, or null if it did not end in time. */
    Integer terminate(Duration timeout) throws InterruptedException {
        process.destroy();
        return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS) ? process.exitValue() : null;
    }

    String out() {
        return out.toString();
    }

    String err() {
        return err.toString();
    }

    @Override
    public String toString() {
        return "kanon subprocess " + process.pid() + (process.isAlive() ? " (running)" : " (exit " + process.exitValue() + ")")
                + "\n--- out\n" + out + "--- err\n" + err;
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            kill();
        }
        process.waitFor(30, TimeUnit.SECONDS);
        deleteQuietly(tmp);
        LEFT.remove(tmp);
    }

    private static void deleteQuietly(Path dir) {
        try (var files = java.nio.file.Files.walk(dir)) {
            for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                java.nio.file.Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // best effort: a folder in the system's temporary directory
        }
    }
}
