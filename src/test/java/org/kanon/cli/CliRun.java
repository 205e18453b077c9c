package org.kanon.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.kanon.db.ConnectionSettings;
import org.kanon.testing.PaperTables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Runs the kanon command line in-process against one database, capturing exit code, stdout and stderr. */
final class CliRun {
    record Result(int exitCode, String out, String err) {
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
        var cl = Kanon.commandLine(new Kanon().withEnvironment(env));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(all.toArray(String[]::new));
        return new Result(code, out.toString(), err.toString());
    }

    /** Imports datasets/papers/FILE.csv as TABLE and binds the hierarchies whose files start with PREFIX (none: no hierarchy). */
    CliRun withPaperTable(String file, String table, String prefix) {
        assertEquals(0, run("import", PaperTables.PAPERS.resolve(file + ".csv").toString(), "--table", table).exitCode());
        if (prefix != null) {
            assertEquals(0, run("hierarchy", "import", "--table", table, "--dir", PaperTables.PAPERS.toString(), "--prefix", prefix).exitCode());
        }
        return this;
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
