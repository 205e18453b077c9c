package org.kanon.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.kanon.db.ConnectionSettings;

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
        var cl = Kanon.commandLine(new Kanon().withEnvironment(Map.of()));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(all.toArray(String[]::new));
        return new Result(code, out.toString(), err.toString());
    }
}
