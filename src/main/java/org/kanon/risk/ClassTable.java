package org.kanon.risk;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
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
import org.kanon.progress.Step;

/**
 * The equivalence classes of a relation under its quasi-identifiers, fetched once by a {@code GROUP BY} and kept
 * as codes: {@code codes[q][c]} is the code of class {@code c}'s value of QI {@code q}, {@code counts[c]} its rows.
 * Values are only compared, never shown, so each column's distinct values are numbered as they arrive and
 * forgotten. Classes of any subset of the QIs are then unions of these classes ({@link AttributeRisk}).
 * <p>
 * Java compares values where the database grouped them: numbers are compared by value ({@code 1.0} is {@code 1.00},
 * as in SQL), while text under a case-insensitive collation (MariaDB's default) would be two values here that the
 * database's classes of a subset would merge; kanon's test databases compare text exactly.
 */
final class ClassTable {
    private static final int FETCH_SIZE = 5_000;

    private final int[][] codes;
    private final long[] counts;

    private ClassTable(int[][] codes, long[] counts) {
        this.codes = codes;
        this.counts = counts;
    }

    /** In a transaction: PostgreSQL's driver streams a result by the fetch size only inside one, else it reads it whole. */
    static ClassTable fetch(DSLContext ctx, Table<?> from, List<Field<?>> columns, Condition where, Step step) {
        return ctx.transactionResult(cfg -> read(cfg.dsl(), from, columns, where, step));
    }

    private static ClassTable read(DSLContext ctx, Table<?> from, List<Field<?>> columns, Condition where, Step step) {
        int q = columns.size();
        List<Field<?>> select = new ArrayList<>(columns);
        select.add(DSL.count().cast(SQLDataType.BIGINT));
        List<Map<Object, Integer>> dictionaries = new ArrayList<>();
        for (int i = 0; i < q; i++) {
            dictionaries.add(new HashMap<>());
        }
        int[][] codes = new int[q][1024];
        long[] counts = new long[1024];
        int size = 0;
        try (Cursor<Record> cursor = ctx.select(select).from(from).where(where).groupBy(columns).fetchSize(FETCH_SIZE).fetchLazy()) {
            for (Record r : cursor) {
                if (size == counts.length) {
                    counts = Arrays.copyOf(counts, size * 2);
                    for (int i = 0; i < q; i++) {
                        codes[i] = Arrays.copyOf(codes[i], size * 2);
                    }
                }
                for (int i = 0; i < q; i++) {
                    Map<Object, Integer> d = dictionaries.get(i);
                    Object v = r.get(i);
                    if (v instanceof BigDecimal b) {
                        v = b.signum() == 0 ? BigDecimal.ZERO : b.stripTrailingZeros();
                    }
                    Integer code = d.get(v);
                    if (code == null) {
                        code = d.size();
                        d.put(v, code);
                    }
                    codes[i][size] = code;
                }
                counts[size++] = ((Number) r.get(q)).longValue();
                step.advance();
            }
        }
        for (int i = 0; i < q; i++) {
            codes[i] = Arrays.copyOf(codes[i], size);
        }
        return new ClassTable(codes, Arrays.copyOf(counts, size));
    }

    /** Builds a table from codes directly (tests). */
    static ClassTable of(int[][] codes, long[] counts) {
        return new ClassTable(codes, counts);
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
}
