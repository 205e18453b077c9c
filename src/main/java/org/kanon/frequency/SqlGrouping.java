package org.kanon.frequency;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Select;
import org.jooq.SelectField;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.kanon.db.dialect.DatabaseProfile;
import org.kanon.lattice.LevelVector;
import org.kanon.lattice.Node;

/**
 * The GROUP BY that computes the frequency sets of nodes from one source: the star schema (a scan: fact table
 * joined to the code tables of the dimensions, {@link SqlCodes}, {@code COUNT(*)}), or a finer set (the rollup of
 * section 2: the set joined to what maps its codes up, {@code SUM(cnt)}). Several nodes share one FROM clause: per
 * attribute whose level rises, one join to the code table (finer level 0: on the level-0 code) or to its distinct
 * (finer code, coarser codes..) rows, which a tree makes a function, so no join multiplies rows and each node's
 * GROUP BY over the shared FROM is its own. That is what lets PostgreSQL answer a whole batch with GROUPING SETS in one pass.
 * Building a set, checking it, and checking a batch all start from here, so the query is written once.
 */
final class SqlGrouping {
    private static final String FINER = "f";
    private static final String LABEL_FROM = "lf";
    private static final String LABEL_TO = "lt";
    private static final String VALUES = "v";
    private static final String CLASS = "g";
    private static final String SENSITIVE = "s";
    private static final String COUNT = "c";
    private static final String PRE_AGGREGATED = "p";
    /** The rows of a group of the fact table's raw values (see {@link #rawGroups}), unless a column is so named. */
    private static final String ROWS = "kanon_rows";

    private final Table<?> from;
    private final Field<Long> count;
    /** Group column of (attribute, level): keyed by {@link #key}; the order is the order of first use. */
    private final Map<Integer, Field<?>> fields;
    /**
     * The sensitive column every class is also grouped by (never generalized), or null under k-anonymity: the
     * expression of {@link SensitiveColumn} in a scan, the finer set's column in a rollup.
     */
    private final Field<?> sensitive;

    /**
     * Per QI, the highest level a set written from this grouping holds besides its own (see {@link SqlExecutor#top}):
     * a wide set carries the codes of every coarser level too. Null: sets hold their node's levels only.
     */
    private final int[] top;
    /** Keys of the source's own group columns (a finer set's node), or null where the source is the table. */
    private final List<Integer> sourceKey;
    /**
     * In a scan whose rows are already one per class of {@link #distinctNode} (the fact table grouped by the raw values
     * of that node at level 0, whose codes are the values'), each row's count; else null.
     */
    private final Field<Long> rows;
    private final Node distinctNode;

    private SqlGrouping(Table<?> from, Field<Long> count, Map<Integer, Field<?>> fields, Field<?> sensitive, int[] top,
                        List<Integer> sourceKey) {
        this(from, count, fields, sensitive, top, sourceKey, null, null);
    }

    private SqlGrouping(Table<?> from, Field<Long> count, Map<Integer, Field<?>> fields, Field<?> sensitive, int[] top,
                        List<Integer> sourceKey, Field<Long> rows, Node distinctNode) {
        this.from = from;
        this.count = count;
        this.fields = fields;
        this.sensitive = sensitive;
        this.top = top;
        this.sourceKey = sourceKey;
        this.rows = rows;
        this.distinctNode = distinctNode;
    }

    /**
     * The grouping of {@code nodes} from the source table, joined once to the code table of every QI some node reads
     * (a QI without a hierarchy is read raw). With a sensitive column ({@code sensitive} null: none) classes are
     * counted per sensitive value too.
     */
    static SqlGrouping scan(StarSchema schema, SqlCodes codes, List<Node> nodes, SensitiveColumn sensitive,
                            DatabaseProfile profile, int[] top) {
        int n = schema.quasiIdentifiers().size();
        boolean[] read = new boolean[n];
        Map<Integer, Field<?>> fields = new LinkedHashMap<>();
        for (Node node : nodes) {
            schema.validate(fullVector(node, n));
            for (int j = 0; j < node.size(); j++) {
                int a = node.attribute(j);
                read[a] = true;
                fields.putIfAbsent(key(a, node.level(j)), codes.coded(a) ? codes.code(alias(a), node.level(j)) : schema.rawField(a));
                for (int level = node.level(j) + 1; top != null && level <= top[a]; level++) {
                    fields.putIfAbsent(key(a, level), codes.code(alias(a), level));
                }
            }
        }
        // the fact table first, with the join order fixed there where the database takes that hint (as StarSchema
        // does): Derby's optimizer otherwise weighs every order of the star's joins; fact, then each code table, is right
        List<Field<?>> raw = new ArrayList<>();
        for (int a = 0; a < n; a++) {
            if (read[a]) {
                raw.add(schema.rawField(a));
            }
        }
        if (sensitive != null) {
            raw.add(schema.fact().field(StarSchema.FACT_ALIAS, sensitive.column()));
        }
        String rows = ROWS;
        while (named(raw, rows)) {
            rows += "_";
        }
        Table<?> from = profile.fixedJoinOrder(rawGroups(schema, raw, rows), DSL.name(StarSchema.FACT_ALIAS));
        for (int a = 0; a < n; a++) {
            if (read[a] && codes.coded(a)) {
                from = profile.joinInOrder(from, codes.table(a, alias(a)), codes.keyJoin(a, schema.rawField(a), alias(a)));
            }
        }
        Field<Long> groupRows = DSL.field(DSL.name(StarSchema.FACT_ALIAS, rows), SQLDataType.BIGINT);
        // a node at level 0 on every QI read (the zero-level set) has one class per raw group: no second GROUP BY
        Node distinct = nodes.size() == 1 && nodes.get(0).height() == 0 && (sensitive == null || !sensitive.indicator())
                ? nodes.get(0) : null;
        return new SqlGrouping(from, DSL.sum(groupRows).cast(SQLDataType.BIGINT), fields,
                sensitive == null ? null : sensitive.expression(profile.dialect()), top, null, groupRows, distinct);
    }

    /**
     * The fact table grouped by the raw columns the nodes read (and the sensitive column), with the rows of each group
     * in a column {@code rows}: the joins to the code tables then run once per distinct combination instead of once
     * per row, and the outer GROUP BY sums. Its columns keep their names, so every expression over the fact's alias
     * reads it unchanged. Adult at 9 QIs: 45,222 rows, 26,912 combinations; PostgreSQL built the zero-level set in 165 ms
     * instead of 266 ms.
     */
    private static Table<?> rawGroups(StarSchema schema, List<Field<?>> raw, String rows) {
        List<SelectField<?>> select = new ArrayList<>(raw);
        select.add(DSL.count().as(rows));
        return DSL.table(DSL.sql("({0})", DSL.select(select).from(schema.fact().table(StarSchema.FACT_ALIAS)).groupBy(raw)));
    }

    private static boolean named(List<Field<?>> columns, String name) {
        return columns.stream().anyMatch(c -> c.getName().equalsIgnoreCase(name));
    }

    private static String alias(int attribute) {
        return "d" + (attribute + 1);
    }

    /**
     * The grouping of {@code nodes} (each derivable from the source's node) from a finer frequency set: per attribute
     * whose level rises, the set joins its code table on the level-0 code, or the distinct (finer code, coarser
     * codes..) rows of it.
     */
    static SqlGrouping derive(SqlCodes codes, DSLContext ctx, SqlFrequencySet source, List<Node> nodes, DatabaseProfile profile) {
        Node finer = source.node();
        SqlExecutor executor = source.executor();
        Map<Integer, TreeSet<Integer>> raised = new TreeMap<>(); // attribute -> the coarser levels nodes need
        for (Node node : nodes) {
            if (!node.derivableFrom(finer)) {
                throw new IllegalArgumentException(node + " cannot be derived from " + finer);
            }
            for (int j = 0; j < node.size(); j++) {
                if (node.level(j) != finer.levelOf(node.attribute(j))) {
                    raised.computeIfAbsent(node.attribute(j), x -> new TreeSet<>()).add(node.level(j));
                }
            }
        }
        Map<Integer, Field<?>> fields = new LinkedHashMap<>();
        List<Integer> sourceKey = new ArrayList<>();
        for (int j = 0; j < finer.size(); j++) {
            int a = finer.attribute(j);
            fields.put(key(a, finer.level(j)), value(executor, a));
            sourceKey.add(key(a, finer.level(j)));
        }
        int[] top = executor.top();
        if (top != null) {
            return wide(executor, source, fields, top, sourceKey);
        }
        // the finer set first, with the join order fixed there where the database takes that hint (as StarSchema does):
        // Derby's optimizer otherwise weighs every order of the joins to the label mappings, and compiling, not
        // running, is where it spent its time; the set first, each mapping joined to it, is the right plan anyway
        Table<?> joined = profile.fixedJoinOrder(source.table(), DSL.name(FINER));
        for (Map.Entry<Integer, TreeSet<Integer>> e : raised.entrySet()) {
            int a = e.getKey();
            int finerLevel = finer.levelOf(a);
            Field<Object> value = value(executor, a);
            String alias = alias(a);
            if (finerLevel == 0) {
                joined = profile.joinInOrder(joined, codes.table(a, alias), value.eq((Field) codes.code(alias, 0)));
                for (int level : e.getValue()) {
                    fields.put(key(a, level), codes.code(alias, level));
                }
            } else {
                List<SelectField<?>> labels = new ArrayList<>();
                labels.add(codes.code("d", finerLevel).as(LABEL_FROM));
                for (int level : e.getValue()) {
                    labels.add(codes.code("d", level).as(LABEL_TO + level));
                    fields.put(key(a, level), DSL.field(DSL.name(alias, LABEL_TO + level), Integer.class));
                }
                Table<?> mapping = ctx.selectDistinct(labels).from(codes.table(a, "d")).asTable(DSL.name(alias));
                joined = profile.joinInOrder(joined, mapping, value.eq(DSL.field(DSL.name(alias, LABEL_FROM))));
            }
        }
        Field<Long> sum = DSL.sum(DSL.field(DSL.name(FINER, executor.countName()), SQLDataType.BIGINT)).cast(SQLDataType.BIGINT);
        Field<?> s = executor.sensitiveName() == null ? null : DSL.field(DSL.name(FINER, executor.sensitiveName()));
        return new SqlGrouping(joined, sum, fields, s, null, sourceKey); // the sensitive value stays as it is: one more group column
    }

    /**
     * From a wide set, which holds every coarser code of its attributes: a GROUP BY over that one table, without a
     * join. On Derby a join copies every column of the row it builds, once per joined table, and its hash joins were
     * the largest part of the search (28 % of the samples on Adult at 9 QIs); the set's extra columns cost less.
     */
    private static SqlGrouping wide(SqlExecutor executor, SqlFrequencySet source, Map<Integer, Field<?>> fields, int[] top,
                                    List<Integer> sourceKey) {
        Node finer = source.node();
        for (int j = 0; j < finer.size(); j++) {
            int a = finer.attribute(j);
            for (int level = finer.level(j) + 1; level <= top[a]; level++) {
                fields.put(key(a, level), DSL.field(DSL.name(FINER, executor.levelColumnName(a, level))));
            }
        }
        Field<Long> sum = DSL.sum(DSL.field(DSL.name(FINER, executor.countName()), SQLDataType.BIGINT)).cast(SQLDataType.BIGINT);
        Field<?> s = executor.sensitiveName() == null ? null : DSL.field(DSL.name(FINER, executor.sensitiveName()));
        return new SqlGrouping(source.table().as(DSL.name(FINER)), sum, fields, s, top, sourceKey);
    }

    /**
     * This grouping over its source grouped once by every column some of {@code nodes} groups by (and the sensitive
     * column): each node's classes are unions of those groups, so a statement that groups the source many ways (a
     * batch of GROUPING SETS) hashes the groups rather than the source's rows. Itself where the nodes need the
     * source's whole key, which would merge no row. For summaries only: sets are not written from it. On Adult at 9
     * QIs (PostgreSQL, every verdict from the zero-level set of 26,912 rows) the search's GROUPING SETS statements
     * took 458 ms instead of 621 ms.
     */
    SqlGrouping preAggregated(DSLContext ctx, List<Node> nodes) {
        Map<Integer, Field<?>> used = new LinkedHashMap<>();
        for (Node node : nodes) {
            for (int j = 0; j < node.size(); j++) {
                int key = key(node.attribute(j), node.level(j));
                used.put(key, fields.get(key));
            }
        }
        if (sourceKey != null && used.keySet().containsAll(sourceKey)) {
            return this;
        }
        List<SelectField<?>> select = new ArrayList<>();
        List<Field<?>> groupBy = new ArrayList<>(used.values());
        Map<Integer, Field<?>> grouped = new LinkedHashMap<>();
        int i = 0;
        for (Map.Entry<Integer, Field<?>> e : used.entrySet()) {
            select.add(e.getValue().as(CLASS + i));
            grouped.put(e.getKey(), DSL.field(DSL.name(PRE_AGGREGATED, CLASS + i), e.getValue().getDataType()));
            i++;
        }
        if (sensitive != null) {
            select.add(sensitive.as(SENSITIVE));
            groupBy.add(sensitive);
        }
        select.add(count.as(COUNT));
        Table<?> groups = ctx.select(select).from(from).groupBy(groupBy).asTable(DSL.name(PRE_AGGREGATED));
        Field<Long> sum = DSL.sum(DSL.field(DSL.name(PRE_AGGREGATED, COUNT), SQLDataType.BIGINT)).cast(SQLDataType.BIGINT);
        return new SqlGrouping(groups, sum, grouped, sensitive == null ? null : DSL.field(DSL.name(PRE_AGGREGATED, SENSITIVE)),
                null, null);
    }

    private static LevelVector fullVector(Node node, int qis) {
        int[] levels = new int[qis];
        for (int j = 0; j < node.size(); j++) {
            levels[node.attribute(j)] = node.level(j); // levels 0 elsewhere: no joins for QIs outside the node
        }
        return new LevelVector(levels);
    }

    private static Field<Object> value(SqlExecutor executor, int attribute) {
        return DSL.field(DSL.name(FINER, executor.columnName(attribute)));
    }

    private static int key(int attribute, int level) {
        return attribute * 1024 + level;
    }

    Table<?> from() {
        return from;
    }

    /** Rows of a class: {@code COUNT(*)} in a scan, {@code SUM(cnt)} of the finer classes in a rollup. */
    Field<Long> count() {
        return count;
    }

    /** The node's group columns, in its attribute order. */
    List<Field<?>> groups(Node node) {
        List<Field<?>> groups = new ArrayList<>(node.size());
        for (int j = 0; j < node.size(); j++) {
            Field<?> f = fields.get(key(node.attribute(j), node.level(j)));
            if (f == null) {
                throw new IllegalArgumentException(node + " is not one of the nodes of this grouping");
            }
            groups.add(f);
        }
        return groups;
    }

    /**
     * A wide set's columns beyond the node's own: per attribute, its codes at the levels above the node's up to
     * {@link #top}, in attribute order then level; none when sets are not wide. They follow from the node's codes,
     * so grouping by them too changes no class.
     */
    List<Field<?>> coarser(Node node) {
        List<Field<?>> coarser = new ArrayList<>();
        for (int j = 0; top != null && j < node.size(); j++) {
            int a = node.attribute(j);
            for (int level = node.level(j) + 1; level <= top[a]; level++) {
                coarser.add(fields.get(key(a, level)));
            }
        }
        return coarser;
    }

    /**
     * The node's classes: its group columns (and the sensitive column), a wide set's coarser codes, and the count,
     * one row per class (per class and sensitive value): what a frequency-set table holds, in its column order.
     */
    Select<?> classes(DSLContext ctx, Node node) {
        List<Field<?>> groups = withSensitive(groups(node));
        groups.addAll(coarser(node));
        List<Field<?>> select = new ArrayList<>(groups);
        if (node.equals(distinctNode)) {
            select.add(rows);
            return ctx.select(select).from(from);
        }
        select.add(count);
        return ctx.select(select).from(from).groupBy(groups);
    }

    /** Only the count of each of the node's classes, named {@code name}: what a verdict aggregates. */
    Select<?> counts(DSLContext ctx, Node node, String name) {
        return ctx.select(count.as(name)).from(from).groupBy(groups(node));
    }

    /**
     * Under a model with a sensitive column: one row of {@link SqlSummary#figures} per class of the node, from its
     * counts per (class, sensitive value) in a derived table whose class columns are grouped by their aliases (Derby
     * matches a GROUP BY expression to the SELECT list only when spelled alike).
     */
    Select<?> figures(DSLContext ctx, Node node, boolean indicator) {
        if (sensitive == null) {
            throw new IllegalStateException("no sensitive column in this grouping");
        }
        List<Field<?>> groups = groups(node);
        List<SelectField<?>> inner = new ArrayList<>();
        List<Field<?>> classKey = new ArrayList<>();
        for (int j = 0; j < groups.size(); j++) {
            inner.add(groups.get(j).as(CLASS + j));
            classKey.add(DSL.field(DSL.name(VALUES, CLASS + j)));
        }
        inner.add(sensitive.as(SENSITIVE));
        inner.add(count.as(COUNT));
        Table<?> values = ctx.select(inner).from(from).groupBy(withSensitive(groups)).asTable(DSL.name(VALUES));
        List<SelectField<?>> figures = SqlSummary.figures(DSL.field(DSL.name(VALUES, COUNT), SQLDataType.BIGINT),
                DSL.field(DSL.name(VALUES, SENSITIVE)), indicator);
        return classKey.isEmpty() ? ctx.select(figures).from(values) : ctx.select(figures).from(values).groupBy(classKey);
    }

    /** The sensitive column of this grouping (null under k-anonymity). */
    Field<?> sensitiveField() {
        return sensitive;
    }

    private List<Field<?>> withSensitive(List<Field<?>> groups) {
        if (sensitive == null) {
            return groups;
        }
        List<Field<?>> all = new ArrayList<>(groups);
        all.add(sensitive);
        return all;
    }
}
