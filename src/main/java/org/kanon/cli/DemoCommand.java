package org.kanon.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import org.kanon.InvalidInputException;
import org.kanon.demo.Demo;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "demo", description = {"Run the main job on a new embedded Derby database in a temporary folder (or --dir).",
        "It imports bundled data, binds hierarchies, checks, releases a k-anonymous generalization and exports it."})
final class DemoCommand extends KanonSubcommand {
    @Option(names = "--dir", paramLabel = "DIR", description = "Folder to work in (default: a new temporary folder).")
    Path dir;

    @Override
    public Integer call() throws Exception {
        refuseConnectionOptions();
        Path folder = dir != null ? dir : Files.createTempDirectory("kanon-demo-");
        new Demo(out()).run(folder);
        if (dir == null) {
            // kept so the user can look at the result; removing it is theirs to do, so say how
            out().printf("The temporary folder stays for you to look at; remove it when done:%n  rm -rf '%s'%n", folder.toAbsolutePath());
            out().flush();
        }
        return ExitCodes.OK;
    }

    /** The demo makes its own Derby database in its folder: a connection option would be silently ignored, so it is refused. */
    private void refuseConnectionOptions() {
        Kanon root = root();
        String given = root.dbUrl != null ? "--db" : root.user != null ? "--user" : root.catalogUrl != null ? "--catalog-db" : null;
        if (given != null) {
            throw new InvalidInputException(given + ": the demo makes its own Derby database in --dir (or a temporary folder) and "
                    + "connects to no other; run it without " + given);
        }
    }
}
