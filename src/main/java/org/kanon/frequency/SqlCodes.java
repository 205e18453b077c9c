package org.kanon.frequency;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.InsertValuesStepN;
import org.jooq.Name;
import org.jooq.Record;
import org.jooq.RowN;
import org.jooq.SelectField;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.kanon.db.ScratchTables;
import org.kanon.schema.ColumnTypes;
import org.kanon.schema.hierarchy.Dimension;

/**
 * Each hierarchy's dimension table as integer codes, in a scratch table per quasi-identifier: key column {@code v}
 * (the raw value, as in the dimension table) and {@code c0..ch}, the code of the value's label at each level (dense
 * per level; level 0 codes the raw value itself). The SQL executor's frequency sets hold these codes instead of the
 * raw values and labels, and its rollups join these tables instead of the dimension tables: the same star schema and
 * the same joins, but every join and every GROUP BY is over integers. On PostgreSQL a batch of GROUPING SETS over
 * Adult's zero-level set took 390 ms over labels and 170 ms over codes; Derby compares strings character by
 * character in its joins and sorts. The labels stay in the dimension tables; {@link #label} turns a code back.
 */
final class SqlCodes {
    private static final int ROWS_PER_INSERT = 500;

    /**
     * Per QI: its code table, a scratch table or a VALUES list written into each statement (see
     * {@link org.kanon.db.dialect.DatabaseProfile#inlineCodeRows}), or null for a QI without a hierarchy (read raw,
     * at level 0 only).
     */
    private final Table<?>[] tables;
    /** Per QI: whether its codes are a scratch table of this object's (to drop), not a VALUES list. */
    private final boolean[] stored;
    /** The code tables' column names: key, then the code at each level. */
    private final Name[][] columnNames;
    private final boolean[] mapsNull;
    /** Per QI and level, the value each code stands for (level 0: the raw value). */
    private final Object[][][] labels;
    private final String key;
    private final String codePrefix;

    private SqlCodes(Table<?>[] tables, boolean[] stored, Name[][] columnNames, boolean[] mapsNull, Object[][][] labels,
                     String key, String codePrefix) {
        this.tables = tables;
        this.stored = stored;
        this.columnNames = columnNames;
        this.mapsNull = mapsNull;
        this.labels = labels;
        this.key = key;
        this.codePrefix = codePrefix;
    }

    /** Reads every dimension table of the schema and writes its code tables, counting the statements in {@code stats}. */
    static SqlCodes load(ScratchTables scratch, StarSchema schema, ExecutorStats stats) {
        List<QuasiIdentifier> qis = schema.quasiIdentifiers();
        int n = qis.size();
        Table<?>[] tables = new Table<?>[n];
        boolean[] stored = new boolean[n];
        Name[][] columnNames = new Name[n][];
        boolean[] mapsNull = new boolean[n];
        Object[][][] labels = new Object[n][][];
        String key = scratch.name("v").last();
        String codePrefix = scratch.name("c").last();
        DSLContext ctx = scratch.dsl();
        try {
            for (int a = 0; a < n; a++) {
                QuasiIdentifier qi = qis.get(a);
                if (qi.dimension().isEmpty()) {
                    continue;
                }
                Dimension d = qi.dimension().get();
                mapsNull[a] = d.mapsNull();
                int h = d.height();
                List<SelectField<?>> read = new ArrayList<>();
                read.add(d.key("d"));
                for (int l = 1; l <= h; l++) {
                    read.add(d.level("d", l));
                }
                List<Record> rows = ctx.select(read).from(d.table("d")).fetch();
                stats.statements(1);
                List<List<Object>> levelLabels = new ArrayList<>();
                List<Map<Object, Integer>> dictionaries = new ArrayList<>();
                for (int l = 0; l <= h; l++) {
                    levelLabels.add(new ArrayList<>());
                    dictionaries.add(new HashMap<>());
                }
                int[][] codes = new int[rows.size()][h + 1];
                for (int r = 0; r < rows.size(); r++) {
                    Record row = rows.get(r);
                    codes[r][0] = r; // one row per raw value: the key is unique
                    levelLabels.get(0).add(row.get(0));
                    for (int l = 1; l <= h; l++) {
                        Object label = row.get(l);
                        Integer code = dictionaries.get(l).get(label);
                        if (code == null) {
                            code = levelLabels.get(l).size();
                            dictionaries.get(l).put(label, code);
                            levelLabels.get(l).add(label);
                        }
                        codes[r][l] = code;
                    }
                }
                labels[a] = new Object[h + 1][];
                for (int l = 0; l <= h; l++) {
                    labels[a][l] = levelLabels.get(l).toArray();
                }
                List<Field<?>> columns = new ArrayList<>();
                columns.add(DSL.field(DSL.name(key), ColumnTypes.dataType(qi.column())));
                for (int l = 0; l <= h; l++) {
                    columns.add(DSL.field(DSL.name(codePrefix + l), SQLDataType.INTEGER.notNull()));
                }
                columnNames[a] = columns.stream().map(Field::getUnqualifiedName).toArray(Name[]::new);
                if (rows.size() <= scratch.profile().inlineCodeRows()) {
                    tables[a] = inline(rows, codes, columns);
                    continue;
                }
                tables[a] = scratch.create("k", columns);
                stored[a] = true;
                stats.statements(1);
                for (int from = 0; from < rows.size(); from += ROWS_PER_INSERT) {
                    InsertValuesStepN<?> insert = ctx.insertInto(tables[a], columns);
                    for (int r = from; r < Math.min(rows.size(), from + ROWS_PER_INSERT); r++) {
                        List<Object> values = new ArrayList<>(h + 2);
                        values.add(rows.get(r).get(0));
                        for (int l = 0; l <= h; l++) {
                            values.add(codes[r][l]);
                        }
                        insert = insert.values(values);
                    }
                    insert.execute();
                    stats.statements(1);
                }
                // without statistics PostgreSQL guesses thousands of rows for a temporary table and joins the
                // sets to it by nested loops and merge joins (minutes instead of seconds on Adult)
                stats.statements(scratch.profile().analyze(ctx, tables[a]));
            }
        } catch (RuntimeException e) {
            for (int a = 0; a < n; a++) {
                if (stored[a]) {
                    scratch.drop(tables[a]);
                }
            }
            throw e;
        }
        return new SqlCodes(tables, stored, columnNames, mapsNull, labels, key, codePrefix);
    }

    /** The codes as a VALUES list: the key typed like the column (a first row's NULL would leave it untyped). */
    private static Table<?> inline(List<Record> rows, int[][] codes, List<Field<?>> columns) {
        RowN[] values = new RowN[rows.size()];
        for (int r = 0; r < rows.size(); r++) {
            Field<?>[] row = new Field<?>[columns.size()];
            Field<?> key = DSL.inline(rows.get(r).get(0));
            row[0] = r == 0 ? DSL.cast(key, columns.get(0).getDataType()) : key;
            for (int l = 0; l < codes[r].length; l++) {
                row[1 + l] = DSL.inline(codes[r][l]);
            }
            values[r] = DSL.row(row);
        }
        return DSL.values(values);
    }

    /** Whether QI {@code a} has a hierarchy, hence codes (else its sets hold the raw value, at level 0 only). */
    boolean coded(int a) {
        return tables[a] != null;
    }

    /** The code table of QI {@code a} under {@code alias}. */
    Table<?> table(int a, String alias) {
        return stored[a] ? tables[a].as(DSL.name(alias)) : tables[a].as(DSL.name(alias), columnNames[a]);
    }

    /** Column of the code of QI {@code a}'s label at {@code level}, in its code table under {@code alias}. */
    Field<Integer> code(String alias, int level) {
        return DSL.field(DSL.name(alias, codePrefix + level), SQLDataType.INTEGER);
    }

    /** Raw value = key, and NULL = NULL when the hierarchy maps NULL (its NULL row would not join otherwise). */
    Condition keyJoin(int a, Field<Object> raw, String alias) {
        Field<Object> k = DSL.field(DSL.name(alias, key));
        Condition equal = raw.eq(k);
        return mapsNull[a] ? equal.or(raw.isNull().and(k.isNull())) : equal;
    }

    /**
     * Labels at {@code level} of QI {@code a} over its whole dimension table (a superset of the table's values), or
     * -1 for a QI without a hierarchy.
     */
    int labelCount(int a, int level) {
        return coded(a) ? labels[a][level].length : -1;
    }

    /** The raw value (level 0) or label that {@code code} stands for, for reading a set back. */
    Object label(int a, int level, Object code) {
        if (!coded(a) || code == null) {
            return code;
        }
        return labels[a][level][((Number) code).intValue()];
    }

    /** Scratch tables this object holds. */
    int tableCount() {
        int c = 0;
        for (boolean s : stored) {
            if (s) {
                c++;
            }
        }
        return c;
    }
}
