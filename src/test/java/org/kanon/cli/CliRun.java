package org.kanon.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jooq.tools.json.JSONParser;
import org.jooq.tools.json.ParseException;
import org.kanon.db.ConnectionSettings;
import org.kanon.testing.PaperTables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Runs the kanon command line in-process against one database, capturing exit code, stdout and stderr. */
public final class CliRun {
    public record Result(int exitCode, String out, String err) {
        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- out\n" + out + "--- err\n" + err;
        }
    }

    private final ConnectionSettings settings;

    CliRun(ConnectionSettings settings) {
        this.settings = settings;
    }

    Result run(String... args) {
        List<String> all = new ArrayList<>(List.of("--db", settings.url()));
        if (settings.user() != null) {
            all.add("--user");
            all.add(settings.user());
        }
        all.addAll(List.of(args));
        Map<String, String> env = settings.password() == null ? Map.of() : Map.of(ConnectionSettings.PASSWORD_VARIABLE, settings.password());
        return execute(new Kanon().withEnvironment(env).withWorkingDirectory(noConfigDirectory()), all.toArray(String[]::new));
    }

    /** Runs these arguments as they are (no --db added) on a configured Kanon: environment and working directory of the test's choosing. */
    public static Result execute(Kanon kanon, String... args) {
        var cl = Kanon.commandLine(kanon);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(args);
        return new Result(code, out.toString(), err.toString());
    }

    private static Path noConfig;

    /** An empty folder as the working directory, so a kanon.properties where the tests run changes nothing. */
    public static synchronized Path noConfigDirectory() {
        if (noConfig == null) {
            try {
                noConfig = Files.createTempDirectory("kanon-cli-");
                noConfig.toFile().deleteOnExit();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return noConfig;
    }

    /** Imports datasets/papers/FILE.csv as TABLE and binds the hierarchies whose files start with PREFIX (none: no hierarchy). */
    CliRun withPaperTable(String file, String table, String prefix) {
        assertEquals(0, run("import", PaperTables.PAPERS.resolve(file + ".csv").toString(), "--table", table).exitCode());
        if (prefix != null) {
            assertEquals(0, run("hierarchy", "import", "--table", table, "--dir", PaperTables.PAPERS.toString(), "--prefix", prefix).exitCode());
        }
        return this;
    }

    /**
     * The whole of stdout as one JSON value (jOOQ's parser, already on the classpath): a trailing second value or any
     * other text fails the parse, so this also asserts that stdout carries nothing else.
     */
    static Object json(Result r) {
        try {
            return new JSONParser().parse(r.out());
        } catch (ParseException e) {
            throw new AssertionError("stdout is not one JSON value (" + e + "): " + r, e);
        }
    }

    /** {@link #json} of an object. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> jsonObject(Result r) {
        assertTrue(r.out().startsWith("{"), r.toString());
        return (Map<String, Object>) json(r);
    }

    /** {@link #json} of an array of objects. */
    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> jsonArray(Result r) {
        assertTrue(r.out().startsWith("["), r.toString());
        return (List<Map<String, Object>>) json(r);
    }

    /** The command was refused as bad input: exit 2 and one line on stderr holding every fragment. */
    static void assertRefused(Result r, String... fragments) {
        assertEquals(ExitCodes.USAGE, r.exitCode(), r.toString());
        String err = r.err().strip();
        assertFalse(err.isEmpty(), "a message on stderr");
        assertFalse(err.contains("\n"), "one line: " + err);
        for (String f : fragments) {
            assertTrue(err.contains(f), "'" + f + "' in: " + err);
        }
    }
}
