package org.kanon.trino;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.kanon.cli.CliRun;
import org.kanon.cli.CliRun.Result;
import org.kanon.cli.Kanon;
import org.kanon.db.ConnectionSettings;

/**
 * Runs the kanon command line in-process against the Trino cluster with a catalog database of its own (in-memory
 * Derby, {@code --catalog-db}), capturing exit code, stdout and stderr; as the CLI tests' CliRun does.
 */
final class TrinoCli {
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
        return CliRun.execute(new Kanon().withEnvironment(Map.of()).withWorkingDirectory(emptyDirectory()), args);
    }

    /** An empty folder as the working directory: no kanon.properties, and a default Derby catalog would land here. */
    static Path emptyDirectory() {
        return CliRun.noConfigDirectory();
    }
}
