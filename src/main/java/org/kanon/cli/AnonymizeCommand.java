package org.kanon.cli;

import java.io.PrintWriter;
import java.time.LocalDateTime;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.frequency.ExecutorKind;
import org.kanon.frequency.StarSchema;
import org.kanon.global.FullDomainSearch;
import org.kanon.global.LatticeBound;
import org.kanon.global.Searches;
import org.kanon.global.SearchResult;
import org.kanon.lattice.LevelVector;
import org.kanon.metrics.SelectionCriterion;
import org.kanon.release.AnonymizeOutcome;
import org.kanon.release.AnonymizeRequest;
import org.kanon.release.Anonymizer;
import org.kanon.release.ReleaseRecord;
import org.kanon.release.RunLog;
import org.kanon.release.SuppressMode;
import org.kanon.schema.SourceTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "anonymize", description = {
        "Search the full-domain generalization lattice for every k-anonymous node, pick one by a criterion and,",
        "with --name, release it (registered, with its re-check SQL). Exit 1 when no node is anonymous."})
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

    @Option(names = "--memory-budget", defaultValue = "256m", paramLabel = "SIZE",
            description = "Memory the in-memory executor may use under auto, e.g. 512m or 2g (default 256m).")
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

    @Option(names = "--stats", description = "Print statistics of the run (always part of --format json).")
    boolean stats;

    @Option(names = "--stats-format", paramLabel = "text|json", description = "The same as --format (kept for scripts written before it).")
    String statsFormat;

    @Override
    public Integer call() {
        boolean json = outputJson();
        AnonymizeOutput output = new AnonymizeOutput(out(), json);
        int code = run(output);
        if (code == ExitCodes.OK && name == null) {
            // a search result is easily taken for a release: say that nothing was written, and how to write it
            output.text().println("nothing released (no --name): run again with --name R to release the result as KANON_RELEASE.R");
            output.text().flush();
        }
        if (json) {
            out().println(output.json());
            out().flush();
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

    private int run(AnonymizeOutput output) {
        Algorithms.require(algorithm);
        AlgorithmOptions.require(algorithm, spec.commandLine().getParseResult()::hasMatchedOption);
        if (PermutationRun.NAMES.contains(algorithm)) {
            try (Database db = openDatabase()) {
                return PermutationRun.run(db, algorithm, node, seed, !noPreprocess, name, replace, output, LocalDateTime.now());
            }
        }
        node.require();
        LocalDateTime started = LocalDateTime.now();
        if (TopDownRun.NAMES.contains(algorithm)) {
            try (Database db = openDatabase()) {
                return TopDownRun.run(db, node, node.model(), name, identifying, replace, output, started);
            }
        }
        if (KacaRun.NAMES.contains(algorithm)) {
            try (Database db = openDatabase()) {
                return KacaRun.run(db, algorithm, node, node.model(), new KacaRun.Settings(weights, beta, maxInconsistency, seed == null ? 1 : seed, priority),
                        name, identifying, replace, output, started);
            }
        }
        if (MondrianRun.NAMES.contains(algorithm)) {
            try (Database db = openDatabase()) {
                return MondrianRun.run(db, node, node.model(), name, identifying, replace, output, started);
            }
        }
        if (ApproximationRun.NAMES.contains(algorithm)) {
            try (Database db = openDatabase()) {
                return ApproximationRun.run(db, algorithm, node, node.model(), parseWeights(weights), rowDeletion, blockSize, asPrinted,
                        name, identifying, replace, output, started);
            }
        }
        // eIncognito is Incognito with the model's test of a node: every variant takes the model
        FullDomainSearch search = Searches.byName(algorithm.equals(Algorithms.EINCOGNITO) ? "incognito" : algorithm);
        ExecutorKind kind = ExecutorKind.parse(executor);
        SelectionCriterion criterion = SelectionCriterion.parse(select);
        double[] w = parseWeights(weights);
        if (criterion == SelectionCriterion.WEIGHTED_HEIGHT && w == null) {
            throw new InvalidInputException("--select weighted-height needs --weights");
        }
        SuppressMode mode = SuppressMode.parse(suppressMode);
        long budget = parseSize(memoryBudget);
        var model = node.model();
        var suppression = node.suppressionLimit();
        try (Database db = openDatabase()) {
            SourceTable source = node.source(db);
            StarSchema schema = node.schema(db, source);
            LatticeBound.require(schema.quasiIdentifiers(), latticeLimit(), algorithm);
            Set<String> identifyingColumns = new HashSet<>();
            for (String c : Lists.names("--identifying", identifying)) {
                identifyingColumns.add(source.column(c).name());
            }
            AnonymizeOutcome outcome;
            try (SearchProgress progress = SearchProgress.on(spec.commandLine().getErr())) {
                outcome = new Anonymizer(db).run(new AnonymizeRequest(schema, model, suppression, search, kind,
                        budget, criterion, w, name, mode, materialize, replace, identifyingColumns, progress.listener()));
            }
            text(output.text(), source, schema, outcome, criterion);
            boolean ok = outcome.selected() != null && (name == null || outcome.release().released());
            ReleaseRecord released = name != null && ok ? outcome.release().release() : null;
            JsonObject stats = stats(outcome);
            new RunLog(db).record(db.dsl(), "anonymize", source, node.describe(null) + " algorithm=" + search.name()
                            + " executor=" + outcome.executor().label() + " select=" + criterion.label(),
                    ok ? (name == null ? "SEARCHED" : "RELEASED") : "NOT_ANONYMOUS", stats.render(),
                    released == null ? null : released.name(), started);
            output.complete(found(source, schema, outcome, criterion), stats, released);
            return ok ? ExitCodes.OK : ExitCodes.NOT_MET;
        }
    }

    private long latticeLimit() {
        if (maxLattice == null) {
            return LatticeBound.DEFAULT_LIMIT;
        }
        if (maxLattice < 1) {
            throw new InvalidInputException("--max-lattice: expected a number of nodes >= 1, got " + maxLattice);
        }
        return maxLattice;
    }

    /** What the search found, for --format json: the anonymous nodes (each with --list) and the one selected. */
    private JsonObject found(SourceTable source, StarSchema schema, AnonymizeOutcome outcome, SelectionCriterion criterion) {
        SearchResult r = outcome.search();
        JsonObject found = AnonymizeOutput.head(source, r.algorithm(), node.model().toString()).putStrings("qi", schema.names())
                .put("executor", outcome.executor().label()).put("complete", r.complete()).put("anonymousNodes", r.anonymous().size());
        if (list) {
            found.putObjects("nodes", r.anonymous().stream().map(v -> new JsonObject().put("levels", v.toCsv()).put("height", v.height())
                    .put("minimal", minimal(v, r.anonymous()))).toList());
        }
        LevelVector v = outcome.selected() == null ? null : outcome.selected().node();
        return found.put("selected", v == null ? null : new JsonObject().put("node", v.toString(schema.names())).put("levels", v.toCsv())
                .put("criterion", criterion.label()).put("cost", outcome.selected().cost()));
    }

    private void text(PrintWriter out, SourceTable source, StarSchema schema, AnonymizeOutcome outcome, SelectionCriterion criterion) {
        SearchResult r = outcome.search();
        out.printf("searched %s with %s on the %s executor: %d anonymous node(s)%s, %d checked, %d ms%n", source.displayName(),
                r.algorithm(), outcome.executor().label(), r.anonymous().size(), r.complete() ? "" : " (one minimal node)",
                r.nodesChecked(), outcome.totalMillis());
        if (list) {
            out.println("levels\theight\tminimal");
            for (LevelVector v : r.anonymous()) {
                out.printf("%s\t%d\t%s%n", v.toCsv(), v.height(), minimal(v, r.anonymous()) ? "minimal" : "");
            }
        }
        if (outcome.selected() == null) {
            out.printf("no node is %s within the suppression allowance%n", ModelWords.adjective(node.model()));
        } else {
            LevelVector v = outcome.selected().node();
            out.printf("selected %s (levels %s) by %s: cost %s%n", v.toString(schema.names()), v.toCsv(), criterion.label(),
                    format(outcome.selected().cost()));
        }
        if (outcome.release() != null) {
            if (outcome.release().released()) {
                ReleaseJson.text(out, outcome.release().release());
            } else {
                out.println("not released: the selected node no longer meets the requirement");
            }
        }
        if (stats) {
            out.println(statsText(outcome));
        }
        out.flush();
    }

    private static boolean minimal(LevelVector v, List<LevelVector> all) {
        for (LevelVector u : all) {
            if (!u.equals(v) && below(u, v)) {
                return false;
            }
        }
        return true;
    }

    private static boolean below(LevelVector u, LevelVector v) {
        for (int i = 0; i < u.size(); i++) {
            if (u.level(i) > v.level(i)) {
                return false;
            }
        }
        return true;
    }

    private static String statsText(AnonymizeOutcome o) {
        var e = o.search().executor();
        return "stats: algorithm=" + o.search().algorithm() + " executor=" + o.executor().label() + " nodesChecked="
                + o.search().nodesChecked() + " anonymousBySubset=" + e.anonymousBySubset() + " anonymousNodes=" + o.search().anonymous().size() + " tableScans=" + e.scans()
                + " derived=" + e.derivations() + " deferredSets=" + e.deferredSets() + " statements=" + e.statements()
                + " searchMs=" + o.search().millis() + " totalMs=" + o.totalMillis() + " phasesMs=" + o.phaseMillis();
    }

    /** The search's figures: in the run log and in --format json. */
    static JsonObject stats(AnonymizeOutcome o) {
        var e = o.search().executor();
        JsonObject phases = new JsonObject();
        o.phaseMillis().forEach(phases::put);
        JsonObject stats = new JsonObject().put("algorithm", o.search().algorithm()).put("executor", o.executor().label())
                .put("nodesChecked", o.search().nodesChecked()).put("anonymousBySubset", e.anonymousBySubset())
                .put("anonymousNodes", o.search().anonymous().size())
                .put("tableScans", e.scans()).put("derived", e.derivations())
                .put("deferredSets", e.deferredSets()).put("statements", e.statements())
                .put("searchMs", o.search().millis()).put("totalMs", o.totalMillis()).put("phasesMs", phases);
        return o.selected() == null ? stats : stats.put("selected", o.selected().node().toCsv()).put("cost", o.selected().cost());
    }

    private static String format(double cost) {
        return cost == Math.rint(cost) && Math.abs(cost) < 1e15 ? Long.toString((long) cost) : String.format(Locale.ROOT, "%.4f", cost);
    }

    static double[] parseWeights(String text) {
        if (text == null) {
            return null;
        }
        List<String> parts = Lists.names("--weights", text);
        double[] w = new double[parts.size()];
        for (int i = 0; i < w.length; i++) {
            try {
                w[i] = Double.parseDouble(parts.get(i));
            } catch (NumberFormatException e) {
                throw new InvalidInputException("--weights: '" + parts.get(i) + "' (position " + (i + 1) + ") is not a number");
            }
            if (w[i] < 0 || Double.isNaN(w[i]) || Double.isInfinite(w[i])) {
                throw new InvalidInputException("--weights: weight " + parts.get(i) + " must be a finite number >= 0");
            }
        }
        return w;
    }

    static long parseSize(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        long unit = 1;
        if (t.endsWith("k")) {
            unit = 1L << 10;
        } else if (t.endsWith("m")) {
            unit = 1L << 20;
        } else if (t.endsWith("g")) {
            unit = 1L << 30;
        }
        String digits = unit == 1 ? t : t.substring(0, t.length() - 1);
        try {
            long n = Long.parseLong(digits);
            if (n < 0) {
                throw new NumberFormatException();
            }
            return Math.multiplyExact(n, unit);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new InvalidInputException("--memory-budget: expected a size such as 512m or 2g, got '" + text + "'");
        }
    }
}
