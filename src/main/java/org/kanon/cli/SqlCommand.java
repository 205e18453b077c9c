package org.kanon.cli;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import org.apache.derby.tools.ij;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.db.SqlErrors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code kanon sql [FILE]}: Derby's own console, ij, on a connection of kanon's pool, so the catalog is migrated and
 * kanon's schemas exist; it works on PostgreSQL too. ij runs every statement (its own commands such as
 * {@code describe}, {@code show tables}, {@code autocommit off} first, anything else as SQL) and counts the failures.
 */
@Command(name = "sql", description = {"An SQL console on the configured database (Derby's ij).",
        "Without FILE at a terminal: interactive ('exit;' or end of input leaves). With FILE, '-', or standard input not",
        "a terminal: runs the script and exits, 0 when every statement succeeded, 2 when one failed (each failure on",
        "stderr with its line). Autocommit is on; uncommitted work after 'autocommit off;' is rolled back at the end."})
final class SqlCommand extends KanonSubcommand {
    @Parameters(arity = "0..1", paramLabel = "FILE", description = "SQL script (statements end with ';'); '-' reads standard input.")
    String file;

    @Override
    public Integer call() throws IOException {
        boolean interactive = file == null && System.console() != null;
        String script = interactive ? null : readScript();
        PrintWriter err = spec.commandLine().getErr();
        try (Database db = openDatabase(); Connection connection = db.dataSource().getConnection()) {
            if (interactive) {
                err.println("kanon sql: " + db.settings().maskedUrl() + " as " + db.currentUser()
                        + "; statements end with ';', 'help;' lists ij's commands, 'exit;' leaves");
                err.flush();
                try (IjTranscript transcript = IjTranscript.interactive(out(), db.settings().password())) {
                    ij.runScript(db.profile().forConsole(connection), System.in, System.console().charset().name(), transcript, StandardCharsets.UTF_8.name());
                }
                return ExitCodes.OK;
            }
            String label = file == null || file.equals("-") ? "<stdin>" : file;
            int errors;
            try (IjTranscript transcript = IjTranscript.forScript(script, label, out(), err, db.settings().password())) {
                InputStream in = new ByteArrayInputStream(script.getBytes(StandardCharsets.UTF_8));
                errors = ij.runScript(db.profile().forConsole(connection), in, StandardCharsets.UTF_8.name(), transcript, StandardCharsets.UTF_8.name());
            }
            if (errors > 0) {
                err.println("kanon: " + label + ": " + errors + (errors == 1 ? " statement" : " statements") + " failed");
                err.flush();
                return ExitCodes.USAGE;
            }
            return ExitCodes.OK;
        } catch (SQLException e) {
            throw SqlErrors.translate(e, root().connectionSettings());
        }
    }

    /** The whole script, line ends as {@code \n}: what ij runs and where failed statements are located. */
    private String readScript() throws IOException {
        byte[] bytes;
        if (file == null || file.equals("-")) {
            bytes = System.in.readAllBytes();
        } else {
            try {
                bytes = Files.readAllBytes(Path.of(file));
            } catch (NoSuchFileException e) {
                throw new InvalidInputException("sql: no such file: " + file);
            } catch (IOException e) {
                throw new InvalidInputException("sql: cannot read " + file + ": " + e.getMessage(), e);
            }
        }
        return new String(bytes, StandardCharsets.UTF_8).replace("\r\n", "\n");
    }
}
