package org.kanon.engine;

import java.io.PrintWriter;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.kanon.InvalidInputException;
import org.kanon.frequency.ExecutorKind;
import org.kanon.frequency.QuasiIdentifier;
import org.kanon.frequency.StarSchema;
import org.kanon.global.FullDomainSearch;
import org.kanon.global.LatticeBound;
import org.kanon.global.SearchResult;
import org.kanon.global.Searches;
import org.kanon.lattice.LevelVector;
import org.kanon.metrics.SelectionCriterion;
import org.kanon.privacy.PrivacyModel;
import org.kanon.privacy.SuppressionLimit;
import org.kanon.release.AnonymizeOutcome;
import org.kanon.release.AnonymizeRequest;
import org.kanon.release.Anonymizer;
import org.kanon.release.ReleaseRecord;
import org.kanon.release.RunLog;
import org.kanon.release.SuppressMode;
import org.kanon.report.LatticeView;
import org.kanon.schema.SourceTable;

/**
 * The full-domain lattice searches (Incognito and its variants, Samarati, bottom-up, brute force): every anonymous
 * node is found, one is selected by a criterion and, with a release name, released as a view or table.
 */
final class FullDomainAlgorithm extends DeclaredAlgorithm {
    /** The version of the JSON outcome: 2 has every node's levels as an array of numbers ({@code [1,0]}; 1 had the text "1,0"). */
    static final int JSON_VERSION = 2;

    private static final Set<AlgorithmOption> READS = EnumSet.of(AlgorithmOption.EXECUTOR, AlgorithmOption.MEMORY_BUDGET,
            AlgorithmOption.MAX_LATTICE, AlgorithmOption.SELECT, AlgorithmOption.LIST, AlgorithmOption.SUPPRESS_MODE,
            AlgorithmOption.MATERIALIZE, AlgorithmOption.WEIGHTS, AlgorithmOption.IDENTIFYING);

    private final String search;

    /** {@code name} as the user picks it, {@code search} the search of {@link Searches} it runs. */
    FullDomainAlgorithm(String name, String search) {
        super(name, Family.FULL_DOMAIN, READS);
        this.search = search;
    }




    @Override
    public Run prepare(Anonymization what, AnonymizeOptions options) {
        what.require();
        FullDomainSearch search = Searches.byName(this.search);
        ExecutorKind kind = ExecutorKind.parse(options.executor());
        SelectionCriterion criterion = SelectionCriterion.parse(options.select());
        double[] w = OptionValues.weights(options.weights());
        if (criterion == SelectionCriterion.WEIGHTED_HEIGHT && w == null) {
            throw new InvalidInputException("--select weighted-height needs --weights");
        }
        if (criterion != SelectionCriterion.WEIGHTED_HEIGHT && w != null) {
            // a full-domain search reads the weights only to select by weighted height: any other criterion ignores them
            throw new InvalidInputException("--weights: a full-domain search reads them only with --select weighted-height, not "
                    + criterion.label());
        }
        SuppressMode mode = SuppressMode.parse(options.suppressMode());
        long budget = OptionValues.size(options.memoryBudget());
        PrivacyModel model = what.model();
        SuppressionLimit suppression = what.suppressionLimit();
        return context -> run(context, what, options, search, kind, criterion, w, mode, budget, model, suppression);
    }

    private AnonymizeResult run(RunContext context, Anonymization what, AnonymizeOptions options, FullDomainSearch search,
                                ExecutorKind kind, SelectionCriterion criterion, double[] w, SuppressMode mode, long budget,
                                PrivacyModel model, SuppressionLimit suppression) {
        SourceTable source = context.source(what.table());
        StarSchema schema = context.schema(source, what);
        LatticeBound.require(schema.quasiIdentifiers(), latticeLimit(options.maxLattice()), name);
        Set<String> identifying = context.identifyingColumns(source, options.identifying());
        AnonymizeOutcome outcome = new Anonymizer(context.db(), context.progress()).run(new AnonymizeRequest(schema, model, suppression,
                search, kind, budget, criterion, w, options.name(), mode, options.materialize(), options.replace(), identifying));
        text(context.text(), source, schema, model, outcome, criterion, options.list());
        boolean ok = outcome.selected() != null && (options.name() == null || outcome.release().released());
        ReleaseRecord released = options.name() != null && ok ? outcome.release().release() : null;
        JsonObject stats = stats(outcome);
        new RunLog(context.db()).record(context.db().dsl(), "anonymize", source, what.describe(null) + " algorithm=" + search.name()
                        + " executor=" + outcome.executor().label() + " select=" + criterion.label(),
                ok ? (options.name() == null ? "SEARCHED" : "RELEASED") : "NOT_ANONYMOUS", stats.render(),
                released == null ? null : released.name(), context.started());
        return context.complete(name, ok, found(source, schema, model, outcome, criterion, options.list()), stats, released,
                statsText(outcome), lattice(schema, outcome));
    }

    /** What the search saw, for the report's lattice picture. */
    private static LatticeView lattice(StarSchema schema, AnonymizeOutcome outcome) {
        int[] heights = schema.quasiIdentifiers().stream().mapToInt(QuasiIdentifier::maxLevel).toArray();
        SearchResult r = outcome.search();
        return new LatticeView(schema.names(), heights, Set.copyOf(r.anonymous()),
                outcome.selected() == null ? null : outcome.selected().node(), r.complete(), r.algorithm());
    }

    private static long latticeLimit(Long maxLattice) {
        if (maxLattice == null) {
            return LatticeBound.DEFAULT_LIMIT;
        }
        if (maxLattice < 1) {
            throw new InvalidInputException("--max-lattice: expected a number of nodes >= 1, got " + maxLattice);
        }
        return maxLattice;
    }

    /** What the search found: the anonymous nodes (each with list) and the one selected. */
    private static JsonObject found(SourceTable source, StarSchema schema, PrivacyModel model, AnonymizeOutcome outcome,
                                    SelectionCriterion criterion, boolean list) {
        SearchResult r = outcome.search();
        JsonObject found = RunContext.head(source, r.algorithm(), model.toString()).put("jsonVersion", JSON_VERSION)
                .putStrings("qi", schema.names())
                .put("executor", outcome.executor().label()).put("executorChoice", outcome.executorChoice()).put("complete", r.complete()).put("anonymousNodes", r.anonymous().size());
        if (list) {
            found.putObjects("nodes", r.anonymous().stream().map(v -> new JsonObject().putInts("levels", v.toArray()).put("height", v.height())
                    .put("minimal", minimal(v, r.anonymous()))).toList());
        }
        LevelVector v = outcome.selected() == null ? null : outcome.selected().node();
        return found.put("selected", v == null ? null : new JsonObject().put("node", v.toString(schema.names())).putInts("levels", v.toArray())
                .put("criterion", criterion.label()).put("cost", outcome.selected().cost()));
    }

    private static void text(PrintWriter out, SourceTable source, StarSchema schema, PrivacyModel model, AnonymizeOutcome outcome,
                             SelectionCriterion criterion, boolean list) {
        SearchResult r = outcome.search();
        out.printf("searched %s with %s on the %s executor: %d anonymous node(s)%s, %d checked, %d ms%n", source.displayName(),
                r.algorithm(), outcome.executor().label(), r.anonymous().size(), r.complete() ? "" : " (one minimal node)",
                r.nodesChecked(), r.millis());
        if (outcome.executorChoice() != null) {
            out.println(outcome.executorChoice());
        }
        if (list) {
            out.println("levels\theight\tminimal");
            for (LevelVector v : r.anonymous()) {
                out.printf("%s\t%d\t%s%n", v.toCsv(), v.height(), minimal(v, r.anonymous()) ? "minimal" : "");
            }
        }
        if (outcome.selected() == null) {
            out.printf("no node is %s within the suppression allowance%n", ModelWords.adjective(model));
        } else {
            LevelVector v = outcome.selected().node();
            out.printf("selected %s (levels %s) by %s: cost %s%n", v.toString(schema.names()), v.toCsv(), criterion.label(),
                    format(outcome.selected().cost()));
        }
        if (outcome.release() != null) {
            if (outcome.release().released()) {
                ReleaseJson.text(out, outcome.release().release());
                out.printf("written in %d ms%n", outcome.phaseMillis().getOrDefault("release", 0L));
            } else {
                out.println("not released: the selected node no longer meets the requirement");
            }
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

    /** The search's figures: in the run log and in the outcome. */
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
}
