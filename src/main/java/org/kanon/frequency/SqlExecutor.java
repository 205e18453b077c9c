package org.kanon.frequency;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jooq.DSLContext;
import org.jooq.DataType;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.SelectField;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.kanon.db.Database;
import org.kanon.db.ScratchTables;
import org.kanon.db.dialect.DatabaseProfile;
import org.kanon.lattice.Node;
import org.kanon.privacy.PrivacyModel;
import org.kanon.schema.ColumnTypes;

/**
 * The database executor: every frequency set is a temporary table {@code fs_N} holding generalized values and
 * counts (Incognito, section 1.1 and 3.1), computed either by one GROUP BY over the star schema (a scan) or by
 * the rollup of section 2: the finer set joined to the dimension tables it needs, {@code SUM(cnt) GROUP BY} the
 * coarser labels. Only summaries (five numbers) leave the database. Temporary tables are private to a
 * connection, so the executor holds one for its whole life and gives it back in {@link #close()}.
 *
 * <p>Under a model with a sensitive attribute ((alpha,k)-anonymity, l-diversity) the sets count rows per (class,
 * sensitive value), like the memory executor's: the {@link SensitiveColumn} is one more column of every table,
 * never generalized, kept in the GROUP BY of every rollup; every verdict and summary folds those counts into
 * classes and asks the model about each (see {@link SqlSummary#figures}), as {@link ClassFold} does in memory.
 */
public final class SqlExecutor implements FrequencyExecutor {
    /** Nodes decided by one statement at most: beyond this the statement (a UNION ALL on Derby) only grows. */
    static final int CHECKS_PER_STATEMENT = 32;

    private final StarSchema schema;
    private final ScratchTables tables;
    /** The hierarchies as integer codes: what every set holds and every rollup joins. */
    private final SqlCodes codes;
    private final long rows;
    private final int[] heights;
    /** Column type of QI a at level l in a frequency-set table. */
    private final DataType<?>[][] types;
    private final ExecutorStats stats = new ExecutorStats();
    /** What the database can do and needs told: GROUPING SETS, wide sets, join-order hints, session tuning. */
    private final DatabaseProfile profile;
    /** The model and the column it reads, or both null under k-anonymity (the k of each call decides). */
    private final PrivacyModel model;
    private final SensitiveColumn sensitive;
    /**
     * Where the profile asks for {@link DatabaseProfile#wideFrequencySets() wide sets} (Derby) every set is wide: per
     * QI, besides the code at the node's level, the codes of every coarser level up to this one (its hierarchy's
     * height; 0 without a hierarchy), so a rollup is a GROUP BY over the one table (see {@link SqlGrouping#coarser}).
     * Null elsewhere: sets hold their node's levels, rollups join code tables.
     */
    private final int[] top;
    /**
     * The zero-level frequency set of all QIs, stored at the first scan; later scans read it instead of the fact
     * table (the rollup from level 0 joins the same dimension keys). On Adult (26,912 classes for 45,222 rows, 9 QIs,
     * k=2, PostgreSQL) the search went from 52 s to 42 s. Projections onto each QI subset, stored like the memory
     * executor's, were measured too: 45 s, no gain — the cost per statement, not the rows it reads, dominates. On
     * PostgreSQL (on any database but Derby) it is kept even when it has nearly the table's rows: its integer codes need no joins to the code
     * tables, which every scan of the fact table makes on the raw values (a synthetic census of 1 M near-unique rows:
     * a super-root scan 1.0-1.2 s from the table, 0.6 s from the set; the search 807-850 s -> 659-798 s). Derby keeps it
     * only when it is clearly smaller than the table.
     */
    private SqlFrequencySet zero;
    private boolean zeroDecided;
    /**
     * A failed set with at least this share of its source's rows as classes is deferred (see {@link SqlFrequencySet}): its
     * successors then read at most a quarter more rows, and the set is neither grouped again nor written.
     */
    static final double NEAR_UNIQUE_SHARE = 0.8;
    /**
     * A stored set costs a CREATE, an INSERT and a DROP: a failed set is deferred too when its source is no larger than
     * what those statements cost (see {@link DatabaseProfile#statementCostInRows}), for reading the source again costs
     * its successors less. On Adult at 9 QIs (PostgreSQL, k = 2; a zero-level set of 26,912 rows) every failed set is
     * then deferred, and the search sends 61 statements instead of 534 (1.4 s instead of 2.1 s).
     */
    static final int STATEMENTS_PER_STORED_SET = 3;
    /**
     * Roots are rolled up through sets between (see {@link #rollsUpInSteps}) from sets of this many rows, when they are
     * at least this many: on a synthetic census of 500,000 rows (PostgreSQL, 8 QIs, k=2) the search took 133 s instead
     * of 228 s; on Adult no set is that large.
     */
    static final long STEPWISE_MIN_ROWS = 100_000;
    static final int STEPWISE_MIN_ROOTS = 4;
    /** Failed sets read from sources of at most this many rows are deferred (see {@link #STATEMENTS_PER_STORED_SET}). */
    private long deferUpToRows;
    private long stepwiseMinRows = STEPWISE_MIN_ROWS;
    private int stepwiseMinRoots = STEPWISE_MIN_ROOTS;
    private boolean singleValuedLevels = true;
    /**
     * A QI with at most this many raw values (in its hierarchy) is kept in every projection (see {@link #scanSource}):
     * few values multiply the classes of a projection little. On the synthetic census sex, race, marital status,
     * education, occupation and salary class (2-16 values) are; age (74 in the table) and zipcode (150) are not.
     */
    static final int NARROW_VALUES = 32;
    /** Scans read projections of the zero-level set from sets of this many rows (tests use small tables). */
    static final long PROJECT_MIN_ROWS = 100_000;
    /** A projection is kept only when it has at most this share of the zero-level set's rows. */
    static final double PROJECTION_MAX_SHARE = 0.5;
    private long projectMinRows = PROJECT_MIN_ROWS;
    private int narrowValues = NARROW_VALUES;
    /**
     * Projections of the stored zero-level set onto the narrow QIs and some of the others, by their attribute set,
     * made at the first scan that needs one; the zero-level set itself where a projection was not small enough.
     */
    private final Map<List<Integer>, SqlFrequencySet> projections = new HashMap<>();

    private SqlExecutor(StarSchema schema, ScratchTables tables, SqlCodes codes, long rows, DataType<?>[][] types,
                        PrivacyModel model, SensitiveColumn sensitive) {
        this.schema = schema;
        this.codes = codes;
        this.model = sensitive == null ? null : model;
        this.sensitive = sensitive;
        this.tables = tables;
        this.rows = rows;
        this.types = types;
        this.heights = schema.quasiIdentifiers().stream().mapToInt(QuasiIdentifier::maxLevel).toArray();
        this.profile = tables.profile();
        this.top = profile.wideFrequencySets() ? topLevels(schema, codes) : null;
        this.deferUpToRows = STATEMENTS_PER_STORED_SET * profile.statementCostInRows();
    }

    private static int[] topLevels(StarSchema schema, SqlCodes codes) {
        List<QuasiIdentifier> qis = schema.quasiIdentifiers();
        int[] top = new int[qis.size()];
        for (int a = 0; a < top.length; a++) {
            top[a] = codes.coded(a) ? qis.get(a).maxLevel() : 0;
        }
        return top;
    }

    /** Per QI, the coarsest level a wide set holds; null when sets are not wide. */
    int[] top() {
        return top;
    }

    /** Checks the source like {@link MemoryExecutor#load} (NULLs, row count) and takes a connection for the sets. */
    public static SqlExecutor open(Database db, StarSchema schema) {
        return open(db, schema, new SourceIntegrity(db.dsl()).checkNullsAndCount(schema));
    }

    /** For a caller that has already run {@link SourceIntegrity#checkNullsAndCount} and knows the row count. */
    public static SqlExecutor open(Database db, StarSchema schema, long rows) {
        return open(db, schema, rows, null, null);
    }

    /**
     * For a model with a sensitive attribute (like {@link MemoryExecutor#load(DSLContext, StarSchema,
     * PrivacyModel, SensitiveColumn)}): every verdict is the model's, its k included, whatever k a call passes.
     * {@code model} and {@code sensitive} both given, or {@code sensitive} null for k-anonymity.
     */
    public static SqlExecutor open(Database db, StarSchema schema, long rows, PrivacyModel model, SensitiveColumn sensitive) {
        if (sensitive != null && (model == null || model.sensitive().isEmpty())) {
            throw new IllegalArgumentException("a sensitive column needs a model that reads it: " + model);
        }
        if (sensitive == null && model != null && model.sensitive().isPresent()) {
            throw new IllegalArgumentException(model + " needs its sensitive column");
        }
        ScratchTables tables = ScratchTables.open(db);
        try {
            ExecutorStats stats = new ExecutorStats();
            tune(tables, stats); // before the first temporary table: temp_buffers is fixed from then on
            SqlCodes codes = SqlCodes.load(tables, schema, stats);
            List<QuasiIdentifier> qis = schema.quasiIdentifiers();
            DataType<?>[][] types = new DataType<?>[qis.size()][];
            for (int a = 0; a < qis.size(); a++) {
                types[a] = levelTypes(qis.get(a));
            }
            SqlExecutor executor = new SqlExecutor(schema, tables, codes, rows, types, model, sensitive);
            executor.stats.statements(1 + (int) stats.statements());
            return executor;
        } catch (RuntimeException e) {
            tables.close();
            throw e;
        }
    }

    /** Integer codes at every level of a QI with a hierarchy; the raw value, typed like the column, without one. */
    private static DataType<?>[] levelTypes(QuasiIdentifier qi) {
        DataType<?>[] t = new DataType<?>[qi.maxLevel() + 1];
        t[0] = ColumnTypes.dataType(qi.column());
        if (qi.dimension().isPresent()) {
            Arrays.fill(t, SQLDataType.INTEGER);
        }
        return t;
    }

    @Override
    public int[] heights() {
        return heights.clone();
    }

    /**
     * From the code tables: one label at the level over the whole dimension table, so over the table's values too (a
     * level that has several labels in the dimension table but one among the table's values is left to the checks).
     */
    @Override
    public boolean singleValued(int attribute, int level) {
        return singleValuedLevels && codes.labelCount(attribute, level) == 1;
    }

    @Override
    public long rows() {
        return rows;
    }

    /** The connection the frequency sets live on, for other SQL that must see them (or use temporary tables). */
    public ScratchTables tables() {
        return tables;
    }

    /**
     * {@code INSERT INTO fs_N SELECT g.., COUNT(*) FROM fact JOIN dims GROUP BY g..}; QIs at level 0 need no join. What
     * it reads is the smallest stored set that gives the same classes (see {@link #scanSource}).
     */
    @Override
    public FrequencySet scan(Node node) {
        long start = System.nanoTime();
        SqlFrequencySet fs = materialize(grouping(scanSource(node), List.of(node)), node);
        stats.scanned();
        stats.time(start);
        return fs;
    }

    /**
     * The rollup property (section 2): the finer set joined, per attribute whose level rises, to its dimension table
     * (finer level 0: on the key V) or to the distinct (finer label, coarser label) pairs of it (a tree makes that a
     * function), then {@code SUM(cnt) GROUP BY} the coarser labels. Attributes not in the node are projected away.
     */
    @Override
    public FrequencySet derive(FrequencySet finer, Node node) {
        long start = System.nanoTime();
        SqlFrequencySet fs = materialize(grouping(own(finer).readable(), List.of(node)), node);
        stats.derived();
        stats.time(start);
        return fs;
    }

    private SqlFrequencySet own(FrequencySet finer) {
        if (!(finer instanceof SqlFrequencySet source) || source.executor() != this) {
            throw new IllegalArgumentException("not a frequency set of this executor: " + finer.node());
        }
        return source;
    }

    /** {@code CREATE} the node's table and {@code INSERT} its classes: two statements. */
    private SqlFrequencySet materialize(SqlGrouping grouping, Node node) {
        SqlFrequencySet fs = new SqlFrequencySet(this, node);
        store(fs, grouping);
        return fs;
    }

    /** Creates the set's table and fills it: two statements; the INSERT's count is the table's rows. */
    private void store(SqlFrequencySet fs, SqlGrouping grouping) {
        Node node = fs.node();
        Table<?> table = tables.create("fs", columns(node));
        DSLContext ctx = tables.dsl();
        int stored = ctx.insertInto(table, columns(node)).select(grouping.classes(ctx, node)).execute();
        stats.statements(2);
        fs.stored(table, stored);
    }

    /** Stores a deferred set after all, from the source it was checked from (null: the table). */
    void storeDeferred(SqlFrequencySet set, SqlFrequencySet source) {
        store(set, grouping(source, List.of(set.node())));
    }

    /**
     * One statement decides the node (see {@link SqlVerdicts}); only a failed node's set is stored, and it
     * remembers its summary, so the search asking for its classes costs nothing more.
     */
    @Override
    public FrequencySet setIfFails(FrequencySet finer, Node node, int k, long allowance) {
        return setsIfFail(List.of(new FrequencyCheck(finer, node)), k, allowance).get(0);
    }

    /**
     * The checks grouped by their source (the table, or one finer set), in statements of at most
     * {@value #CHECKS_PER_STATEMENT} nodes; then the failed nodes' sets are stored, one by one.
     */
    @Override
    public List<FrequencySet> setsIfFail(List<FrequencyCheck> checks, int k, long allowance) {
        // by what each check reads: a scan and a rollup from one stored set go in one statement
        Map<SqlFrequencySet, List<Integer>> bySource = new LinkedHashMap<>();
        boolean[] scans = new boolean[checks.size()];
        for (int i = 0; i < checks.size(); i++) {
            FrequencySet finer = checks.get(i).finer();
            SqlFrequencySet source = finer == null ? null : own(finer).readable(); // a deferred set reads its source
            if (source == null) {
                scans[i] = finer == null;
                source = scanSource(checks.get(i).node());
            }
            bySource.computeIfAbsent(source, x -> new ArrayList<>()).add(i);
        }
        FrequencySet[] sets = new FrequencySet[checks.size()];
        try {
            for (Map.Entry<SqlFrequencySet, List<Integer>> e : bySource.entrySet()) {
                decide(e.getKey(), scans, e.getValue(), checks, k, allowance, sets);
            }
        } catch (RuntimeException e) {
            for (FrequencySet set : sets) {
                if (set != null) {
                    set.discard();
                }
            }
            throw e;
        }
        return Arrays.asList(sets);
    }

    /**
     * Only from a large set and for several roots: every set is a statement that reads its source once, and a batch of
     * verdicts reads it once for all its nodes, so a set between pays only when it spares many nodes many rows.
     */
    @Override
    public boolean rollsUpInSteps(FrequencySet from, int roots) {
        return roots >= stepwiseMinRoots && from.rowsToRead() >= stepwiseMinRows;
    }

    /**
     * Stores every failed set that is not nearly as large as its source (tests: on their small tables every source is
     * below what a statement costs, and the rollups from stored sets would go untested).
     */
    SqlExecutor storingFailedSets() {
        deferUpToRows = 0;
        return this;
    }

    /** Rolls roots up in steps from sets of {@code rows} rows, {@code roots} roots or more (tests use small tables). */
    SqlExecutor rollUpInStepsFrom(long rows, int roots) {
        stepwiseMinRows = rows;
        stepwiseMinRoots = roots;
        return this;
    }

    /**
     * Reports no level as single-valued, so that every candidate is checked with a set of its own: on the small tables
     * of tests, candidates anonymous by their subsets would otherwise leave too few roots to roll up in steps.
     */
    SqlExecutor checkingEveryCandidate() {
        singleValuedLevels = false;
        return this;
    }

    @Override
    public int checksPerBatch() {
        return Integer.MAX_VALUE;
    }

    /**
     * Decides the checks at {@code indexes}, all from {@code source} (null: the table), and stores failed sets;
     * {@code scans}: by check, whether it had no finer set (counted as a scan).
     */
    private void decide(SqlFrequencySet source, boolean[] scans, List<Integer> indexes, List<FrequencyCheck> checks, int k, long allowance,
                        FrequencySet[] sets) {
        for (int from = 0; from < indexes.size(); from += CHECKS_PER_STATEMENT) {
            long start = System.nanoTime();
            List<Integer> chunk = indexes.subList(from, Math.min(indexes.size(), from + CHECKS_PER_STATEMENT));
            List<Node> nodes = new ArrayList<>(chunk.size());
            chunk.forEach(i -> nodes.add(checks.get(i).node()));
            List<FrequencySummary> summaries = SqlVerdicts.summarize(tables.dsl(), profile.groupingSets(), grouping(source, nodes), nodes, verdict(k));
            stats.statements(1);
            for (int n = 0; n < nodes.size(); n++) {
                Node node = nodes.get(n);
                FrequencySummary s = checked(summaries.get(n));
                if (scans[chunk.get(n)]) {
                    stats.scanned();
                } else {
                    stats.derived();
                }
                if (s.rowsBelowK() > allowance) {
                    sets[chunk.get(n)] = failed(source, node, s);
                }
            }
            stats.time(start);
        }
    }

    /**
     * A failed node's set: stored, or deferred when its classes are nearly as many as its source's rows, so that rolling
     * up from the source costs its successors about what rolling up from the set would, and the set need not be
     * grouped again and written (on a table of near-unique rows, most failed sets: millions of rows each).
     */
    private SqlFrequencySet failed(SqlFrequencySet source, Node node, FrequencySummary summary) {
        long sourceRows = sourceRows(source);
        if (summary.classes() >= NEAR_UNIQUE_SHARE * sourceRows || sourceRows <= deferUpToRows) {
            stats.deferred();
            return SqlFrequencySet.deferred(this, node, source, summary);
        }
        SqlFrequencySet fs = materialize(grouping(source, List.of(node)), node);
        fs.remember(summary);
        return fs;
    }

    /** Rows a scan reads: the stored zero-level set's, or the table's. */
    long scanRows() {
        return sourceRows(null);
    }

    /** Rows a rollup from {@code source} reads: the set's, the stored zero-level set's, or the table's. */
    private long sourceRows(SqlFrequencySet source) {
        if (source != null) {
            return source.storedRows();
        }
        return zero == null ? rows : zero.storedRows();
    }

    /** A scan ({@code source} null) reads what {@link #scanSource} gives for its nodes. */
    private SqlGrouping grouping(SqlFrequencySet source, List<Node> nodes) {
        if (source == null) {
            source = scanSource(nodes.toArray(new Node[0]));
        }
        return source == null ? SqlGrouping.scan(schema, codes, nodes, sensitive, profile, top)
                : SqlGrouping.derive(codes, tables.dsl(), source, nodes, profile);
    }

    /** Tables the executor keeps for itself until it closes (the code tables, the zero-level set and its projections). */
    int ownTables() {
        return codes.tableCount() + (zero == null ? 0 : 1) + projectionCount();
    }

    /**
     * What a scan of {@code nodes} reads: the fact table (null) where there is no stored zero-level set; else the
     * zero-level set projected onto the nodes' attributes and every narrow QI (at most {@value #NARROW_VALUES} raw
     * values), made at the first scan that needs it (its rows are a rollup of the zero-level set's, so every set
     * derived from it has the same classes). On the synthetic census of 1 M rows the zero-level set has 903,000 rows,
     * its projection onto the six narrow QIs 16,000 and onto those and age 224,000: a batch of 32 checks of three QIs
     * at level 0 hashed 3.6 M rows 32 times at 5 M rows (54 s). A projection with more than
     * {@value #PROJECTION_MAX_SHARE} of the zero-level set's rows is dropped, and those scans read the set itself.
     */
    private SqlFrequencySet scanSource(Node... nodes) {
        SqlFrequencySet all = zeroSet();
        if (all == null || all.storedRows() < projectMinRows) {
            return all;
        }
        int n = heights.length;
        boolean[] kept = new boolean[n];
        for (int a = 0; a < n; a++) {
            kept[a] = codes.coded(a) && codes.labelCount(a, 0) <= narrowValues;
        }
        for (Node node : nodes) {
            for (int a : node.attributes()) {
                kept[a] = true;
            }
        }
        List<Integer> attributes = new ArrayList<>();
        for (int a = 0; a < n; a++) {
            if (kept[a]) {
                attributes.add(a);
            }
        }
        if (attributes.size() == n) {
            return all;
        }
        return projections.computeIfAbsent(attributes, this::project);
    }

    /** The zero-level set projected onto {@code attributes} (analyzed where joins read it), or itself if not small. */
    private SqlFrequencySet project(List<Integer> attributes) {
        Node node = new Node(attributes.stream().mapToInt(Integer::intValue).toArray(), new int[attributes.size()]);
        SqlFrequencySet projection = materialize(grouping(zero, List.of(node)), node);
        if (projection.storedRows() > PROJECTION_MAX_SHARE * zero.storedRows()) {
            projection.discard();
            return zero;
        }
        if (top == null) { // read joined to the code tables, as the zero-level set (see zeroSet)
            stats.statements(profile.analyze(tables.dsl(), projection.table()));
        }
        return projection;
    }

    /**
     * Projects the zero-level set for scans from sets of {@code rows} rows, keeping in every projection the QIs of at
     * most {@code narrow} values (tests use small tables).
     */
    SqlExecutor projectingFrom(long rows, int narrow) {
        projectMinRows = rows;
        narrowValues = narrow;
        return this;
    }

    /** Projections of the zero-level set stored for scans (not counting the set itself). */
    int projectionCount() {
        return (int) projections.values().stream().filter(p -> p != zero).count();
    }

    /** The stored zero-level set's table, or null (none yet, or scans read the fact table): for tests. */
    Table<?> zeroTable() {
        return zero == null ? null : zero.table();
    }

    /** The raw value or label a set's column holds for QI {@code attribute} at {@code level}. */
    Object decode(int attribute, int level, Object value) {
        return codes.label(attribute, level, value);
    }

    /** The stored zero-level set for scans, or null to scan the fact table (decided once, at the first scan). */
    private SqlFrequencySet zeroSet() {
        if (!zeroDecided) {
            zeroDecided = true;
            int n = heights.length;
            int[] attributes = new int[n];
            for (int a = 0; a < n; a++) {
                attributes[a] = a;
            }
            Node all = new Node(attributes, new int[n]);
            SqlFrequencySet set = materialize(SqlGrouping.scan(schema, codes, List.of(all), sensitive, profile, top), all);
            long classes = set.storedRows();
            if (classes <= profile.zeroSetMaxShare() * rows) {
                zero = set;
                if (top == null) {
                    // every later scan reads it joined to the code tables: without statistics PostgreSQL takes each
                    // join for a filter, expects a few hundred rows of 900,000 and sorts them all for a GroupAggregate (a
                    // synthetic census of 1 M rows: 1.5-3 s per super-root instead of 0.4-0.5 s by hashing). A wide set
                    // is read without joins, and its ANALYZE cost 60 ms of Adult's 1.1 s search on PostgreSQL.
                    stats.statements(profile.analyze(tables.dsl(), set.table()));
                }
            } else {
                set.discard();
            }
        }
        return zero;
    }

    private SqlVerdicts.Verdict verdict(int k) {
        return model == null ? SqlVerdicts.Verdict.of(k) : new SqlVerdicts.Verdict(k, model, sensitive.indicator());
    }

    /** Whether the model decides every verdict (its own k), not the k a call passes. */
    boolean modelDecides() {
        return model != null;
    }

    /**
     * Count, smallest class, rows, rows and classes below k: one aggregate over the set's table; under a model, over
     * the set's classes folded from its counts per sensitive value ({@code GROUP BY} the class columns).
     */
    FrequencySummary summarize(SqlFrequencySet fs, int k) {
        long start = System.nanoTime();
        DSLContext ctx = tables.dsl();
        Record r;
        if (model == null) {
            r = ctx.select(SqlSummary.aggregates(countColumn(), k)).from(fs.table()).fetchSingle();
        } else {
            List<Field<?>> classKey = new ArrayList<>();
            for (int a : fs.node().attributes()) {
                classKey.add(valueColumn(a));
            }
            List<SelectField<?>> figures = SqlSummary.figures(countColumn(), sensitiveColumn(), sensitive.indicator());
            Table<?> classes = (classKey.isEmpty() ? ctx.select(figures).from(fs.table())
                    : ctx.select(figures).from(fs.table()).groupBy(classKey)).asTable(DSL.name("e"));
            r = ctx.select(SqlSummary.aggregates(model, "e")).from(classes).fetchSingle();
        }
        stats.statements(1);
        FrequencySummary s = checked(SqlSummary.read(r, 0, model == null ? k : model.k()));
        stats.time(start);
        return s;
    }

    /**
     * Counts the summary and checks that it covers every row: an inner join lost rows whose value is missing from a
     * hierarchy, and the set would look more anonymous than it is.
     */
    private FrequencySummary checked(FrequencySummary s) {
        stats.summarized();
        if (s.rows() != rows) {
            throw new SourceIntegrity(tables.dsl()).missingFromHierarchies(schema, rows, s.rows());
        }
        return s;
    }

    void drop(Table<?> table) {
        tables.drop(table);
        stats.statements(1);
    }

    /**
     * A set's columns, typed, in the order {@link SqlGrouping#classes} selects them: the node's codes, the sensitive
     * value, a wide set's coarser codes, the count. (The count first, which spares Derby walking the coarser codes
     * in a verdict, made no difference measurable on Adult.)
     */
    private List<Field<?>> columns(Node node) {
        List<Field<?>> columns = new ArrayList<>();
        for (int j = 0; j < node.size(); j++) {
            int a = node.attribute(j);
            columns.add(DSL.field(DSL.name(columnName(a)), types[a][node.level(j)]));
        }
        if (sensitive != null) { // nullable: a NULL sensitive value is a value of its own, as in memory
            DataType<?> type = sensitive.indicator() ? SQLDataType.INTEGER : ColumnTypes.dataType(sensitive.column());
            columns.add(DSL.field(DSL.name(sensitiveName()), type));
        }
        for (int j = 0; top != null && j < node.size(); j++) { // a wide set's coarser codes, as SqlGrouping#coarser
            int a = node.attribute(j);
            for (int level = node.level(j) + 1; level <= top[a]; level++) {
                columns.add(DSL.field(DSL.name(levelColumnName(a, level)), SQLDataType.INTEGER));
            }
        }
        columns.add(DSL.field(DSL.name(countName()), SQLDataType.BIGINT.notNull()));
        return columns;
    }

    /** Column of QI {@code attribute} in every frequency-set table: q1, q2, .. as in {@link StarSchema#nameOf}. */
    Field<Object> valueColumn(int attribute) {
        return DSL.field(DSL.name(columnName(attribute)));
    }

    /** Column of the sensitive value (or indicator) in every frequency-set table; null under k-anonymity. */
    Field<Object> sensitiveColumn() {
        return sensitive == null ? null : DSL.field(DSL.name(sensitiveName()));
    }

    /** Its name, or null under k-anonymity. */
    String sensitiveName() {
        return sensitive == null ? null : tables.name("s").last();
    }

    Field<Long> countColumn() {
        return DSL.field(DSL.name(countName()), SQLDataType.BIGINT);
    }

    String columnName(int attribute) {
        return tables.name("q" + (attribute + 1)).last();
    }

    /** Column of a wide set holding QI {@code attribute}'s code at a {@code level} above its node's: q1_2, ... */
    String levelColumnName(int attribute, int level) {
        return tables.name("q" + (attribute + 1) + "_" + level).last();
    }

    String countName() {
        return tables.name(FrequencySets.COUNT).last();
    }

    @Override
    public ExecutorStats stats() {
        return stats;
    }

    /**
     * Tunes the executor's session where the database plans better for it (see
     * {@link DatabaseProfile#tuneFrequencySession}); undone in {@link #close()}.
     */
    private static void tune(ScratchTables tables, ExecutorStats stats) {
        stats.statements(tables.profile().tuneFrequencySession(tables.dsl()));
    }

    @Override
    public void close() {
        try {
            profile.resetFrequencySession(tables.dsl());
        } finally {
            tables.close();
        }
    }
}
