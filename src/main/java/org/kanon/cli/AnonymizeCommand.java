package org.kanon.cli;

import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.EnumSet;
import java.util.Set;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.engine.Algorithm;
import org.kanon.engine.AlgorithmOption;
import org.kanon.engine.AlgorithmRunner;
import org.kanon.engine.Anonymization;
import org.kanon.engine.AnonymizeOptions;
import org.kanon.engine.AnonymizeResult;
import org.kanon.engine.RunContext;
import org.kanon.report.ReleaseReport;
import org.kanon.report.ReportFile;
import org.kanon.risk.RiskOptions;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "anonymize", description = {
        "Search the full-domain generalization lattice for every k-anonymous node and pick one by a criterion.",
        "With --name, release it (registered, with its re-check SQL). Exit 1 when no node is anonymous."})
final class AnonymizeCommand extends ResultCommand {
    @Mixin
    NodeOptions node;

    @Option(names = "--algorithm", defaultValue = "incognito", paramLabel = "NAME",
            description = "incognito (default; eincognito is the same name under (alpha,k)), incognito-superroots, incognito-cube, "
                    + "samarati, bottomup, bottomup-rollup, bruteforce (every node; a baseline for small lattices): full-domain lattice searches, at most --max-lattice nodes; local recodings: topdown (the (alpha,k) paper's Top-Down), "
                    + "kaca1, kaca2 (clustering in hierarchies, TKDE 2008), mondrian (strict multidimensional partitioning); "
                    + "with a proven bound on the cost (Aggarwal et al.): forest (any k), factor2 (k = 2), factor3 (k = 3), exact (the optimum, small tables); "
                    + "two-table l-diverse releases without generalizing (--l, --sensitive): permutation (permutation anonymization, PQT/PST), anatomy (QIT/ST).")
    String algorithm;

    @Option(names = "--executor", defaultValue = "auto", paramLabel = "sql|memory|auto",
            description = "Where frequency sets live (default auto: memory when the zero-level set fits --memory-budget).")
    String executor;

    @Option(names = "--memory-budget", defaultValue = AnonymizeOptions.DEFAULT_MEMORY_BUDGET, paramLabel = "SIZE",
            description = "Memory the in-memory executor may use under auto, e.g. 512m, 2g or 75%% of the JVM's heap "
                    + "(default 50%%; the heap is -Xmx in KANON_JAVA_OPTS).")
    String memoryBudget;

    @Option(names = "--max-lattice", paramLabel = "N",
            description = "Full-domain searches: refuse a lattice (the product of height + 1 over the QIs) of more nodes than this (default 1,000,000).")
    Long maxLattice;

    @Option(names = "--select", defaultValue = "height", paramLabel = "CRITERION",
            description = "height (default), weighted-height, dm, distortion.")
    String select;

    @Option(names = "--weights", paramLabel = "W1,W2,..|uniform|height",
            description = "Per-QI weights for --select weighted-height and for the cost of forest/factor2/factor3/exact; for kaca1/kaca2 the WHD weights: uniform, or height (default) with --beta.")
    String weights;

    @Option(names = "--beta", paramLabel = "B", description = "kaca1/kaca2 height weights 1/(j-1)^B, B >= 1 (default 1).")
    String beta;

    @Option(names = "--max-inconsistency", paramLabel = "P%", description = "kaca2: the largest inconsistency of any QI (default 10%%).")
    String maxInconsistency;

    @Option(names = "--seed", paramLabel = "S", description = "kaca1/kaca2: seed of the random choices (default 1), so runs repeat; "
            + "permutation/anatomy: seed of the partition's shuffles and the permutations (default: a cryptographically strong generator).")
    Long seed;

    @Option(names = "--no-preprocess", description = "permutation/anatomy: Algorithm 1 (round robin) over the whole table, without Algorithm 2's NCP-driven split.")
    boolean noPreprocess;

    @Option(names = "--priority", paramLabel = "A,B", description = "kaca1/kaca2: attributes to generalize first when classes tie, most expendable first.")
    String priority;

    @Option(names = "--row-deletion", description = "forest/exact: rows may be deleted from the release, each costing all its cells suppressed.")
    boolean rowDeletion;

    @Option(names = "--block-size", defaultValue = "150", paramLabel = "N",
            description = "factor2/factor3: above this many rows the factor is found per block of at most N rows (default 150).")
    int blockSize;

    @Option(names = "--as-printed", description = "forest/factor2/factor3: the paper's clusters as they come, without splitting those of 2k rows or more where that lowers the cost.")
    boolean asPrinted;

    @Option(names = "--list", description = "Print every anonymous node (levels in QI order); minimal ones marked.")
    boolean list;

    @Option(names = "--name", paramLabel = "R", description = "Release the selected node under this name.")
    String name;

    @Option(names = "--identifying", paramLabel = "A,B", description = "Identifying columns, dropped from the release.")
    String identifying;

    @Option(names = "--suppress-mode", defaultValue = "remove", paramLabel = "remove|star", description = "As for release.")
    String suppressMode;

    @Option(names = "--materialize", description = "Release a table instead of a view.")
    boolean materialize;

    @Option(names = "--replace", description = "Overwrite an existing release of that name.")
    boolean replace;

    @Option(names = "--report", paramLabel = "FILE", description = "With --name: write the HTML report of the release made "
            + "(as kanon report; a full-domain search adds its lattice).")
    String report;

    @Option(names = "--stats", description = "Print statistics of the run (always part of --format json).")
    boolean stats;

    @Option(names = "--stats-format", paramLabel = "text|json", description = "The same as --format (kept for scripts written before it).")
    String statsFormat;

    @Override
    public Integer call() {
        boolean json = outputJson();
        // under --format json the text lines go nowhere: stdout holds the one JSON object
        PrintWriter text = json ? new PrintWriter(Writer.nullWriter()) : out();
        int code = run(text, json);
        if (code == ExitCodes.OK && name == null) {
            // a search result is easily taken for a release: say that nothing was written, and how to write it
            text.println("nothing released (no --name): run again with --name R to release the result as KANON_RELEASE.R");
            text.flush();
        }
        return code;
    }

    /** --format, or its older name --stats-format; both given must agree. */
    private boolean outputJson() {
        if (statsFormat == null) {
            return json();
        }
        boolean json = json("--stats-format", statsFormat);
        if (format != null && json("--format", format) != json) {
            throw new InvalidInputException("--stats-format " + statsFormat + " and --format " + format + " disagree; --stats-format is another name of --format");
        }
        return json;
    }

    private int run(PrintWriter text, boolean json) {
        Anonymization what = node.anonymization();
        AnonymizeOptions options = options();
        Algorithm.Run run = AlgorithmRunner.prepare(algorithm, what, options);
        Path reportFile = reportFile();
        try (Database db = openDatabase()) {
            // every long step of the run shows on stderr when it is a terminal, never under --format json
            AnonymizeResult result = run.run(new RunContext(db, text, LocalDateTime.now(), progress(json)));
            if (stats && result.statsLine() != null) {
                text.println(result.statsLine());
                text.flush();
            }
            if (json) {
                out().println(result.outcome().render());
                out().flush();
            }
            if (reportFile != null) {
                report(db, result, reportFile, text, json);
            }
            return result.met() ? ExitCodes.OK : ExitCodes.NOT_MET;
        }
    }

    /**
     * The report of the release just made, written once the outcome is printed: the release stands whatever happens to
     * its report, so a report that cannot be written says so in one line naming the release (exit 2), not as if
     * nothing had been done.
     */
    private void report(Database db, AnonymizeResult result, Path file, PrintWriter text, boolean json) {
        if (!result.released()) {
            spec.commandLine().getErr().println("kanon: no report written: nothing was released");
            spec.commandLine().getErr().flush();
            return;
        }
        try {
            ReportFile.write(file, new ReleaseReport(db, "kanon " + KanonVersion.version(), progress(json)).html(result.release(), RiskOptions.defaults(),
                    result.lattice()));
        } catch (InvalidInputException e) {
            throw new InvalidInputException("release " + result.release().name() + " was made; its report was not written: " + e.getMessage(), e);
        }
        text.println("report written: " + file);
        text.flush();
    }

    /** The report's file, checked before any work; a report describes a release, so it needs --name. */
    private Path reportFile() {
        if (report == null) {
            return null;
        }
        if (name == null) {
            throw new InvalidInputException("--report: describes the release made, so it needs --name R (or: kanon report --table T --qi ..)");
        }
        return ReportFile.check("--report", report);
    }

    /** The algorithm-specific options as given; those the user set (not left at their default) are marked given. */
    private AnonymizeOptions options() {
        CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
        Set<AlgorithmOption> given = EnumSet.noneOf(AlgorithmOption.class);
        for (AlgorithmOption o : AlgorithmOption.values()) {
            if (parsed.hasMatchedOption(o.spelling())) {
                given.add(o);
            }
        }
        return new AnonymizeOptions(executor, memoryBudget, maxLattice, select, list, suppressMode, materialize, weights, beta, priority,
                maxInconsistency, seed, noPreprocess, rowDeletion, blockSize, asPrinted, identifying, name, replace, given);
    }
}
