package org.kanon.cli;

import java.io.PrintWriter;
import java.util.function.Consumer;
import java.util.function.Supplier;
import picocli.CommandLine.Option;

/**
 * A subcommand that prints a result, as text or, with {@code --format json}, as one JSON value (an object, or an
 * array for lists) on a line of its own and nothing else on stdout, so a script can pipe it to {@code jq}.
 */
abstract class ResultCommand extends KanonSubcommand {
    @Option(names = "--format", paramLabel = "text|json",
            description = "text (default, or format= in the settings file) or json: one JSON value on stdout and nothing else.")
    String format;

    /** JSON or text: --format, else the settings file's {@code format}, else text. Call it before any work. */
    protected boolean json() {
        if (format != null) {
            return json("--format", format);
        }
        String configured = root().config().format();
        return configured != null && json(KanonConfig.FORMAT_KEY, configured);
    }

    /** Prints the result in the chosen format; only the chosen one is computed. */
    protected void print(boolean json, Supplier<String> jsonValue, Consumer<PrintWriter> text) {
        PrintWriter out = out();
        if (json) {
            out.println(jsonValue.get());
        } else {
            text.accept(out);
        }
        out.flush();
    }
}
