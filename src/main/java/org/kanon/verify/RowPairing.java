package org.kanon.verify;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jooq.Cursor;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.kanon.progress.Step;
import org.kanon.schema.Column;
import org.kanon.schema.ColumnTypes;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TextValues;

/**
 * Pairs every row of a one-table release with a distinct source row it generalizes: every QI cell stands for the
 * source row's value ({@link QiCells}), or the release's suppression starred the whole row; every other column of
 * the release equals the source row's. A release has no row id, so this is a maximum matching between the two
 * sides' rows: both are grouped by their non-QI values (which must be equal), identical rows of a group are bundled,
 * and within a group the compatible (released tuple, source tuple) pairs feed a maximum flow ({@link BipartiteFlow}).
 * Released rows left without a partner are the violations. A group's compatible pairs are found without testing
 * every pair: the released tuples are sorted by their cell codes, and each source tuple walks down that order,
 * following at each QI only the codes its value accepts.
 *
 * <p>Memory: the release is held as one code per cell and the source as one value id per QI cell of the rows whose
 * non-QI values occur in the release; labels and values are held once each.
 */
final class RowPairing {
    /** Groups with at most this many (released tuple x source tuple) pairs test every pair. */
    private static final int SMALL = 4096;

    private final List<QiCells> qis;
    private final List<Column> others;
    private final boolean starred;
    private final Map<List<Object>, Integer> groupOf = new HashMap<>();
    private final List<List<Object>> groupKeys = new ArrayList<>();
    private final List<int[]> releasedRows = new ArrayList<>();
    private final IntList releasedGroup = new IntList();
    private final List<int[]> sourceRows = new ArrayList<>();
    private final IntList sourceGroup = new IntList();
    private long sourceCount;

    /** {@code others}: the release's columns besides the QIs, as source columns; {@code starred}: suppress mode star. */
    RowPairing(List<QiCells> qis, List<Column> others, boolean starred) {
        this.qis = qis;
        this.others = others;
        this.starred = starred;
    }

    /** Reads the release; {@code each} sees every row's QI cell codes and the row's record (for class tallies). */
    void readRelease(DSLContext ctx, Table<?> released, List<Field<?>> extra, java.util.function.BiConsumer<int[], Record> each) {
        List<Field<?>> select = new ArrayList<>();
        for (QiCells q : qis) {
            select.add(DSL.field(DSL.name(q.column().name())));
        }
        for (Column c : others) {
            select.add(DSL.field(DSL.name(c.name())));
        }
        select.addAll(extra);
        try (Cursor<Record> cursor = ctx.select(select).from(released).fetchSize(1000).fetchLazy()) {
            for (Record r : cursor) {
                int[] codes = new int[qis.size()];
                for (int i = 0; i < codes.length; i++) {
                    Object cell = r.get(i);
                    codes[i] = qis.get(i).cellCode(cell == null ? null : String.valueOf(cell));
                }
                List<Object> key = key(r, qis.size());
                Integer g = groupOf.get(key);
                if (g == null) {
                    g = groupKeys.size();
                    groupOf.put(key, g);
                    groupKeys.add(key);
                }
                releasedRows.add(codes);
                releasedGroup.add(g);
                each.accept(codes, r);
            }
        }
    }

    /** Reads the source: the rows whose non-QI values occur in the release are kept as value ids. */
    void readSource(DSLContext ctx, SourceTable source, Step read) {
        List<Field<?>> select = new ArrayList<>();
        for (QiCells q : qis) {
            select.add(DSL.field(DSL.name("f", q.column().name())));
        }
        for (Column c : others) {
            select.add(DSL.field(DSL.name("f", c.name())));
        }
        for (QiCells q : qis) {
            select.add(TextValues.of(DSL.field(DSL.name("f", q.column().name())), q.column(), ctx.dialect()));
        }
        int textAt = qis.size() + others.size();
        try (Cursor<Record> cursor = ctx.select(select).from(source.table("f")).fetchSize(1000).fetchLazy()) {
            for (Record r : cursor) {
                sourceCount++;
                read.advance();
                int[] ids = new int[qis.size()];
                for (int i = 0; i < ids.length; i++) {
                    Object raw = r.get(i);
                    ids[i] = qis.get(i).valueId(ColumnTypes.normalize(raw), raw, r.get(textAt + i, String.class));
                }
                Integer g = groupOf.get(key(r, qis.size()));
                if (g == null) {
                    continue;   // no released row has its other values: a suppressed row, or one the release lost
                }
                sourceRows.add(ids);
                sourceGroup.add(g);
            }
        }
        qis.forEach(QiCells::settle);
    }

    private List<Object> key(Record r, int from) {
        List<Object> key = new ArrayList<>(others.size());
        for (int i = 0; i < others.size(); i++) {
            key.add(comparable(r.get(from + i)));
        }
        return key;
    }

    private static Object comparable(Object value) {
        Object v = ColumnTypes.normalize(value);
        return v instanceof byte[] b ? ByteBuffer.wrap(b) : v;
    }

    /** Rows of the release read. */
    long releasedCount() {
        return releasedRows.size();
    }

    /** Rows of the source read. */
    long sourceCount() {
        return sourceCount;
    }

    /**
     * Pairs the rows group by group, advancing {@code paired} per group (rows alike in their other columns); returns
     * the released rows left without a source row, the first {@code limit} named.
     */
    List<Violation> pair(int limit, Step paired) {
        int groups = groupKeys.size();
        paired.total(groups);
        int[][] released = byGroup(releasedGroup, groups);
        int[][] source = byGroup(sourceGroup, groups);
        List<Violation> found = new ArrayList<>();
        long unpaired = 0;
        for (int g = 0; g < groups; g++) {
            unpaired += pairGroup(g, released[g], source[g], found, limit);
            paired.advance();
        }
        if (unpaired > found.size()) {
            found.add(Violation.more("row", unpaired - found.size(), "released row(s) have no source row they generalize"));
        }
        return found;
    }

    /** Released rows without a partner in group g; names them while the limit allows. */
    private long pairGroup(int g, int[] releasedIdx, int[] sourceIdx, List<Violation> found, int limit) {
        Bundles left = Bundles.of(releasedIdx, releasedRows);
        Bundles right = Bundles.of(sourceIdx, sourceRows);
        long[] paired;
        if (right.size() == 0) {
            paired = new long[left.size()];
        } else {
            BipartiteFlow flow = new BipartiteFlow(left.counts(), right.counts());
            edges(left, right, flow);
            paired = flow.solve();
        }
        long missing = 0;
        for (int l = 0; l < left.size(); l++) {
            long lost = left.counts()[l] - paired[l];
            for (long i = 0; i < lost; i++) {
                missing++;
                if (found.size() < limit) {
                    found.add(new Violation("row", "released row " + describe(left.tuple(l), g) + " has no source row it generalizes ("
                            + (right.size() == 0 ? "no source row has its other values"
                            : "its QI cells stand for none of the " + sourceIdx.length + " source row(s) with its other values, or those pair with other released rows") + ")"));
                }
            }
        }
        return missing;
    }

    private void edges(Bundles left, Bundles right, BipartiteFlow flow) {
        List<Integer> plain = new ArrayList<>();
        for (int l = 0; l < left.size(); l++) {
            if (starred && allStars(left.tuple(l))) {
                for (int r = 0; r < right.size(); r++) {
                    flow.allow(l, r);   // a suppressed row: any source row of its group
                }
            } else {
                plain.add(l);
            }
        }
        if ((long) plain.size() * right.size() <= SMALL) {
            for (int l : plain) {
                for (int r = 0; r < right.size(); r++) {
                    if (generalizes(left.tuple(l), right.tuple(r))) {
                        flow.allow(l, r);
                    }
                }
            }
            return;
        }
        int[] order = plain.stream().mapToInt(Integer::intValue).toArray();
        int[][] tuples = new int[order.length][];
        Integer[] boxed = plain.toArray(new Integer[0]);
        Arrays.sort(boxed, (a, b) -> Arrays.compare(left.tuple(a), left.tuple(b)));
        for (int i = 0; i < boxed.length; i++) {
            order[i] = boxed[i];
            tuples[i] = left.tuple(boxed[i]);
        }
        for (int r = 0; r < right.size(); r++) {
            walk(right.tuple(r), r, 0, 0, tuples.length, tuples, order, flow);
        }
    }

    /** Source tuple r against the sorted released tuples [lo, hi), which agree on QIs before {@code depth}. */
    private void walk(int[] ids, int r, int depth, int lo, int hi, int[][] tuples, int[] order, BipartiteFlow flow) {
        if (depth == qis.size()) {
            for (int i = lo; i < hi; i++) {
                flow.allow(order[i], r);
            }
            return;
        }
        int[] accepted = qis.get(depth).accepted(ids[depth]);
        if (hi - lo <= 8L * accepted.length) {
            int i = lo;
            while (i < hi) {
                int code = tuples[i][depth];
                int end = i + 1;
                while (end < hi && tuples[end][depth] == code) {
                    end++;
                }
                if (Arrays.binarySearch(accepted, code) >= 0) {
                    walk(ids, r, depth + 1, i, end, tuples, order, flow);
                }
                i = end;
            }
            return;
        }
        for (int code : accepted) {
            int start = bound(tuples, depth, lo, hi, code);
            int end = bound(tuples, depth, start, hi, code + 1);
            if (start < end) {
                walk(ids, r, depth + 1, start, end, tuples, order, flow);
            }
        }
    }

    /** First index in [lo, hi) whose code at depth is at least {@code code}. */
    private static int bound(int[][] tuples, int depth, int lo, int hi, int code) {
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (tuples[mid][depth] < code) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private boolean generalizes(int[] codes, int[] ids) {
        for (int q = 0; q < codes.length; q++) {
            if (Arrays.binarySearch(qis.get(q).accepted(ids[q]), codes[q]) < 0) {
                return false;
            }
        }
        return true;
    }

    boolean allStars(int[] codes) {
        for (int q = 0; q < codes.length; q++) {
            if (codes[q] != qis.get(q).starCode()) {
                return false;
            }
        }
        return true;
    }

    /** The QI cells of a row as the release shows them. */
    List<String> cells(int[] codes) {
        List<String> cells = new ArrayList<>();
        for (int q = 0; q < codes.length; q++) {
            cells.add(qis.get(q).cell(codes[q]));
        }
        return cells;
    }

    private String describe(int[] codes, int g) {
        Map<String, Object> row = new LinkedHashMap<>();
        for (int q = 0; q < codes.length; q++) {
            row.put(qis.get(q).column().name(), qis.get(q).cell(codes[q]));
        }
        List<Object> key = groupKeys.get(g);
        for (int i = 0; i < others.size(); i++) {
            Object v = key.get(i);
            row.put(others.get(i).name(), v instanceof ByteBuffer ? "(binary)" : v);
        }
        return row.toString();
    }

    /** Rows (indices into {@code rows}) by group: a counting sort. */
    private static int[][] byGroup(IntList group, int groups) {
        int[] sizes = new int[groups];
        for (int i = 0; i < group.size(); i++) {
            sizes[group.get(i)]++;
        }
        int[][] result = new int[groups][];
        for (int g = 0; g < groups; g++) {
            result[g] = new int[sizes[g]];
        }
        int[] fill = new int[groups];
        for (int i = 0; i < group.size(); i++) {
            int g = group.get(i);
            result[g][fill[g]++] = i;
        }
        return result;
    }

    /** The distinct tuples of some rows, each with how many rows hold it. */
    private record Bundles(List<int[]> tuples, long[] counts) {
        static Bundles of(int[] rows, List<int[]> all) {
            Map<Tuple, Integer> index = new HashMap<>();
            List<int[]> tuples = new ArrayList<>();
            List<Long> counts = new ArrayList<>();
            for (int i : rows) {
                int[] t = all.get(i);
                Integer at = index.putIfAbsent(new Tuple(t), tuples.size());
                if (at == null) {
                    tuples.add(t);
                    counts.add(1L);
                } else {
                    counts.set(at, counts.get(at) + 1);
                }
            }
            return new Bundles(tuples, counts.stream().mapToLong(Long::longValue).toArray());
        }

        int size() {
            return tuples.size();
        }

        int[] tuple(int i) {
            return tuples.get(i);
        }
    }

    /** An int tuple as a hash key. */
    record Tuple(int[] codes) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Tuple t && Arrays.equals(codes, t.codes);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(codes);
        }
    }

    /** A growing array of ints. */
    private static final class IntList {
        private int[] values = new int[64];
        private int size;

        void add(int v) {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
            }
            values[size++] = v;
        }

        int get(int i) {
            return values[i];
        }

        int size() {
            return size;
        }
    }
}
