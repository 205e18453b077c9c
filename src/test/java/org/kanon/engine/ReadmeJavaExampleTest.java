package org.kanon.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.testing.ReadmeShell;

/**
 * Issue 32, item 10: the README's Java API example, compiled and run as the README says, in a new folder: its
 * {@code java-api-run} block runs in bash (its {@code bin/kanon} lines making the patients table in ./kanon-db, then
 * javac and java), with {@code KANON} a checkout whose {@code bin/kanon} is the README's launcher and whose
 * {@code target/kanon.jar} reaches the built classes and their dependencies through its manifest (the tests run
 * before the fat jar is packaged). In a folder without the table, the example says so in one line.
 */
class ReadmeJavaExampleTest {
    private static final String KANON_LINE = "export KANON=/path/to/kanon\n";

    @Test
    void theReadmeExampleCompilesAndRunsInANewFolder(@TempDir Path dir) throws Exception {
        Path checkout = checkout(dir.resolve("kanon"));
        Path work = Files.createDirectories(dir.resolve("work"));
        Files.writeString(work.resolve("KanonExample.java"), ReadmeShell.marked("java-api-example"), StandardCharsets.UTF_8);
        String block = ReadmeShell.marked("java-api-run");
        assertTrue(block.startsWith(KANON_LINE), block);

        Run run = bash(work, "export KANON=" + checkout + "\n" + block.substring(KANON_LINE.length()));
        assertEquals(0, run.exit(), run.toString());
        List<String> lines = run.out().lines().filter(l -> !l.startsWith("imported") && !l.startsWith("bound")
                && !l.startsWith("  ")).toList();
        int at = lines.indexOf("as it is: not 2-anonymous");
        assertTrue(at >= 0, run.toString());
        assertTrue(lines.get(at + 1).matches("released KANON_RELEASE\\.PATIENTS_JAVA: 6 rows, \\d+ classes, smallest [2-9]"), run.toString());
        assertEquals("verified", lines.get(at + 2), run.toString());
        assertTrue(lines.get(at + 3).matches("DM \\d+"), run.toString());

        // a folder without the table: the database is made there (as the command line makes a Derby folder), and the
        // example says in one line on stderr that the table is missing (no Derby stack trace), exit 2
        Path empty = Files.createDirectories(dir.resolve("empty"));
        Files.copy(work.resolve("KanonExample.class"), empty.resolve("KanonExample.class"));
        Run none = bash(empty, "java -cp " + checkout.resolve("target/kanon.jar") + ":. KanonExample");
        assertEquals(2, none.exit(), none.toString());
        assertEquals(1, none.err().lines().count(), none.toString());
        assertTrue(none.err().startsWith("kanon: table 'patients' not found"), none.toString());
    }

    /** A checkout as the README means it: bin/kanon, datasets/, and target/kanon.jar, here a jar of references. */
    private static Path checkout(Path home) throws IOException {
        Files.createDirectories(home.resolve("bin"));
        Files.createDirectories(home.resolve("target"));
        Path launcher = Files.copy(Path.of("bin/kanon"), home.resolve("bin/kanon"));
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.createSymbolicLink(home.resolve("datasets"), Path.of("datasets").toAbsolutePath());
        List<String> classPath = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path p = Path.of(entry).toAbsolutePath();
            if (!p.toString().contains("test-classes")) {
                classPath.add(p.toUri().toString());
            }
        }
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, org.kanon.cli.Kanon.class.getName());
        manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, String.join(" ", classPath));
        try (OutputStream out = Files.newOutputStream(home.resolve("target/kanon.jar"));
             JarOutputStream jar = new JarOutputStream(out, manifest)) {
            jar.flush();
        }
        return home;
    }

    private record Run(int exit, String out, String err) {
        @Override
        public String toString() {
            return "exit " + exit + "\n--- out\n" + out + "--- err\n" + err;
        }
    }

    /** The script in bash in {@code dir}, with none of the settings of the tests' environment (a new user's shell). */
    private static Run bash(Path dir, String script) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder("bash", "-eu", "-c", script).directory(dir.toFile());
        Map<String, String> env = pb.environment();
        env.keySet().removeIf(k -> k.startsWith("KANON_"));
        Path err = dir.resolve(".stderr");
        pb.redirectError(err.toFile());
        Process p = pb.start();
        long started = System.nanoTime();
        p.onExit().thenRun(() -> org.kanon.testing.TestCosts.add(org.kanon.testing.TestCosts.Cost.SUBPROCESS, System.nanoTime() - started));
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int exit = p.waitFor();
        String errors = Files.readString(err);
        Files.delete(err);
        return new Run(exit, out, errors);
    }
}
