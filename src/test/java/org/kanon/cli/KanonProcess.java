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

    private KanonProcess(Process process, Path tmp) {
        this.process = process;
        this.tmp = tmp;
        long started = System.nanoTime();
        process.onExit().thenRun(() -> org.kanon.testing.TestCosts.add(org.kanon.testing.TestCosts.Cost.SUBPROCESS, System.nanoTime() - started));
        pump(process.getInputStream(), out);
        pump(process.getErrorStream(), err);
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

    private static void pump(java.io.InputStream in, StringBuffer into) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    into.append(line).append('\n');
                }
            } catch (IOException ignored) {
                // the process is gone
            }
        }, "kanon-subprocess-pump");
        t.setDaemon(true);
        t.start();
    }

    /** Waits until stderr holds {@code fragment}; false if the process ended or the time ran out first. */
    boolean awaitErr(String fragment, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (err.indexOf(fragment) >= 0) {
                return true;
            }
            if (!process.isAlive()) {
                Thread.sleep(200); // the pump may still be reading its last lines
                return err.indexOf(fragment) >= 0;
            }
            Thread.sleep(50);
        }
        return false;
    }

    /** Waits for the process to end on its own: its exit code, or null if it is still running when the time is up. */
    Integer awaitExit(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            return null;
        }
        Thread.sleep(200); // the pumps may still be reading the last lines
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
