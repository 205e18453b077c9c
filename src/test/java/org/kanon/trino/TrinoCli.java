package org.kanon.trino;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.kanon.cli.Kanon;
import org.kanon.db.ConnectionSettings;

/**
 * Runs the kanon command line in-process against the Trino cluster with a catalog database of its own (in-memory
 * Derby, {@code --catalog-db}), capturing exit code, stdout and stderr; as the CLI tests' CliRun does.
 */
final class TrinoCli {
    record Result(int exitCode, String out, String err) {
        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- out\n" + out + "--- err\n" + err;
        }
    }

    private final ConnectionSettings settings;

    TrinoCli(ConnectionSettings settings) {
        this.settings = settings;
    }

    /** {@code --db URL --user USER --catalog-db CATALOG} and these arguments. */
    Result run(String... args) {
        List<String> all = new ArrayList<>(List.of("--db", settings.url(), "--user", settings.user(),
                "--catalog-db", settings.catalogSettings().url()));
        all.addAll(List.of(args));
        return execute(all.toArray(String[]::new));
    }

    /** These arguments as they are, in an empty working directory and environment. */
    static Result execute(String... args) {
        var cl = Kanon.commandLine(new Kanon().withEnvironment(Map.of()).withWorkingDirectory(emptyDirectory()));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(args);
        return new Result(code, out.toString(), err.toString());
    }

    private static Path empty;

    /** An empty folder as the working directory: no kanon.properties, and a default Derby catalog would land here. */
    static synchronized Path emptyDirectory() {
        if (empty == null) {
            try {
                empty = Files.createTempDirectory("kanon-trino-");
                empty.toFile().deleteOnExit();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return empty;
    }
}
