package org.kanon.release;

import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.db.OutOfHeap;
import org.kanon.frequency.ExecutorKind;
import org.kanon.frequency.FrequencyExecutor;
import org.kanon.frequency.FrequencySets;
import org.kanon.frequency.MemoryExecutor;
import org.kanon.frequency.SensitiveColumn;
import org.kanon.frequency.SqlExecutor;
import org.kanon.frequency.QuasiIdentifier;
import org.kanon.frequency.SourceIntegrity;
import org.kanon.frequency.StarSchema;
import org.kanon.frequency.ZeroLevelSet;
import org.kanon.privacy.ClassStatistics;
import org.kanon.global.SearchRequest;
import org.kanon.global.SearchResult;
import org.kanon.metrics.NodeSelector;
import org.kanon.frequency.DetailColumns;
import org.kanon.frequency.RequirementLoad;
import org.kanon.frequency.SqlRequirementExecutor;
import org.kanon.privacy.PrivacyModel;
import org.kanon.privacy.Requirement;
import org.kanon.schema.Column;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.schema.hierarchy.DimensionTableReader;
import org.kanon.schema.hierarchy.Hierarchy;
import org.kanon.schema.hierarchy.HierarchyCatalog;
import org.kanon.progress.Progress;
import org.kanon.progress.Step;

/**
 * {@code kanon anonymize}: validates the request, picks the executor, runs the search, selects a node and hands
 * it to {@link ReleaseWriter}, so a searched release is registered and re-checked like any other.
 */
public final class Anonymizer {
    private final Database db;
    private final Progress progress;

    public Anonymizer(Database db) {
        this(db, Progress.NONE);
    }

    /** Each phase (checking the source, loading the executor, the search, selecting, releasing) a step of {@code progress}. */
    public Anonymizer(Database db, Progress progress) {
        this.db = db;
        this.progress = Progress.orNone(progress);
    }

    public AnonymizeOutcome run(AnonymizeRequest request) {
        long start = System.nanoTime();
        StarSchema schema = request.schema();
        for (QuasiIdentifier qi : schema.quasiIdentifiers()) {
            if (qi.dimension().isEmpty()) {
                throw new InvalidInputException("--qi: " + qi.name() + " has no hierarchy bound; bind one first"
                        + " (kanon hierarchy import or kanon hierarchy build)");
            }
        }
        if (request.weights() != null && request.weights().length != schema.quasiIdentifiers().size()) {
            throw new InvalidInputException("--weights: " + request.weights().length + " weight(s) for "
                    + schema.quasiIdentifiers().size() + " quasi-identifier(s)");
        }
        PrivacyModel model = request.model();
        if (model.requirement().isPresent()) {
            return runRequirement(request, model.requirement().orElseThrow(), start);
        }
        Phases phases = new Phases(start);
        SensitiveColumn sensitive = null;
        if (model.sensitive().isPresent()) {
            sensitive = SensitiveColumn.of(schema, model.sensitive().orElseThrow());
        }
        phases.end("validate");
        // the memory executors' one GROUP BY also counts the rows and the NULLs and gives the whole table's sensitive
        // figures: the table is read once, not once per check
        ZeroLevelBudget budget = new ZeroLevelBudget(request.executor(), request.memoryBudgetBytes(), schema, sensitive);
        ZeroLevelSet zero = null;
        ExecutorKind kind = request.executor();
        // why auto left the memory executor for the sql one after choosing it (out of heap), or null
        String fellBack = null;
        long rows;
        String reading = kind == ExecutorKind.SQL ? "checking the source" : "reading the zero-level set";
        try (Step loading = progress.start(reading, Progress.UNKNOWN)) {
            if (kind == ExecutorKind.MEMORY) {
                zero = ZeroLevelSet.readWhole(db.dsl(), schema, sensitive, loading);
            } else if (kind == ExecutorKind.AUTO) {
                try {
                    zero = ZeroLevelSet.read(db.dsl(), schema, sensitive, budget.maxGroups(), loading);
                } catch (RuntimeException | OutOfMemoryError e) {
                    zero = null;
                    fellBack = fallBack(request, e, "reading the zero-level set");
                }
                kind = zero == null ? ExecutorKind.SQL : ExecutorKind.MEMORY;
            }
            rows = zero == null ? new SourceIntegrity(db.dsl()).checkNullsAndCount(schema) : zero.requireNullsMapped().rows();
            // before the search, on every executor: the release's own check would refuse these values only after it.
            // Not needed where the zero-level set was grouped in the JVM: the memory executor refuses them itself
            if (zero == null || !db.profile().groupsZeroLevelInJvm()) {
                new SourceIntegrity(db.dsl()).requireExactLeaves(schema);
            }
            if (sensitive != null) {
                sensitive.requireValuesPresent(db.dsl());
            }
            // no release can meet a model the whole table, as one class, fails
            ClassStatistics whole = sensitive == null ? ClassStatistics.ofSize(rows)
                    : zero != null ? zero.wholeTable() : new FrequencySets(db.dsl()).wholeTable(schema, sensitive);
            model.checkFeasible(whole, schema.fact().displayName());
        }
        long allowance = request.suppression().allowance(rows);
        refuseSuppression(model, allowance);
        phases.end("load");
        FrequencyExecutor opened;
        String choice = fellBack != null ? fellBack : budget.explain(zero);
        try (Step encoding = progress.start("loading the " + kind.label() + " executor", Progress.UNKNOWN)) {
            opened = open(zero, schema, rows, model, sensitive);
        } catch (MemoryExecutor.TooManyValuesException e) {
            if (request.executor() != ExecutorKind.AUTO) {
                throw e;
            }
            choice = budget.tooManyValues();
            opened = openSql(schema, rows, model, sensitive); // auto: the data does not suit the memory executor
        } catch (RuntimeException | OutOfMemoryError e) {
            if (zero == null) {
                throw e; // the sql executor failed to open: nothing to fall back to
            }
            zero = null;
            choice = fallBack(request, e, "loading the memory executor");
            opened = openSql(schema, rows, model, sensitive);
        }
        zero = null; // its code columns (tens of bytes a group) are garbage once encoded: the search needs the room
        Searched searched;
        try {
            searched = search(opened, request, allowance, phases);
        } catch (RuntimeException | OutOfMemoryError e) {
            if (!(opened instanceof MemoryExecutor)) {
                throw e;
            }
            opened = null; // closed by the search; the sql executor's search needs its room
            choice = fallBack(request, e, "searching on the memory executor");
            searched = search(openSql(schema, rows, model, sensitive), request, allowance, phases);
        }
        SearchResult result = searched.result();
        NodeSelector.Selected selected = searched.selected();
        kind = searched.kind();
        ReleaseOutcome release = release(request, selected, phases);
        return new AnonymizeOutcome(result, kind, choice, selected, release, (System.nanoTime() - start) / 1_000_000, phases.millis);
    }

    /** A lattice search prunes on monotonicity, which suppression breaks for some models: refuse, not guess. */
    private static void refuseSuppression(PrivacyModel model, long allowance) {
        if (allowance > 0 && !model.monotoneWithSuppression()) {
            throw new InvalidInputException("--suppression: with " + model + " a suppression threshold is not monotone "
                    + "under generalization (merging a failing class with a valid one can fail more rows), so the "
                    + "lattice searches cannot use it; search without suppression");
        }
    }

    /** The selected node released under the request's name; null without a name or a node. */
    private ReleaseOutcome release(AnonymizeRequest request, NodeSelector.Selected selected, Phases phases) {
        if (selected == null || request.releaseName() == null) {
            return null;
        }
        ReleaseOutcome release = new ReleaseWriter(db, progress).release(new ReleaseRequest(request.releaseName(), request.schema(),
                selected.node(), request.model(), request.suppression(), request.mode(), request.materialize(), request.replace(),
                request.identifying(), request.search().name()));
        phases.end("release");
        return release;
    }

    private record Searched(SearchResult result, NodeSelector.Selected selected, ExecutorKind kind) {
    }

    /**
     * A search under a {@link Requirement}: on the memory executor, whose frequency sets keep each class's
     * distributions and population rows (the sql executor does not judge requirements yet: refused, auto chooses
     * memory). Suppression only where every criterion is monotone with it.
     */
    private AnonymizeOutcome runRequirement(AnonymizeRequest request, Requirement requirement, long start) {
        StarSchema schema = request.schema();
        Phases phases = new Phases(start);
        SourceTable population = requirement.population().map(p -> new TableResolver(db).resolve(p)).orElse(null);
        DetailColumns detail = DetailColumns.of(schema, requirement, population);
        phases.end("validate");
        FrequencyExecutor opened;
        boolean sql = request.executor() == ExecutorKind.SQL;
        try (Step loading = progress.start(sql ? "checking the source" : "reading the zero-level set", Progress.UNKNOWN)) {
            opened = sql ? SqlRequirementExecutor.open(db.dsl(), schema, detail, c -> new HierarchyCatalog(db).find(schema.fact(), c),
                            d -> new DimensionTableReader(db).read(d, d.attribute()))
                    : RequirementLoad.load(db.dsl(), schema, detail, sensitiveHierarchies(schema.fact()), false, loading).executor();
        }
        long allowance = request.suppression().allowance(opened.rows());
        refuseSuppression(requirement, allowance);
        phases.end("load");
        String choice = request.executor() == ExecutorKind.AUTO
                ? "memory: its frequency sets keep each class's distributions and population rows; the sql executor computes them "
                + "again from the table for every node" : null;
        Searched searched = search(opened, request, allowance, phases);
        ReleaseOutcome release = release(request, searched.selected(), phases);
        return new AnonymizeOutcome(searched.result(), searched.kind(), choice, searched.selected(), release,
                (System.nanoTime() - start) / 1_000_000, phases.millis);
    }

    /** The search and the node selection on {@code opened}, which is closed afterwards. */
    private Searched search(FrequencyExecutor opened, AnonymizeRequest request, long allowance, Phases phases) {
        try (FrequencyExecutor executor = opened) {
            ExecutorKind kind = executor instanceof MemoryExecutor ? ExecutorKind.MEMORY : ExecutorKind.SQL;
            phases.end("executor");
            SearchResult result;
            try (Step checked = progress.start("nodes checked", Progress.UNKNOWN)) {
                result = request.search().search(executor, new SearchRequest(request.model().k(), allowance, checked));
            }
            phases.end("search");
            NodeSelector.Selected selected;
            try (Step costed = progress.start("anonymous nodes costed", result.anonymous().size())) {
                selected = result.anonymous().isEmpty() ? null
                        : new NodeSelector(request.criterion(), request.weights()).select(result.anonymous(), executor, request.model().k(), costed);
            }
            phases.end("select");
            return new Searched(result, selected, kind);
        }
    }

    /** The hierarchy bound to a sensitive column of {@code table}, read from its dimension table. */
    private java.util.function.Function<Column, java.util.Optional<Hierarchy>> sensitiveHierarchies(SourceTable table) {
        return c -> new HierarchyCatalog(db).hierarchy(table, c);
    }

    /**
     * Auto chose the memory executor and the heap ran out anyway (its reckoning counts the groups, not every value's
     * labels a hierarchy brings): the sql executor takes over, the memory executor's structures being garbage by now.
     * Anything else, or memory asked for by name, is rethrown. Returns the line that says so.
     */
    private String fallBack(AnonymizeRequest request, Throwable e, String doing) {
        if (request.executor() != ExecutorKind.AUTO || !OutOfHeap.causedBy(e)) {
            if (e instanceof RuntimeException r) {
                throw r;
            }
            throw (Error) e;
        }
        db.renewConnections();
        return ZeroLevelBudget.outOfHeap(doing);
    }

    /** Milliseconds per phase, each measured from the end of the previous one. */
    private static final class Phases {
        final java.util.Map<String, Long> millis = new java.util.LinkedHashMap<>();
        private long last;

        Phases(long start) {
            this.last = start;
        }

        void end(String phase) {
            long now = System.nanoTime();
            millis.put(phase, (now - last) / 1_000_000);
            last = now;
        }
    }

    /** The memory executor over the set read, else the SQL one: the source was checked above, no executor scans it for that. */
    private FrequencyExecutor open(ZeroLevelSet zero, StarSchema schema, long rows, PrivacyModel model, SensitiveColumn sensitive) {
        return zero == null ? openSql(schema, rows, model, sensitive) : MemoryExecutor.load(db.dsl(), zero, sensitive == null ? null : model);
    }

    private FrequencyExecutor openSql(StarSchema schema, long rows, PrivacyModel model, SensitiveColumn sensitive) {
        return sensitive == null ? SqlExecutor.open(db, schema, rows) : SqlExecutor.open(db, schema, rows, model, sensitive);
    }
}
