package org.kanon.frequency;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Name;
import org.jooq.Record;
import org.jooq.Select;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.kanon.lattice.LevelVector;
import org.kanon.lattice.Node;
import org.kanon.privacy.ClassSql;
import org.kanon.privacy.Requirement;
import org.kanon.schema.hierarchy.Dimension;

/**
 * The sql executor under a {@link Requirement}: each node's verdict is computed by the database from the source rows,
 * the node's QIs generalized through the dimension tables, with the criteria's own SQL ({@link ClassSql}: counts per
 * class and sensitive value, the table's distribution, the population's classes joined) — one statement per node
 * checked (two under a population, for its classes without a row of the table). Nothing is stored between nodes:
 * a finer set is no help to a verdict on distributions, so {@link #derive} computes the coarser node afresh.
 */
public final class SqlRequirementExecutor implements FrequencyExecutor {
    private final DSLContext ctx;
    private final StarSchema schema;
    private final Requirement requirement;
    private final StarSchema population;
    private final Map<String, Dimension> hierarchies;
    private final BiFunction<Select<?>, Name, Table<?>> hashJoined;
    private final long rows;
    private final ExecutorStats stats = new ExecutorStats();

    /**
     * {@code population}: the population over the table's hierarchies, or null; {@code hierarchies}: the sensitive
     * columns' dimension tables by the criteria's names; {@code rows}: the table's rows.
     */
    public SqlRequirementExecutor(DSLContext ctx, StarSchema schema, Requirement requirement, StarSchema population,
                                  Map<String, Dimension> hierarchies, long rows) {
        this.ctx = ctx;
        this.schema = schema;
        this.requirement = requirement;
        this.population = population;
        this.hierarchies = Map.copyOf(hierarchies);
        this.hashJoined = schema.profile()::hashJoined;
        this.rows = rows;
    }

    /**
     * Opens the executor after the checks the memory executor's loading makes: NULLs and leaves of the table and the
     * population, the whole table's feasibility (its distributions read in one GROUP BY per sensitive column), and the
     * population holding at least the table's rows at every combination of QI values.
     */
    public static SqlRequirementExecutor open(DSLContext ctx, StarSchema schema, DetailColumns detail,
                                              Function<org.kanon.schema.Column, java.util.Optional<Dimension>> dimensions,
                                              Function<Dimension, org.kanon.schema.hierarchy.Hierarchy> hierarchy) {
        Requirement requirement = detail.requirement();
        SourceIntegrity integrity = new SourceIntegrity(ctx);
        long rows = integrity.checkNullsAndCount(schema);
        integrity.requireExactLeaves(schema);
        StarSchema people = detail.population();
        long populationRows = -1;
        if (people != null) {
            populationRows = integrity.checkNullsAndCount(people);
            integrity.requireExactLeaves(people);
        }
        java.util.Map<String, Dimension> dims = new java.util.HashMap<>();
        List<org.kanon.privacy.Domain.SensitiveValues> columns = new ArrayList<>();
        long[][] histograms = new long[detail.sensitive().size()][];
        for (int a = 0; a < detail.sensitive().size(); a++) {
            var column = detail.sensitive().get(a);
            String named = requirement.sensitiveColumns().get(a);
            Field<Object> f = schema.fact().field(StarSchema.FACT_ALIAS, column);
            List<Object> values = new ArrayList<>();
            List<Long> counts = new ArrayList<>();
            for (Record r : ctx.select(f, DSL.count()).from(schema.fact().table(StarSchema.FACT_ALIAS)).groupBy(f).fetch()) {
                values.add(org.kanon.schema.ColumnTypes.normalize(r.get(0)));
                counts.add(((Number) r.get(1)).longValue());
            }
            histograms[a] = counts.stream().mapToLong(Long::longValue).toArray();
            java.util.Optional<Dimension> d = requirement.readsSensitiveHierarchy(named) ? dimensions.apply(column) : java.util.Optional.empty();
            d.ifPresent(x -> dims.put(named, x));
            columns.add(new org.kanon.privacy.Domain.SensitiveValues(named, values, histograms[a], d.map(hierarchy)));
        }
        requirement.bind(new org.kanon.privacy.Domain(columns))
                .checkFeasible(new org.kanon.privacy.ClassDetail(rows, populationRows, histograms), schema.fact().displayName());
        SqlRequirementExecutor executor = new SqlRequirementExecutor(ctx, schema, requirement, people, dims, rows);
        if (people != null) {
            executor.requireSample();
        }
        return executor;
    }

    /** Refuses a population with fewer rows than the table at some combination of QI values (as the memory executor does). */
    private void requireSample() {
        int n = schema.quasiIdentifiers().size();
        int[] attributes = new int[n];
        for (int i = 0; i < n; i++) {
            attributes[i] = i;
        }
        ClassSql sql = blocks(new Node(attributes, new int[n]));
        Table<?> z = sql.sizes("z");
        Table<?> p = sql.inner(ctx.selectFrom(peopleAt(new Node(attributes, new int[n]), "pp")), "p");
        long short_ = number(ctx.selectCount().from(z).leftJoin(p).on(sql.sameClass("z", "p"))
                .where(DSL.coalesce(DSL.field(DSL.name("p", "p"), SQLDataType.BIGINT), DSL.inline(0L))
                        .lt(DSL.field(DSL.name("z", "n"), SQLDataType.BIGINT))).fetchSingle().get(0));
        if (short_ > 0) {
            throw new org.kanon.InvalidInputException("--population: " + population.fact().displayName() + " holds fewer rows than "
                    + schema.fact().displayName() + " for " + short_ + " combination(s) of QI values; the table must be a sample of the population");
        }
    }

    @Override
    public int[] heights() {
        return schema.quasiIdentifiers().stream().mapToInt(QuasiIdentifier::maxLevel).toArray();
    }

    @Override
    public long rows() {
        return rows;
    }

    @Override
    public FrequencySet scan(Node node) {
        long start = System.nanoTime();
        FrequencySummary summary = summarize(node);
        stats.scanned();
        stats.time(start);
        return new Judged(node, summary);
    }

    @Override
    public FrequencySet derive(FrequencySet finer, Node node) {
        return scan(node);
    }

    @Override
    public ExecutorStats stats() {
        return stats;
    }

    @Override
    public void close() {
        // nothing is held between statements
    }

    /** A node's verdict: the summary the database computed, no set kept. */
    private record Judged(Node node, FrequencySummary summary) implements FrequencySet {
        @Override
        public FrequencySummary summarize(int k) {
            return summary;
        }

        @Override
        public long rowsToRead() {
            return summary.classes();
        }

        @Override
        public void discard() {
        }
    }

    /** The node over all QIs, levels 0 for the QIs it lacks (those are not selected, so never joined either). */
    private LevelVector full(Node node) {
        int[] levels = new int[schema.quasiIdentifiers().size()];
        for (int i = 0; i < node.size(); i++) {
            levels[node.attribute(i)] = node.level(i);
        }
        return new LevelVector(levels);
    }

    /** The criteria's SQL blocks over the source rows generalized to {@code node}. */
    private ClassSql blocks(Node node) {
        LevelVector levels = full(node);
        List<Name> key = new ArrayList<>();
        List<Boolean> nullable = new ArrayList<>();
        for (int i = 0; i < node.size(); i++) {
            key.add(DSL.name("kanon q" + (i + 1)));
            int q = node.attribute(i);
            nullable.add(node.level(i) == 0 && schema.quasiIdentifiers().get(q).dimension().map(Dimension::mapsNull).orElse(true));
        }
        Function<String, Table<?>> rowsOf = alias -> {
            List<Field<?>> select = new ArrayList<>();
            for (int i = 0; i < node.size(); i++) {
                select.add(schema.generalized(levels, node.attribute(i)).as(key.get(i)));
            }
            for (String named : requirement.sensitiveColumns()) {
                var c = schema.fact().column(named);
                select.add(schema.fact().field(StarSchema.FACT_ALIAS, c).as(DSL.name(c.name())));
            }
            return ctx.select(select).from(schema.from(levels)).asTable(DSL.name(alias));
        };
        java.util.Map<String, Name> sensitive = new java.util.HashMap<>();
        for (String named : requirement.sensitiveColumns()) {
            sensitive.put(named, DSL.name(schema.fact().column(named).name()));
        }
        Function<String, Table<?>> people = population == null ? null : alias -> peopleAt(node, alias);
        return new ClassSql(ctx, rowsOf, key, nullable, sensitive, people, hierarchies, hashJoined);
    }

    /** {@code k1..kn, p}: the population's rows per class of {@code node}. */
    private Table<?> peopleAt(Node node, String alias) {
        LevelVector levels = full(node);
        List<Field<?>> select = new ArrayList<>();
        List<Field<?>> groups = new ArrayList<>();
        for (int i = 0; i < node.size(); i++) {
            Field<?> g = population.generalized(levels, node.attribute(i));
            select.add(g.as(DSL.name(ClassSql.keyName(i))));
            groups.add(g);
        }
        select.add(DSL.count().cast(SQLDataType.BIGINT).as(DSL.name("p")));
        return ctx.select(select).from(population.from(levels)).groupBy(groups).asTable(DSL.name(alias));
    }

    private FrequencySummary summarize(Node node) {
        ClassSql sql = blocks(node);
        Select<? extends Record> failing = sql.failing(requirement);
        List<Field<?>> distinct = new ArrayList<>();
        for (int i = 0; i < node.size(); i++) {
            distinct.add(DSL.field(DSL.name("x", ClassSql.keyName(i))).as(DSL.name(ClassSql.keyName(i))));
        }
        distinct.add(DSL.inline(1).as(DSL.name("hit")));
        Select<?> failed = ctx.selectDistinct(distinct).from(failing.asTable(DSL.name("x")));
        Table<?> z = sql.sizes("z");
        Table<?> f = sql.inner(failed, "f");
        Field<Long> n = DSL.field(DSL.name("z", "n"), SQLDataType.BIGINT);
        Field<Integer> hit = DSL.field(DSL.name("f", "hit"), SQLDataType.INTEGER);
        Record r = ctx.select(DSL.count(), DSL.min(n), DSL.sum(n),
                        DSL.sum(DSL.when(hit.isNull(), DSL.inline(0L)).else_(n)),
                        DSL.sum(DSL.when(hit.isNull(), DSL.inline(0)).else_(DSL.inline(1))),
                        DSL.sum(DSL.when(hit.isNull(), n.mul(n)).else_(DSL.inline(0L))))
                .from(z).leftJoin(f).on(sql.sameClass("z", "f")).fetchSingle();
        stats.statements(1);
        long classes = number(r.get(0));
        long rowsBelow = number(r.get(3));
        long classesBelow = number(r.get(4));
        if (population != null) {
            // a class of the population without a row of the table can fail (delta-presence): one failing "row" each
            long alone = number(ctx.selectCount().from(failed.asTable(DSL.name("f1"))).leftJoin(sql.inner(sql.sizes(), "z2"))
                    .on(sql.sameClass("f1", "z2")).where(DSL.field(DSL.name("z2", "n")).isNull()).fetchSingle().get(0));
            stats.statements(1);
            rowsBelow += alone;
            classesBelow += alone;
        }
        return new FrequencySummary(number(r.get(2)), classes, number(r.get(1)), rowsBelow, classesBelow, requirement.k(), number(r.get(5)));
    }

    private static long number(Object o) {
        return o == null ? 0 : ((Number) o).longValue();
    }
}
