package org.kanon.frequency;

import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.DataType;
import org.jooq.Field;
import org.jooq.Record6;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.kanon.db.Database;
import org.kanon.db.Relations;
import org.kanon.db.ScratchTables;
import org.kanon.lattice.LevelVector;
import org.kanon.lattice.Node;
import org.kanon.schema.ColumnTypes;
import org.kanon.schema.hierarchy.Dimension;

/**
 * The database executor: every frequency set is a temporary table {@code fs_N} holding generalized values and
 * counts (Incognito, section 1.1 and 3.1), computed either by one GROUP BY over the star schema (a scan) or by
 * the rollup of section 2: the finer set joined to the dimension tables it needs, {@code SUM(cnt) GROUP BY} the
 * coarser labels. Only summaries (five numbers) leave the database. Temporary tables are private to a
 * connection, so the executor holds one for its whole life and gives it back in {@link #close()}.
 */
public final class SqlExecutor implements FrequencyExecutor {
    private static final String FINER = "f";
    private static final String LABEL_FROM = "lf";
    private static final String LABEL_TO = "lt";
    /** Derby's longest VARCHAR; used only when the catalog cannot tell a level column's width. */
    private static final int WIDEST_VARCHAR = 32672;

    private final StarSchema schema;
    private final ScratchTables tables;
    private final long rows;
    private final int[] heights;
    /** Column type of QI a at level l in a frequency-set table. */
    private final DataType<?>[][] types;
    private final ExecutorStats stats = new ExecutorStats();

    private SqlExecutor(StarSchema schema, ScratchTables tables, long rows, DataType<?>[][] types) {
        this.schema = schema;
        this.tables = tables;
        this.rows = rows;
        this.types = types;
        this.heights = schema.quasiIdentifiers().stream().mapToInt(QuasiIdentifier::maxLevel).toArray();
    }

    /** Checks the source like {@link MemoryExecutor#load} (NULLs, row count) and takes a connection for the sets. */
    public static SqlExecutor open(Database db, StarSchema schema) {
        return open(db, schema, new SourceIntegrity(db.dsl()).checkNullsAndCount(schema));
    }

    /** For a caller that has already run {@link SourceIntegrity#checkNullsAndCount} and knows the row count. */
    public static SqlExecutor open(Database db, StarSchema schema, long rows) {
        ScratchTables tables = ScratchTables.open(db);
        try {
            List<QuasiIdentifier> qis = schema.quasiIdentifiers();
            DataType<?>[][] types = new DataType<?>[qis.size()][];
            for (int a = 0; a < qis.size(); a++) {
                types[a] = levelTypes(tables.dsl(), qis.get(a));
            }
            SqlExecutor executor = new SqlExecutor(schema, tables, rows, types);
            executor.stats.statements(1);
            return executor;
        } catch (RuntimeException e) {
            tables.close();
            throw e;
        }
    }

    /**
     * Level 0 holds raw values, typed like the source column (they join the dimension key V); higher levels hold
     * labels, as wide as the dimension's level column. Derby's temporary tables need these types spelled out.
     */
    private static DataType<?>[] levelTypes(DSLContext ctx, QuasiIdentifier qi) {
        DataType<?>[] t = new DataType<?>[qi.maxLevel() + 1];
        t[0] = ColumnTypes.dataType(qi.column());
        if (qi.dimension().isEmpty()) {
            return t;
        }
        Dimension d = qi.dimension().get();
        Map<String, Integer> widths = columnWidths(ctx, d);
        for (int l = 1; l < t.length; l++) {
            int w = widths.getOrDefault(d.levelColumnPrefix() + l, WIDEST_VARCHAR);
            t[l] = SQLDataType.VARCHAR(Math.max(1, Math.min(w, WIDEST_VARCHAR)));
        }
        return t;
    }

    private static Map<String, Integer> columnWidths(DSLContext ctx, Dimension d) {
        return ctx.connectionResult(c -> {
            Map<String, Integer> widths = new HashMap<>();
            DatabaseMetaData meta = c.getMetaData();
            try (ResultSet rs = meta.getColumns(null, Relations.escape(meta, d.schema()), Relations.escape(meta, d.table()), null)) {
                while (rs.next()) {
                    if (d.schema().equals(rs.getString("TABLE_SCHEM")) && d.table().equals(rs.getString("TABLE_NAME"))) {
                        widths.put(rs.getString("COLUMN_NAME"), rs.getInt("COLUMN_SIZE"));
                    }
                }
            }
            return widths;
        });
    }

    @Override
    public int[] heights() {
        return heights.clone();
    }

    @Override
    public long rows() {
        return rows;
    }

    /** The connection the frequency sets live on, for other SQL that must see them (or use temporary tables). */
    public ScratchTables tables() {
        return tables;
    }

    /** {@code INSERT INTO fs_N SELECT g.., COUNT(*) FROM fact JOIN dims GROUP BY g..}; QIs at level 0 need no join. */
    @Override
    public FrequencySet scan(Node node) {
        long start = System.nanoTime();
        int[] levels = new int[heights.length];
        for (int j = 0; j < node.size(); j++) {
            levels[node.attribute(j)] = node.level(j);
        }
        LevelVector full = new LevelVector(levels); // levels 0 elsewhere: no joins for QIs outside the node
        schema.validate(full);
        List<Field<?>> groups = new ArrayList<>();
        for (int a : node.attributes()) {
            groups.add(schema.generalized(full, a));
        }
        List<Field<?>> select = new ArrayList<>(groups);
        select.add(DSL.count());
        SqlFrequencySet fs = create(node);
        DSLContext ctx = tables.dsl();
        ctx.insertInto(fs.table(), columns(node)).select(ctx.select(select).from(schema.from(full)).groupBy(groups)).execute();
        stats.statements(2);
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
        if (!(finer instanceof SqlFrequencySet source) || source.executor() != this) {
            throw new IllegalArgumentException("not a frequency set of this executor: " + finer.node());
        }
        Node from = source.node();
        if (!node.derivableFrom(from)) {
            throw new IllegalArgumentException(node + " cannot be derived from " + from);
        }
        DSLContext ctx = tables.dsl();
        Table<?> joined = source.table().as(DSL.name(FINER));
        List<Field<?>> groups = new ArrayList<>();
        for (int j = 0; j < node.size(); j++) {
            int a = node.attribute(j);
            int finerLevel = from.levelOf(a);
            int level = node.level(j);
            Field<Object> value = DSL.field(DSL.name(FINER, columnName(a)));
            if (level == finerLevel) {
                groups.add(value);
                continue;
            }
            Dimension d = schema.quasiIdentifiers().get(a).dimension().orElseThrow();
            String alias = "d" + (a + 1);
            if (finerLevel == 0) {
                joined = joined.join(d.table(alias)).on(keyJoin(value, d, alias));
                groups.add(d.level(alias, level));
            } else {
                Table<?> mapping = ctx.selectDistinct(d.level("d", finerLevel).as(LABEL_FROM), d.level("d", level).as(LABEL_TO))
                        .from(d.table("d")).asTable(DSL.name(alias));
                joined = joined.join(mapping).on(value.eq(DSL.field(DSL.name(alias, LABEL_FROM))));
                groups.add(DSL.field(DSL.name(alias, LABEL_TO), String.class));
            }
        }
        List<Field<?>> select = new ArrayList<>(groups);
        select.add(DSL.sum(DSL.field(DSL.name(FINER, countName()), SQLDataType.BIGINT)).cast(SQLDataType.BIGINT));
        SqlFrequencySet fs = create(node);
        ctx.insertInto(fs.table(), columns(node)).select(ctx.select(select).from(joined).groupBy(groups)).execute();
        stats.statements(2);
        stats.derived();
        stats.time(start);
        return fs;
    }

    /** Raw value = key, and NULL = NULL when the hierarchy maps NULL (its NULL row would not join otherwise). */
    private static Condition keyJoin(Field<Object> value, Dimension d, String alias) {
        Field<Object> key = d.key(alias);
        Condition equal = value.eq(key);
        return d.mapsNull() ? equal.or(value.isNull().and(key.isNull())) : equal;
    }

    /** Count, smallest class, rows, rows and classes below k: one aggregate over the set's table. */
    FrequencySummary summarize(SqlFrequencySet fs, int k) {
        long start = System.nanoTime();
        Field<Long> cnt = countColumn();
        Field<Integer> kValue = DSL.val(k);
        Field<Long> bigK = kValue.cast(SQLDataType.BIGINT);
        Record6<Integer, Long, java.math.BigDecimal, java.math.BigDecimal, java.math.BigDecimal, java.math.BigDecimal> r = tables.dsl().select(
                        DSL.count(),
                        DSL.min(cnt),
                        DSL.sum(cnt),
                        DSL.sum(DSL.when(cnt.lt(bigK), cnt).else_(DSL.inline(0L))),
                        DSL.sum(DSL.when(cnt.lt(bigK), DSL.inline(1)).else_(DSL.inline(0))),
                        DSL.sum(DSL.when(cnt.ge(bigK), cnt.mul(cnt)).else_(DSL.inline(0L))))
                .from(fs.table())
                .fetchSingle();
        stats.statements(1);
        stats.summarized();
        stats.time(start);
        FrequencySummary s = new FrequencySummary(asLong(r.value3()), r.value1(), r.value2() == null ? 0 : r.value2(),
                asLong(r.value4()), asLong(r.value5()), k, asLong(r.value6()));
        if (s.rows() != rows) {
            // an inner join lost rows whose value is missing from a hierarchy: the set would look more anonymous
            throw new SourceIntegrity(tables.dsl()).missingFromHierarchies(schema, rows, s.rows());
        }
        return s;
    }

    private static long asLong(Number n) {
        return n == null ? 0 : n.longValue();
    }

    private SqlFrequencySet create(Node node) {
        List<Field<?>> definitions = new ArrayList<>();
        for (int j = 0; j < node.size(); j++) {
            int a = node.attribute(j);
            definitions.add(DSL.field(DSL.name(columnName(a)), types[a][node.level(j)]));
        }
        definitions.add(DSL.field(DSL.name(countName()), SQLDataType.BIGINT.notNull()));
        return new SqlFrequencySet(this, node, tables.create("fs", definitions));
    }

    void drop(Table<?> table) {
        tables.drop(table);
        stats.statements(1);
    }

    private List<Field<?>> columns(Node node) {
        List<Field<?>> columns = new ArrayList<>();
        for (int a : node.attributes()) {
            columns.add(valueColumn(a));
        }
        columns.add(countColumn());
        return columns;
    }

    /** Column of QI {@code attribute} in every frequency-set table: q1, q2, .. as in {@link StarSchema#nameOf}. */
    Field<Object> valueColumn(int attribute) {
        return DSL.field(DSL.name(columnName(attribute)));
    }

    Field<Long> countColumn() {
        return DSL.field(DSL.name(countName()), SQLDataType.BIGINT);
    }

    private String columnName(int attribute) {
        return tables.name("q" + (attribute + 1)).last();
    }

    private String countName() {
        return tables.name(FrequencySets.COUNT).last();
    }

    @Override
    public ExecutorStats stats() {
        return stats;
    }

    @Override
    public void close() {
        tables.close();
    }
}
