package org.kanon.release;

import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.frequency.ExecutorKind;
import org.kanon.frequency.FrequencyExecutor;
import org.kanon.frequency.FrequencySets;
import org.kanon.frequency.FrequencySummary;
import org.kanon.frequency.MemoryExecutor;
import org.kanon.frequency.SensitiveColumn;
import org.kanon.frequency.SqlExecutor;
import org.kanon.frequency.QuasiIdentifier;
import org.kanon.frequency.SourceIntegrity;
import org.kanon.frequency.StarSchema;
import org.kanon.global.SearchRequest;
import org.kanon.global.SearchResult;
import org.kanon.lattice.LevelVector;
import org.kanon.metrics.NodeSelector;
import org.kanon.frequency.PrivacyCheck;
import org.kanon.privacy.PrivacyModel;
import org.kanon.progress.Progress;
import org.kanon.progress.Step;

/**
 * {@code kanon anonymize}: validates the request, picks the executor, runs the search, selects a node and hands
 * it to {@link ReleaseWriter}, so a searched release is registered and re-checked like any other.
 */
public final class Anonymizer {
    /** Bytes per class of the zero-level frequency set in memory: a code per QI and a count, plus map overhead. */
    private static final int BYTES_PER_QI = 4;
    private static final int BYTES_PER_CLASS = 48;

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
        long rows;
        long allowance;
        SensitiveColumn sensitive;
        ExecutorKind kind;
        // scans of the source (NULLs and rows, feasibility, the zero-level set's size): one step, as nothing is counted
        try (Step checking = progress.start("checking the source", Progress.UNKNOWN)) {
            rows = new SourceIntegrity(db.dsl()).checkNullsAndCount(schema);
            sensitive = new PrivacyCheck(db.dsl()).requireFeasible(schema, model, rows);
            allowance = request.suppression().allowance(rows);
            if (allowance > 0 && !model.monotoneWithSuppression()) {
                // a lattice search prunes on monotonicity, which suppression breaks for these models: refuse, not guess
                throw new InvalidInputException("--suppression: with " + model + " a suppression threshold is not monotone "
                        + "under generalization (merging a failing class with a valid one can fail more rows), so the "
                        + "lattice searches cannot use it; search without suppression");
            }
            kind = chooseExecutor(request);
        }
        Phases phases = new Phases(start);
        phases.end("validate");
        SearchResult result;
        NodeSelector.Selected selected;
        // the load is a step of its own: the search's counter starts only when there are nodes to count
        FrequencyExecutor opened;
        try (Step loading = progress.start("loading the " + kind.label() + " executor", Progress.UNKNOWN)) {
            opened = open(kind, request.executor() == ExecutorKind.AUTO, schema, rows, model, sensitive);
        }
        try (FrequencyExecutor executor = opened) {
            kind = executor instanceof SqlExecutor ? ExecutorKind.SQL : ExecutorKind.MEMORY;
            phases.end("executor");
            try (Step checked = progress.start("nodes checked", Progress.UNKNOWN)) {
                result = request.search().search(executor, new SearchRequest(request.model().k(), allowance, checked));
            }
            phases.end("search");
            try (Step costed = progress.start("anonymous nodes costed", result.anonymous().size())) {
                selected = result.anonymous().isEmpty() ? null
                        : new NodeSelector(request.criterion(), request.weights()).select(result.anonymous(), executor, request.model().k(), costed);
            }
            phases.end("select");
        }
        ReleaseOutcome release = null;
        if (selected != null && request.releaseName() != null) {
            release = new ReleaseWriter(db, progress).release(new ReleaseRequest(request.releaseName(), schema, selected.node(),
                    request.model(), request.suppression(), request.mode(), request.materialize(), request.replace(),
                    request.identifying(), request.search().name()));
            phases.end("release");
        }
        return new AnonymizeOutcome(result, kind, selected, release, (System.nanoTime() - start) / 1_000_000, phases.millis);
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

    private ExecutorKind chooseExecutor(AnonymizeRequest request) {
        if (request.executor() != ExecutorKind.AUTO) {
            return request.executor();
        }
        StarSchema schema = request.schema();
        FrequencySummary zero = new FrequencySets(db.dsl()).summarize(schema, LevelVector.zero(schema.quasiIdentifiers().size()), 1);
        long bytes = zero.classes() * (BYTES_PER_CLASS + (long) BYTES_PER_QI * schema.quasiIdentifiers().size());
        return bytes <= request.memoryBudgetBytes() ? ExecutorKind.MEMORY : ExecutorKind.SQL;
    }

    /** The source was checked above (NULLs, row count): the executors need not scan it again for that. */
    private FrequencyExecutor open(ExecutorKind kind, boolean chosen, StarSchema schema, long rows, PrivacyModel model,
                                   SensitiveColumn sensitive) {
        if (kind == ExecutorKind.SQL) {
            return openSql(schema, rows, model, sensitive);
        }
        try {
            return sensitive == null ? MemoryExecutor.load(db.dsl(), schema, rows)
                    : MemoryExecutor.load(db.dsl(), schema, rows, model, sensitive);
        } catch (MemoryExecutor.TooManyValuesException e) {
            if (!chosen) {
                throw e;
            }
            return openSql(schema, rows, model, sensitive); // auto: the data does not suit the memory executor
        }
    }

    private FrequencyExecutor openSql(StarSchema schema, long rows, PrivacyModel model, SensitiveColumn sensitive) {
        return sensitive == null ? SqlExecutor.open(db, schema, rows) : SqlExecutor.open(db, schema, rows, model, sensitive);
    }
}
