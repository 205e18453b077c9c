package org.kanon.frequency;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.kanon.InvalidInputException;
import org.kanon.lattice.LevelVector;
import org.kanon.lattice.Node;
import org.kanon.privacy.PrivacyModel;
import org.kanon.privacy.Requirement;
import org.kanon.schema.ColumnTypes;
import org.kanon.schema.hierarchy.Dimension;

/**
 * The in-memory executor: the zero-generalization frequency set of all quasi-identifiers is computed in the
 * database by one GROUP BY (raw rows never leave it), dictionary-encoded together with the dimension tables, and
 * every later frequency set is derived in Java from codes and counts.
 */
public final class MemoryExecutor implements FrequencyExecutor {
    /**
     * Classes (a key and a count each, 16 bytes) of cached zero-level projections: 4M classes are 64 MB, at most a
     * 32nd of the heap (under -Xmx512m 1M classes, 16 MB).
     */
    private static final long PROJECTION_BUDGET_CLASSES = Math.min(4_000_000, Runtime.getRuntime().maxMemory() / 32 / 16);
    /** {@link Rollup}'s arrays per class grouped: a key, a sum, two ints, and a hash table of two longs at half load. */
    public static final long SCRATCH_BYTES_PER_CLASS = 8 + 8 + 4 + 4 + 2 * 16;
    private final int[] heights;
    private final long rows;
    private final EncodedHierarchy[] hierarchies;
    private final KeyLayout layout;
    /** The sensitive code's field and the model, or null under k-anonymity. */
    private final ClassFold.Sensitive sensitive;
    private final java.util.function.Function<MemoryFrequencySet, FrequencySummary> modelSummary;
    private final MemoryFrequencySet zero;
    private final ExecutorStats stats = new ExecutorStats();
    /** Scratch space of the grouping loop, one per thread (see {@link #supportsConcurrentUse()}). */
    private final ThreadLocal<Rollup> rollups;
    /** Every thread's {@link #rollups}, for {@link #close()} to release. */
    private final java.util.Queue<Rollup> allRollups = new java.util.concurrent.ConcurrentLinkedQueue<>();
    /** Null with more QIs than an int bit set holds: then every scan starts from the zero-level set. */
    private final ZeroProjections projections;

    private MemoryExecutor(int[] heights, long rows, EncodedHierarchy[] hierarchies, KeyLayout layout,
                           ClassFold.Sensitive sensitive, Node zeroNode, long[] keys, long[] counts) {
        this.heights = heights;
        this.rows = rows;
        this.hierarchies = hierarchies;
        this.layout = layout;
        this.rollups = ThreadLocal.withInitial(() -> {
            Rollup rollup = new Rollup(Math.max(1, layout.bits()));
            allRollups.add(rollup);
            return rollup;
        });
        this.sensitive = sensitive;
        this.modelSummary = sensitive == null ? null : set -> rollups.get().summarize(set, sensitive);
        this.zero = new MemoryFrequencySet(zeroNode, keys, counts, modelSummary);
        this.projections = heights.length <= ZeroProjections.MAX_ATTRIBUTES
                ? new ZeroProjections(zero, PROJECTION_BUDGET_CLASSES, this::projection) : null;
    }

    /** The QIs' distinct values are too many for the packed keys of {@link KeyLayout}. */
    public static final class TooManyValuesException extends InvalidInputException {
        TooManyValuesException() {
            super("the quasi-identifiers have too many distinct values for the memory executor (their codes need more "
                    + "than " + KeyLayout.MAX_BITS + " bits together); use --executor sql");
        }
    }

    /** Reads the zero-level set, refusing unmapped NULLs, and loads it (k-anonymity). */
    public static MemoryExecutor load(DSLContext ctx, StarSchema schema) {
        return load(ctx, ZeroLevelSet.readWhole(ctx, schema, null, org.kanon.progress.Step.NONE).requireNullsMapped(), null);
    }

    /**
     * For a model with a sensitive attribute: the zero-level set is counted per (QI values, sensitive value) and
     * every verdict is the model's ({@code model} and {@code sensitive} both given, or both null for k only).
     */
    public static MemoryExecutor load(DSLContext ctx, StarSchema schema, PrivacyModel model, SensitiveColumn sensitive) {
        return load(ctx, ZeroLevelSet.readWhole(ctx, schema, sensitive, org.kanon.progress.Step.NONE).requireNullsMapped(),
                model);
    }

    /**
     * Encodes a zero-level set already read (and checked) with the dimension tables of its QIs; {@code model} reads
     * the set's sensitive column (null under k-anonymity).
     */
    public static MemoryExecutor load(DSLContext ctx, ZeroLevelSet zero, PrivacyModel model) {
        return load(ctx, zero, model, null);
    }

    /**
     * Encodes a requirement's zero-level set ({@link ZeroLevelSet#readDetailed}): the field after the QIs holds a
     * cell, one combination of the sensitive columns' values or the population, and every verdict is {@code bound}'s.
     */
    public static MemoryExecutor loadRequirement(DSLContext ctx, ZeroLevelSet zero, Requirement.Bound bound) {
        return load(ctx, zero, bound.requirement(), bound);
    }

    private static MemoryExecutor load(DSLContext ctx, ZeroLevelSet zero, PrivacyModel model, Requirement.Bound bound) {
        StarSchema schema = zero.schema();
        SensitiveColumn sensitive = zero.sensitive();
        Cells cells = bound == null ? null : Cells.of(zero);
        long rows = zero.rows();
        GroupedCodes groups = zero.codes();
        SourceIntegrity integrity = new SourceIntegrity(ctx);
        int n = schema.quasiIdentifiers().size();
        int m = groups.size();
        EncodedHierarchy[] encoded = new EncodedHierarchy[n];
        int[] heights = new int[n];
        for (int a = 0; a < n; a++) {
            QuasiIdentifier qi = schema.quasiIdentifiers().get(a);
            heights[a] = qi.maxLevel();
            encoded[a] = encode(ctx, schema, integrity, a, groups);
        }
        boolean extra = sensitive != null || cells != null;
        int[] sensitiveCodes = cells != null ? cells.codes() : sensitive == null ? null : zero.sensitiveCodes();
        int[] cardinalities = new int[extra ? n + 1 : n];
        for (int a = 0; a < n; a++) {
            cardinalities[a] = encoded[a].cardinality(0);
        }
        if (extra) {
            int max = 0;
            for (int g = 0; g < m; g++) {
                max = Math.max(max, sensitiveCodes[g]);
            }
            cardinalities[n] = max + 1;
        }
        KeyLayout layout = KeyLayout.of(cardinalities);
        if (layout == null) {
            throw new TooManyValuesException();
        }
        long[] keys = new long[m];
        for (int a = 0; a < n; a++) {
            int[] codes = groups.codes(a);
            for (int r = 0; r < m; r++) {
                keys[r] = layout.with(keys[r], a, codes[r]);
            }
        }
        if (extra) {
            for (int r = 0; r < m; r++) {
                keys[r] = layout.with(keys[r], n, sensitiveCodes[r]);
            }
        }
        long[] counts = java.util.Arrays.copyOf(groups.counts(), m);
        ClassFold.Sensitive folding = cells != null
                ? new ClassFold.Sensitive(layout.shift(n), layout.mask(n), false, model, new ClassFold.Detail(bound, cells.values(),
                        cells.population(), cells.domain(), zero.detail().population() != null))
                : sensitive == null ? null
                : new ClassFold.Sensitive(layout.shift(n), layout.mask(n), sensitive.indicator(), model);
        int[] attributes = new int[n];
        for (int a = 0; a < n; a++) {
            attributes[a] = a;
        }
        MemoryExecutor executor = new MemoryExecutor(heights, rows, encoded, layout, folding,
                new Node(attributes, new int[n]), keys, counts);
        // the GROUP BY and a read of each dimension table the encoding needed
        executor.stats.statements(1 + (int) schema.quasiIdentifiers().stream().filter(qi -> qi.maxLevel() > 0).count());
        return executor;
    }

    /**
     * A requirement's cells: each group's code ({@code codes}), and per cell the value code of each sensitive column
     * ({@code values[a][cell]}; -1 for the population's cell) and whether it is the population's.
     */
    private record Cells(int[] codes, int[][] values, boolean[] population, int[] domain) {
        static Cells of(ZeroLevelSet zero) {
            GroupedCodes groups = zero.codes();
            int n = zero.schema().quasiIdentifiers().size();
            int attributes = zero.detail().sensitive().size();
            Map<List<Integer>, Integer> index = new HashMap<>();
            List<List<Integer>> tuples = new ArrayList<>();
            int[] codes = new int[groups.size()];
            for (int g = 0; g < groups.size(); g++) {
                List<Integer> tuple = new ArrayList<>(attributes + 1);
                for (int a = 0; a < attributes; a++) {
                    tuple.add(g < zero.sampleGroups() ? groups.codes(n + a)[g] : -1);
                }
                tuple.add(g < zero.sampleGroups() ? 0 : 1);
                Integer cell = index.get(tuple);
                if (cell == null) {
                    cell = tuples.size();
                    index.put(tuple, cell);
                    tuples.add(tuple);
                }
                codes[g] = cell;
            }
            int[][] values = new int[attributes][tuples.size()];
            boolean[] population = new boolean[tuples.size()];
            for (int cell = 0; cell < tuples.size(); cell++) {
                for (int a = 0; a < attributes; a++) {
                    values[a][cell] = tuples.get(cell).get(a);
                }
                population[cell] = tuples.get(cell).get(attributes) == 1;
            }
            int[] domain = new int[attributes];
            for (int a = 0; a < attributes; a++) {
                domain[a] = groups.values(n + a).size();
            }
            return new Cells(codes, values, population, domain);
        }
    }

    /** Codes of each level's labels for the raw values, from the dimension table of the QI. */
    private static EncodedHierarchy encode(DSLContext ctx, StarSchema schema, SourceIntegrity integrity, int attribute,
                                           GroupedCodes groups) {
        QuasiIdentifier qi = schema.quasiIdentifiers().get(attribute);
        List<Object> rawValues = groups.values(attribute);
        int height = qi.maxLevel();
        int[][] up = new int[height + 1][rawValues.size()];
        int[] cardinality = new int[height + 1];
        for (int c = 0; c < rawValues.size(); c++) {
            up[0][c] = c;
        }
        cardinality[0] = rawValues.size();
        if (height == 0) {
            return new EncodedHierarchy(up, cardinality);
        }
        Dimension d = qi.dimension().orElseThrow();
        List<Field<?>> select = new ArrayList<>();
        select.add(d.key("d"));
        for (int l = 1; l <= height; l++) {
            select.add(d.level("d", l));
        }
        Map<Object, Record> byValue = new HashMap<>();
        for (Record r : ctx.select(select).from(d.table("d")).fetch()) {
            byValue.put(ColumnTypes.normalize(r.get(0)), r);
        }
        List<Map<String, Integer>> labelCodes = new ArrayList<>();
        for (int l = 0; l <= height; l++) {
            labelCodes.add(new HashMap<>());
        }
        for (int c = 0; c < rawValues.size(); c++) {
            Record r = byValue.get(rawValues.get(c));
            if (r == null) {
                throw missing(integrity, schema, attribute, groups, byValue.keySet());
            }
            for (int l = 1; l <= height; l++) {
                String label = r.get(l, String.class);
                Map<String, Integer> codesAtLevel = labelCodes.get(l);
                Integer code = codesAtLevel.get(label);
                if (code == null) {
                    code = codesAtLevel.size();
                    codesAtLevel.put(label, code);
                }
                up[l][c] = code;
            }
        }
        for (int l = 1; l <= height; l++) {
            cardinality[l] = labelCodes.get(l).size();
        }
        return new EncodedHierarchy(up, cardinality);
    }

    /**
     * A raw value with no leaf: values bound since the data changed (the database finds them too), else values the
     * database matches to a leaf but Java does not (Derby and MariaDB compare strings ignoring trailing blanks).
     */
    private static InvalidInputException missing(SourceIntegrity integrity, StarSchema schema, int attribute,
                                                 GroupedCodes groups, Set<Object> leaves) {
        Optional<InvalidInputException> changed = integrity.valuesWithoutLeaf(schema);
        if (changed.isPresent()) {
            return changed.get();
        }
        List<Object> values = groups.values(attribute);
        boolean[] unmatched = new boolean[values.size()];
        int distinct = 0;
        for (int c = 0; c < values.size(); c++) {
            if (values.get(c) != null && !leaves.contains(values.get(c))) {
                unmatched[c] = true;
                distinct++;
            }
        }
        long unmatchedRows = 0;
        int[] codes = groups.codes(attribute);
        for (int g = 0; g < groups.size(); g++) {
            unmatchedRows += unmatched[codes[g]] ? groups.counts()[g] : 0;
        }
        return integrity.notExactlyInHierarchy(schema, attribute, distinct, unmatchedRows);
    }

    @Override
    public int[] heights() {
        return heights.clone();
    }

    @Override
    public long rows() {
        return rows;
    }

    @Override
    public FrequencySet scan(Node node) {
        long start = System.nanoTime();
        MemoryFrequencySet from = scanSource(node);
        // the projection is shared, never mutated, and discarding a memory set is a no-op
        FrequencySet result = from.node().equals(node) ? from : compute(from, node);
        stats.scanned();
        stats.time(start);
        return result;
    }

    @Override
    public FrequencySet derive(FrequencySet finer, Node node) {
        long start = System.nanoTime();
        FrequencySet result = compute(deriveSource((MemoryFrequencySet) finer, node), node);
        stats.derived();
        stats.time(start);
        return result;
    }

    /**
     * Same answer as the default, but a passing node's classes are only grouped and their sums read: the set
     * (a code column per attribute) is built only for a failed node, which Incognito keeps for rollup.
     */
    @Override
    public FrequencySet setIfFails(FrequencySet finer, Node node, int k, long allowance) {
        long start = System.nanoTime();
        MemoryFrequencySet from;
        if (finer == null) {
            from = scanSource(node);
            stats.scanned();
        } else {
            from = deriveSource((MemoryFrequencySet) finer, node);
            stats.derived();
        }
        FrequencySet result;
        if (from.node().equals(node)) { // a zero-level node is its cached projection: nothing to group
            result = from.summarize(k).rowsBelowK() <= allowance ? null : from;
        } else {
            Rollup rollup = rollups.get();
            int groups = rollup.groupOnly(rewrite(from, node), from.keys, from.counts);
            long failing = sensitive == null ? rollup.rowsBelow(groups, k) : rollup.summarize(groups, sensitive).rowsBelowK();
            result = failing <= allowance ? null : rollup.materialize(node, groups, modelSummary);
        }
        stats.time(start);
        return result;
    }

    /** What a scan of {@code node} groups: the cached zero-level projection onto its attributes, or the zero set. */
    private MemoryFrequencySet scanSource(Node node) {
        return projections == null ? zero : projections.of(node);
    }

    /** What a derivation groups: the finer set, or the cached projection onto the node's attributes if smaller. */
    private MemoryFrequencySet deriveSource(MemoryFrequencySet from, Node node) {
        if (!node.derivableFrom(from.node())) {
            throw new IllegalArgumentException(node + " cannot be derived from " + from.node());
        }
        // same result from a smaller set: the cached projection onto the node's attributes, when there is one
        MemoryFrequencySet projection = projections == null ? null : projections.cachedOf(node);
        return projection != null && projection.counts.length < from.counts.length ? projection : from;
    }

    /** A zero-level projection, or null when it has more than {@code maxClasses} classes (not built then). */
    private MemoryFrequencySet projection(MemoryFrequencySet from, Node node, long maxClasses) {
        Rollup rollup = rollups.get();
        int groups = rollup.groupOnly(rewrite(from, node), from.keys, from.counts);
        return groups > maxClasses ? null : rollup.materialize(node, groups, modelSummary);
    }

    /** Groups the finer set's classes by the node's keys (see {@link Rollup}). */
    private MemoryFrequencySet compute(MemoryFrequencySet from, Node node) {
        return rollups.get().group(node, rewrite(from, node), from.keys, from.counts, modelSummary);
    }

    /** How keys of {@code source} become keys of {@code target}: fields kept, cleared (dropped), or mapped up. */
    private Rollup.Rewrite rewrite(MemoryFrequencySet from, Node target) {
        Node source = from.node();
        long keep = sensitive == null ? 0 : sensitive.field(); // the sensitive code is never generalized
        // distinct target keys: at most the product of the target fields' numbers of codes (the sensitive field
        // is not counted, so then there is no bound)
        long maxGroups = 1;
        int changed = 0;
        int[] shifts = new int[target.size()];
        long[] masks = new long[target.size()];
        int[][] maps = new int[target.size()][];
        for (int j = 0; j < target.size(); j++) {
            int attribute = target.attribute(j);
            int pos = source.indexOf(attribute);
            if (pos < 0 || source.level(pos) > target.level(j)) {
                throw new IllegalArgumentException(target + " cannot be derived from " + source);
            }
            maxGroups = Math.min(Integer.MAX_VALUE, maxGroups * hierarchies[attribute].cardinality(target.level(j)));
            if (source.level(pos) == target.level(j)) {
                keep |= layout.field(attribute);
            } else {
                shifts[changed] = layout.shift(attribute);
                masks[changed] = layout.mask(attribute);
                maps[changed] = hierarchies[attribute].map(source.level(pos), target.level(j));
                changed++;
            }
        }
        return new Rollup.Rewrite(keep, Arrays.copyOf(shifts, changed), Arrays.copyOf(masks, changed),
                Arrays.copyOf(maps, changed), sensitive == null ? maxGroups : Long.MAX_VALUE,
                sensitive == null ? compact(source, target, from.counts.length) : null);
    }

    /**
     * The target's keys in as few bits as its levels need (see {@link Rollup.Compact}), or null when counting them
     * in an array would not pay for {@code classes} source classes ({@link Rollup#countsDirectly}). Coarse targets,
     * most rollups of a search, then count into an array; the maps are built only for them.
     */
    private Rollup.Compact compact(Node source, Node target, int classes) {
        int n = target.size();
        int needed = 0;
        for (int j = 0; j < n; j++) {
            needed += Rollup.bitsFor(hierarchies[target.attribute(j)].cardinality(target.level(j)));
        }
        if (!Rollup.countsDirectly(needed, classes)) {
            return null;
        }
        int[] shifts = new int[n];
        long[] masks = new long[n];
        int[][] maps = new int[n][];
        int[] compactShifts = new int[n];
        int[] compactMasks = new int[n];
        int[] layoutShifts = new int[n];
        int fields = 0;
        int bits = 0;
        for (int j = 0; j < n; j++) {
            int attribute = target.attribute(j);
            EncodedHierarchy h = hierarchies[attribute];
            int width = Rollup.bitsFor(h.cardinality(target.level(j)));
            if (width == 0) {
                continue; // a single code (the root): 0 in the key, nothing to count by
            }
            int[] up = h.map(source.level(source.indexOf(attribute)), target.level(j));
            int[] placed = new int[up.length];
            for (int c = 0; c < up.length; c++) {
                placed[c] = up[c] << bits;
            }
            shifts[fields] = layout.shift(attribute);
            masks[fields] = layout.mask(attribute);
            maps[fields] = placed;
            compactShifts[fields] = bits;
            compactMasks[fields] = (1 << width) - 1;
            layoutShifts[fields] = layout.shift(attribute);
            fields++;
            bits += width;
        }
        return new Rollup.Compact(bits, Arrays.copyOf(shifts, fields), Arrays.copyOf(masks, fields),
                Arrays.copyOf(maps, fields), Arrays.copyOf(compactShifts, fields), Arrays.copyOf(compactMasks, fields),
                Arrays.copyOf(layoutShifts, fields));
    }

    /**
     * The nodes of a batch are independent (one height of a candidate graph): they are decided on the common
     * fork-join pool, in the order asked.
     */
    @Override
    public List<FrequencySet> setsIfFail(List<FrequencyCheck> checks, int k, long allowance) {
        if (checks.size() < 2) {
            return FrequencyExecutor.super.setsIfFail(checks, k, allowance);
        }
        return checks.parallelStream().map(c -> setIfFails(c.finer(), c.node(), k, allowance)).toList();
    }

    /** Enough nodes per batch to keep two to four threads busy; sources stay alive until the batch is done. */
    @Override
    public int checksPerBatch() {
        return supportsConcurrentUse() ? 64 : 1;
    }

    /**
     * Sets are immutable arrays, scratch space is per thread, the projection cache and the statistics are
     * synchronized, and the hierarchies' maps are built at load: a search may derive sets from several threads.
     */
    @Override
    public boolean supportsConcurrentUse() {
        // each thread's grouping scratch grows to about SCRATCH_BYTES_PER_CLASS per class of the largest set it groups
        // (the zero-level set): threads only while all of them (the common pool's workers and the caller, which joins
        // in) take at most half the heap (5 M census rows, 3.6 M classes, under -Xmx512m: one thread, else out of memory)
        long threads = java.util.concurrent.ForkJoinPool.getCommonPoolParallelism() + 1L;
        return threads * SCRATCH_BYTES_PER_CLASS * zero.keys.length <= Runtime.getRuntime().maxMemory() / 2;
    }

    /**
     * A set between pays while its source is large; from a few thousand classes, reading the source once per root
     * costs less than deriving and reading more sets. Adult, 9 QIs, k=10, 5 % suppression (idle, median of 15 after
     * 30 warm-ups): 734 ms splitting down to single roots, 614-665 ms from 5,000 classes up, 642-673 from 10,000,
     * 871 from 20,000, 910 never; k=2, 5, 10 and ARX's Adult unchanged.
     */
    @Override
    public boolean rollsUpInSteps(FrequencySet from, int roots) {
        return from.rowsToRead() >= STEPWISE_MIN_CLASSES;
    }

    /** See {@link #rollsUpInSteps}. */
    static final int STEPWISE_MIN_CLASSES = 5_000;

    /** From the dictionary: the level's labels among the values present. */
    @Override
    public boolean singleValued(int attribute, int level) {
        return hierarchies[attribute].cardinality(level) == 1;
    }

    @Override
    public ExecutorStats stats() {
        return stats;
    }

    @Override
    public void close() {
        // nothing held outside the heap, but the pool threads' scratch outlives the executor unless let go here
        rollups.remove();
        for (Rollup rollup = allRollups.poll(); rollup != null; rollup = allRollups.poll()) {
            rollup.release();
        }
    }
}
