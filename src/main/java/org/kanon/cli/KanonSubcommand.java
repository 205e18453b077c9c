package org.kanon.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.kanon.db.Database;
import picocli.CommandLine;

/** What every subcommand shares: the root command's connection options and picocli's output streams. */
abstract class KanonSubcommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    protected Kanon root() {
        return (Kanon) spec.root().userObject();
    }

    protected Database openDatabase() {
        return root().openDatabase();
    }

    protected PrintWriter out() {
        return spec.commandLine().getOut();
    }
}
