package org.kanon.risk;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.kanon.frequency.GroupedCodes;
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
        GroupedCodes read = GroupedCodes.read(ctx.select(select).from(from).where(where).groupBy(columns), q, Long.MAX_VALUE, step);
        int[][] codes = new int[q][];
        for (int i = 0; i < q; i++) {
            codes[i] = Arrays.copyOf(read.codes(i), read.size());
        }
        return new ClassTable(codes, Arrays.copyOf(read.counts(), read.size()));
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
