package org.kanon.risk;

import org.kanon.metrics.ClassSizes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jooq.Condition;
import org.jooq.Cursor;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;

/**
 * The equivalence classes of a relation under its quasi-identifiers, fetched once by a {@code GROUP BY} and kept
 * as codes: {@code codes[q][c]} is the code of class {@code c}'s value of QI {@code q}, {@code counts[c]} its rows.
 * Values are only compared, never shown, so each column's distinct values are numbered as they arrive and
 * forgotten. Classes of any subset of the QIs are then unions of these classes ({@link AttributeRisk}).
 */
final class ClassTable {
    private static final int FETCH_SIZE = 5_000;
    private static final String STAR = "*";

    private final int[][] codes;
    private final long[] counts;
    private final int[] starCodes;

    private ClassTable(int[][] codes, long[] counts, int[] starCodes) {
        this.codes = codes;
        this.counts = counts;
        this.starCodes = starCodes;
    }

    static ClassTable fetch(DSLContext ctx, Table<?> from, List<Field<?>> columns, Condition where) {
        int q = columns.size();
        List<Field<?>> select = new ArrayList<>(columns);
        select.add(DSL.count().cast(SQLDataType.BIGINT));
        List<Map<Object, Integer>> dictionaries = new ArrayList<>();
        for (int i = 0; i < q; i++) {
            dictionaries.add(new HashMap<>());
        }
        IntColumns values = new IntColumns(q);
        List<Long> counts = new ArrayList<>();
        try (Cursor<Record> cursor = ctx.select(select).from(from).where(where).groupBy(columns).fetchSize(FETCH_SIZE).fetchLazy()) {
            for (Record r : cursor) {
                for (int i = 0; i < q; i++) {
                    Map<Object, Integer> d = dictionaries.get(i);
                    Object v = r.get(i);
                    Integer code = d.get(v);
                    if (code == null) {
                        code = d.size();
                        d.put(v, code);
                    }
                    values.add(i, code);
                }
                counts.add(((Number) r.get(q)).longValue());
            }
        }
        int[] stars = new int[q];
        for (int i = 0; i < q; i++) {
            stars[i] = dictionaries.get(i).getOrDefault(STAR, -1);
        }
        return new ClassTable(values.toArrays(), counts.stream().mapToLong(Long::longValue).toArray(), stars);
    }

    /** Builds a table from codes directly; no value is {@code *}. */
    static ClassTable of(int[][] codes, long[] counts) {
        int[] none = new int[codes.length];
        java.util.Arrays.fill(none, -1);
        return new ClassTable(codes, counts, none);
    }

    /** The class-size distribution of these classes. */
    ClassSizes sizes() {
        Map<Long, Long> bySize = new HashMap<>();
        for (long c : counts) {
            bySize.merge(c, 1L, Long::sum);
        }
        return ClassSizes.of(bySize);
    }

    /**
     * The same classes without {@code starred} rows of the class whose every value is {@code *}: rows a release
     * suppressed by starring share that class with rows generalized to the root everywhere, and only the latter are
     * published records of a class.
     */
    ClassTable withoutStarred(long starred) {
        if (starred == 0) {
            return this;
        }
        return withFewerRows(c -> {
            for (int q = 0; q < codes.length; q++) {
                if (starCodes[q] < 0 || codes[q][c] != starCodes[q]) {
                    return false;
                }
            }
            return true;
        }, starred);
    }

    int quasiIdentifiers() {
        return codes.length;
    }

    int classes() {
        return counts.length;
    }

    int[] codes(int qi) {
        return codes[qi];
    }

    long[] counts() {
        return counts;
    }

    private ClassTable withFewerRows(java.util.function.IntPredicate pick, long rows) {
        if (rows == 0) {
            return this;
        }
        for (int c = 0; c < counts.length; c++) {
            if (pick.test(c)) {
                long left = counts[c] - rows;
                if (left < 0) {
                    throw new IllegalStateException("fewer rows in the class than to remove");
                }
                int keep = left > 0 ? counts.length : counts.length - 1;
                int[][] newCodes = new int[codes.length][keep];
                long[] newCounts = new long[keep];
                int at = 0;
                for (int d = 0; d < counts.length; d++) {
                    if (d == c && left == 0) {
                        continue;
                    }
                    for (int q = 0; q < codes.length; q++) {
                        newCodes[q][at] = codes[q][d];
                    }
                    newCounts[at++] = d == c ? left : counts[d];
                }
                return new ClassTable(newCodes, newCounts, starCodes);
            }
        }
        throw new IllegalStateException("no class of * on every quasi-identifier, yet " + rows + " rows starred");
    }

    /** Growable int columns, so a million classes are not a million boxed Integers. */
    private static final class IntColumns {
        private int[][] data;
        private int size;

        IntColumns(int columns) {
            data = new int[columns][1024];
        }

        void add(int column, int value) {
            if (column == 0 && size == data[0].length) {
                for (int i = 0; i < data.length; i++) {
                    data[i] = java.util.Arrays.copyOf(data[i], size * 2);
                }
            }
            data[column][size] = value;
            if (column == data.length - 1) {
                size++;
            }
        }

        int[][] toArrays() {
            int[][] out = new int[data.length][];
            for (int i = 0; i < data.length; i++) {
                out[i] = java.util.Arrays.copyOf(data[i], size);
            }
            return out;
        }
    }
}
