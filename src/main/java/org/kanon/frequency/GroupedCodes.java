package org.kanon.frequency;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jooq.Cursor;
import org.jooq.Record;
import org.jooq.ResultQuery;
import org.jooq.exception.DataAccessException;
import org.kanon.progress.Step;
import org.kanon.schema.ColumnTypes;

/**
 * The rows of a {@code GROUP BY} (some columns, then the group's count) streamed into primitive arrays: each
 * column's distinct values are numbered as they arrive ({@code codes[c][g]} is group {@code g}'s code in column
 * {@code c}, {@code values(c)} the value of each code) and {@code counts[g]} is the group's count. Nothing per row
 * is kept but codes and a count, so a result of millions of groups costs a few bytes a group, not a record object.
 * <p>
 * The query must run where the driver streams (PostgreSQL's only inside a transaction); it is read through the JDBC
 * result set, not as jOOQ records, because this is the one read of a search whose size follows the table.
 */
public final class GroupedCodes {
    /** Rows per round trip: PostgreSQL's driver would otherwise read the whole result before the first row. */
    public static final int FETCH_SIZE = 10_000;

    private final List<List<Object>> values;
    private final int[][] codes;
    private final long[] counts;
    private final int size;

    private GroupedCodes(List<List<Object>> values, int[][] codes, long[] counts, int size) {
        this.values = values;
        this.codes = codes;
        this.counts = counts;
        this.size = size;
    }

    /**
     * Reads {@code query}, whose first {@code columns} columns are grouped values and whose next one is the count;
     * null when it has more than {@code maxGroups} groups (the reading stops there). Values are compared as
     * {@link ColumnTypes#normalize} leaves them, so 1.0 and 1.00 are one value, as in SQL.
     */
    public static GroupedCodes read(ResultQuery<? extends Record> query, int columns, long maxGroups, Step step) {
        return read(query, columns, true, maxGroups, step);
    }

    /**
     * As {@link #read(ResultQuery, int, long, Step)}, or, when {@code grouped} is false, for a query of rows that are
     * not grouped (the columns only, no count): equal rows are grouped here, by their codes, as they arrive.
     */
    public static GroupedCodes read(ResultQuery<? extends Record> query, int columns, boolean grouped, long maxGroups, Step step) {
        List<Map<Object, Integer>> dictionaries = new ArrayList<>(columns);
        List<List<Object>> values = new ArrayList<>(columns);
        for (int c = 0; c < columns; c++) {
            dictionaries.add(new HashMap<>());
            values.add(new ArrayList<>());
        }
        int[][] codes = new int[columns][1024];
        long[] counts = new long[1024];
        int size = 0;
        int[] row = new int[columns];
        GroupIndex index = grouped ? null : new GroupIndex();
        try (Cursor<? extends Record> cursor = query.fetchSize(FETCH_SIZE).fetchLazy()) {
            ResultSet rs = cursor.resultSet();
            while (rs.next()) {
                for (int c = 0; c < columns; c++) {
                    Object v = ColumnTypes.normalize(rs.getObject(c + 1));
                    Map<Object, Integer> d = dictionaries.get(c);
                    Integer code = d.get(v);
                    if (code == null) {
                        code = values.get(c).size();
                        d.put(v, code);
                        values.get(c).add(v);
                    }
                    row[c] = code;
                }
                long count = grouped ? rs.getLong(columns + 1) : 1;
                int g = grouped ? -1 : index.find(row, codes);
                if (g >= 0) {
                    counts[g] += count;
                    continue;
                }
                if (size == maxGroups) {
                    return null;
                }
                if (size == counts.length) {
                    int capacity = (int) Math.min(Integer.MAX_VALUE - 8, (long) size * 2);
                    if (capacity == size) {
                        return null; // more groups than an array holds
                    }
                    counts = Arrays.copyOf(counts, capacity);
                    for (int c = 0; c < columns; c++) {
                        codes[c] = Arrays.copyOf(codes[c], capacity);
                    }
                }
                for (int c = 0; c < columns; c++) {
                    codes[c][size] = row[c];
                }
                if (index != null) {
                    index.add(row, codes, size);
                }
                counts[size++] = count;
                if ((size & 1023) == 0) {
                    step.stepTo(size);
                }
            }
            step.stepTo(size);
        } catch (SQLException e) {
            throw new DataAccessException(e.getMessage(), e);
        }
        return new GroupedCodes(values, codes, counts, size);
    }

    /**
     * Open addressing over the groups' code columns: a slot holds a group's index + 1 (0 is empty), found by the hash
     * of the row's codes and confirmed by comparing them, so no object is made per group.
     */
    private static final class GroupIndex {
        private int[] slots = new int[1 << 12];
        private int used;

        /** The group whose codes are {@code row}, or -1. */
        int find(int[] row, int[][] codes) {
            int mask = slots.length - 1;
            for (int i = hash(row) & mask; ; i = (i + 1) & mask) {
                int g = slots[i] - 1;
                if (g < 0) {
                    return -1;
                }
                if (equal(row, codes, g)) {
                    return g;
                }
            }
        }

        void add(int[] row, int[][] codes, int group) {
            if (2 * (used + 1) > slots.length) {
                grow(codes);
            }
            place(hash(row), group);
            used++;
        }

        private void place(int hash, int group) {
            int mask = slots.length - 1;
            int i = hash & mask;
            while (slots[i] != 0) {
                i = (i + 1) & mask;
            }
            slots[i] = group + 1;
        }

        private void grow(int[][] codes) {
            int[] old = slots;
            slots = new int[old.length * 2];
            int[] row = new int[codes.length];
            for (int s : old) {
                if (s != 0) {
                    for (int c = 0; c < codes.length; c++) {
                        row[c] = codes[c][s - 1];
                    }
                    place(hash(row), s - 1);
                }
            }
        }

        private static boolean equal(int[] row, int[][] codes, int g) {
            for (int c = 0; c < row.length; c++) {
                if (codes[c][g] != row[c]) {
                    return false;
                }
            }
            return true;
        }

        private static int hash(int[] row) {
            int h = 0;
            for (int code : row) {
                h = h * 0x9E3779B1 + code;
            }
            return h ^ (h >>> 15);
        }
    }

    /**
     * This set's groups followed by {@code other}'s, whose columns are this set's first {@code other.columns()}: the
     * values of those columns are numbered across both sets (a value keeps its code here, the other's new values get
     * new ones), and the other's groups have code -1 in the columns beyond. Groups are not merged: group g of the result
     * is this set's for g < {@link #size()}, the other's after.
     */
    public GroupedCodes followedBy(GroupedCodes other) {
        int shared = other.columns();
        int columns = columns();
        int total = size + other.size;
        List<List<Object>> merged = new ArrayList<>();
        int[][] joined = new int[columns][];
        for (int c = 0; c < columns; c++) {
            List<Object> known = new ArrayList<>(values.get(c));
            joined[c] = Arrays.copyOf(codes[c], total);
            if (c < shared) {
                Map<Object, Integer> index = new HashMap<>();
                for (int v = 0; v < known.size(); v++) {
                    index.put(known.get(v), v);
                }
                int[] recode = new int[other.values.get(c).size()];
                for (int v = 0; v < recode.length; v++) {
                    Object value = other.values.get(c).get(v);
                    Integer code = index.get(value);
                    if (code == null) {
                        code = known.size();
                        index.put(value, code);
                        known.add(value);
                    }
                    recode[v] = code;
                }
                for (int g = 0; g < other.size; g++) {
                    joined[c][size + g] = recode[other.codes[c][g]];
                }
            } else {
                Arrays.fill(joined[c], size, total, -1);
            }
            merged.add(known);
        }
        long[] allCounts = Arrays.copyOf(counts, total);
        System.arraycopy(other.counts, 0, allCounts, size, other.size);
        return new GroupedCodes(merged, joined, allCounts, total);
    }

    /** Groups read. */
    public int size() {
        return size;
    }

    public int columns() {
        return codes.length;
    }

    /** The codes of column {@code c}; only the first {@link #size()} are groups (the array may be longer). */
    public int[] codes(int c) {
        return codes[c];
    }

    /** The counts; only the first {@link #size()} are groups (the array may be longer). */
    public long[] counts() {
        return counts;
    }

    /** The distinct values of column {@code c}, by code (NULL is a value like any other). */
    public List<Object> values(int c) {
        return values.get(c);
    }

    /** Rows of all groups: the count of the relation grouped. */
    public long rows() {
        long rows = 0;
        for (int g = 0; g < size; g++) {
            rows += counts[g];
        }
        return rows;
    }

    /** Rows whose value in column {@code c} is NULL. */
    public long nullRows(int c) {
        int nullCode = values.get(c).indexOf(null);
        if (nullCode < 0) {
            return 0;
        }
        long rows = 0;
        int[] column = codes[c];
        for (int g = 0; g < size; g++) {
            if (column[g] == nullCode) {
                rows += counts[g];
            }
        }
        return rows;
    }
}
