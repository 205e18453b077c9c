package org.kanon.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.kanon.db.Database;
import org.kanon.progress.Progress;
import picocli.CommandLine;

/** What every subcommand shares: the root command's connection options and picocli's output streams. */
abstract class KanonSubcommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Every command and subcommand answers --help (exit 0, even when its required options are missing). */
    @CommandLine.Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;

    protected Kanon root() {
        return (Kanon) spec.root().userObject();
    }

    protected Database openDatabase() {
        return root().openDatabase();
    }

    protected PrintWriter out() {
        return spec.commandLine().getOut();
    }

    /** Progress of this command's long steps: bars on stderr, or none ({@link ProgressChoice} decides). */
    protected Progress progress(boolean json) {
        return ProgressChoice.of(json, root().environment(ProgressChoice.VARIABLE), StderrTerminal::proven, spec.commandLine().getErr());
    }

    /** A {@code text|json} option: true for json; anything else is bad input naming the option. */
    protected static boolean json(String option, String value) {
        String f = value == null ? "" : value.trim().toLowerCase(java.util.Locale.ROOT);
        if (!f.equals("text") && !f.equals("json")) {
            throw new org.kanon.InvalidInputException(option + ": expected text or json, got '" + value + "'");
        }
        return f.equals("json");
    }
}
