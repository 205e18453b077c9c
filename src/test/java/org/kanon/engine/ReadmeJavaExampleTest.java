package org.kanon.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.cli.Kanon;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.testing.PaperTables;
import org.kanon.testing.TestDatabases;

/**
 * The README's Java API example, as it stands in README.md: extracted from between its markers, compiled against the
 * test classpath, and run on an in-memory Derby database holding the walk-through's table and hierarchies.
 */
class ReadmeJavaExampleTest {
    private static final String START = "<!-- java-api-example -->\n```java\n";
    private static final String END = "```\n<!-- /java-api-example -->";

    @Test
    void theReadmeExampleCompilesAndRuns(@TempDir Path dir) throws Exception {
        String readme = Files.readString(Path.of("README.md"), StandardCharsets.UTF_8);
        int start = readme.indexOf(START);
        int end = readme.indexOf(END, start);
        assertTrue(start >= 0 && end > start, "README.md holds the example between its markers");
        String source = readme.substring(start + START.length(), end);
        Path file = dir.resolve("KanonExample.java");
        Files.writeString(file, source, StandardCharsets.UTF_8);

        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        StringWriter diagnostics = new StringWriter();
        int compiled = javac.run(null, null, new PrintStream(new WriterStream(diagnostics), true, StandardCharsets.UTF_8),
                "-classpath", System.getProperty("java.class.path"), "-d", dir.toString(), file.toString());
        assertEquals(0, compiled, diagnostics.toString());

        ConnectionSettings settings = TestDatabases.fresh(TestDatabases.Kind.DERBY);
        // the scratch handle keeps the in-memory database up for the example and drops it at the end
        try (Database db = Database.openScratch(settings)) {
            cli(settings, "import", PaperTables.PATIENTS_CSV.toString(), "--table", "patients");
            cli(settings, "hierarchy", "import", "--table", "patients", "--dir", PaperTables.PAPERS.toString(),
                    "--prefix", PaperTables.PATIENTS_PREFIX);
            List<String> lines = run(dir, settings.url());
            assertEquals("as it is: not 2-anonymous", lines.get(0), lines.toString());
            assertTrue(lines.get(1).matches("released KANON_RELEASE\\.PATIENTS_JAVA: 6 rows, \\d+ classes, smallest [2-9]"), lines.toString());
            assertEquals("verified", lines.get(2), lines.toString());
            assertTrue(lines.get(3).matches("DM \\d+"), lines.toString());
        }
    }

    private static void cli(ConnectionSettings settings, String... args) {
        String[] all = new String[args.length + 2];
        all[0] = "--db";
        all[1] = settings.url();
        System.arraycopy(args, 0, all, 2, args.length);
        StringWriter err = new StringWriter();
        var cl = Kanon.commandLine(new Kanon().withEnvironment(Map.of()));
        cl.setOut(new PrintWriter(new StringWriter(), true));
        cl.setErr(new PrintWriter(err, true));
        assertEquals(0, cl.execute(all), err.toString());
    }

    /** Runs the example's main on {@code url}; its stdout, line by line. */
    private static List<String> run(Path classes, String url) throws Exception {
        PrintStream stdout = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, ReadmeJavaExampleTest.class.getClassLoader())) {
            Method main = loader.loadClass("KanonExample").getMethod("main", String[].class);
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            main.invoke(null, (Object) new String[] {url});
        } finally {
            System.setOut(stdout);
        }
        return captured.toString(StandardCharsets.UTF_8).lines().toList();
    }

    /** javac's diagnostics into a writer, for the assertion message. */
    private static final class WriterStream extends java.io.OutputStream {
        private final StringWriter out;

        WriterStream(StringWriter out) {
            this.out = out;
        }

        @Override
        public void write(int b) {
            out.write(b);
        }
    }
}
