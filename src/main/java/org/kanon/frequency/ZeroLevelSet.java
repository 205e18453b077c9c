package org.kanon.frequency;

import java.util.ArrayList;
import java.util.List;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.ResultQuery;
import org.kanon.InvalidInputException;
import org.kanon.lattice.LevelVector;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.jooq.impl.DSL;
import org.kanon.privacy.ClassDetail;
import org.kanon.privacy.ClassStatistics;
import org.kanon.privacy.Domain;
import org.kanon.schema.hierarchy.Hierarchy;
import org.kanon.progress.Step;

/**
 * The zero-generalization frequency set of all quasi-identifiers (with the sensitive column, for a model that reads
 * one), read by one {@code GROUP BY} of the raw columns. Everything a search checks before it starts follows from
 * it without reading the table again: the row count is the sum of the counts, each QI's NULL rows are those of its
 * NULL group, and the whole table's sensitive figures are sums over the sensitive column's groups.
 */
public final class ZeroLevelSet {
    private final StarSchema schema;
    private final SensitiveColumn sensitive;
    private final DetailColumns detail;
    private final GroupedCodes groups;
    /** Groups of the table; under a population the population's groups follow them. */
    private final int sampleGroups;
    private final long rows;

    private ZeroLevelSet(StarSchema schema, SensitiveColumn sensitive, GroupedCodes groups) {
        this(schema, sensitive, null, groups, groups.size());
    }

    private ZeroLevelSet(StarSchema schema, SensitiveColumn sensitive, DetailColumns detail, GroupedCodes groups, int sampleGroups) {
        this.schema = schema;
        this.sensitive = sensitive;
        this.detail = detail;
        this.groups = groups;
        this.sampleGroups = sampleGroups;
        long sum = 0;
        for (int g = 0; g < sampleGroups; g++) {
            sum += groups.counts()[g];
        }
        this.rows = sum;
    }

    /**
     * The set under a {@link org.kanon.privacy.Requirement}: counted per (QI values, sensitive values) for the table
     * and, when a criterion reads a population, followed by the population's set per QI values (the population's
     * values must have leaves in the hierarchies, and each of the table's combinations of QI values must have at least
     * as many rows in the population: the table is a sample of it). The whole set is read: a memory executor's.
     */
    public static ZeroLevelSet readDetailed(DSLContext ctx, StarSchema schema, DetailColumns detail, boolean inTransaction, Step step) {
        int n = schema.quasiIdentifiers().size();
        GroupedCodes sample = readGroups(ctx, schema, detail.fields(schema), inTransaction, step);
        if (sample == null) {
            throw new InvalidInputException("--executor memory: the zero-level set of "
                    + schema.fact().displayName() + " has more groups than the memory executor's arrays hold");
        }
        if (detail.population() == null) {
            return new ZeroLevelSet(schema, null, detail, sample, sample.size());
        }
        StarSchema population = detail.population();
        SourceIntegrity integrity = new SourceIntegrity(ctx);
        integrity.checkNullsAndCount(population);
        integrity.requireExactLeaves(population);
        GroupedCodes people = readGroups(ctx, population, List.of(), inTransaction, step);
        if (people == null) {
            throw new InvalidInputException("--population: the zero-level set of "
                    + population.fact().displayName() + " has more groups than the memory executor's arrays hold");
        }
        ZeroLevelSet set = new ZeroLevelSet(schema, null, detail, sample.followedBy(people), sample.size());
        set.requireSample(n);
        return set;
    }

    /**
     * {@code inTransaction}: {@code ctx} is a transaction's already (a release's, whose check reads the set), so no
     * transaction of its own is opened inside it (DuckDB has no savepoints) and the session keeps its settings.
     */
    private static GroupedCodes readGroups(DSLContext ctx, StarSchema schema, List<Field<?>> extra, boolean inTransaction, Step step) {
        LevelVector zero = LevelVector.zero(schema.quasiIdentifiers().size());
        boolean inDatabase = !schema.profile().groupsZeroLevelInJvm();
        int columns = schema.quasiIdentifiers().size() + extra.size();
        if (inTransaction) {
            return GroupedCodes.read(groupsQuery(ctx, schema, zero, extra, inDatabase), columns, inDatabase, Long.MAX_VALUE, step);
        }
        return ctx.transactionResult(cfg -> {
            schema.profile().tuneFrequencySession(cfg.dsl());
            GroupedCodes read = GroupedCodes.read(groupsQuery(cfg.dsl(), schema, zero, extra, inDatabase), columns, inDatabase, Long.MAX_VALUE, step);
            schema.profile().resetFrequencySession(cfg.dsl());
            return read;
        });
    }

    /** The zero-level set's GROUP BY in the database, or the raw columns for the JVM to group. */
    private static ResultQuery<Record> groupsQuery(DSLContext ctx, StarSchema schema, LevelVector zero, List<Field<?>> extra, boolean inDatabase) {
        List<Field<?>> select = new ArrayList<>(schema.generalized(zero));
        select.addAll(extra);
        if (inDatabase) {
            List<Field<?>> withCount = new ArrayList<>(select);
            withCount.add(DSL.count());
            return ctx.select(withCount).from(schema.from(zero)).groupBy(select);
        }
        return ctx.select(select).from(schema.fact().table(StarSchema.FACT_ALIAS));
    }

    /** Refuses a population with fewer rows than the table at some combination of QI values. */
    private void requireSample(int n) {
        Map<List<Integer>, Long> balance = new HashMap<>();
        long[] counts = groups.counts();
        for (int g = 0; g < groups.size(); g++) {
            List<Integer> key = new ArrayList<>(n);
            for (int a = 0; a < n; a++) {
                key.add(groups.codes(a)[g]);
            }
            balance.merge(key, g < sampleGroups ? counts[g] : -counts[g], Long::sum);
        }
        long short_ = balance.values().stream().filter(b -> b > 0).count();
        if (short_ > 0) {
            throw new InvalidInputException("--population: " + detail.population().fact().displayName() + " holds fewer rows than "
                    + schema.fact().displayName() + " for " + short_ + " combination(s) of QI values; the table must be a sample of the population");
        }
    }

    /** The columns of a requirement's zero-level set, or null. */
    public DetailColumns detail() {
        return detail;
    }

    /** Groups of the table; the population's follow them up to {@link #groups()}. */
    int sampleGroups() {
        return sampleGroups;
    }

    /**
     * The requirement's domain: each sensitive column's values (codes of the columns after the QIs) and their rows in
     * the table, with the hierarchy of each column in {@code hierarchies} (by column name).
     */
    public Domain domain(Map<String, Hierarchy> hierarchies) {
        int n = schema.quasiIdentifiers().size();
        List<Domain.SensitiveValues> columns = new ArrayList<>();
        for (int i = 0; i < detail.sensitive().size(); i++) {
            String name = detail.requirement().sensitiveColumns().get(i); // as the criteria name it
            columns.add(new Domain.SensitiveValues(name, groups.values(n + i), tableCounts(n + i),
                    Optional.ofNullable(hierarchies.get(name))));
        }
        return new Domain(columns);
    }

    private long[] tableCounts(int column) {
        long[] byValue = new long[groups.values(column).size()];
        int[] codes = groups.codes(column);
        for (int g = 0; g < sampleGroups; g++) {
            byValue[codes[g]] += groups.counts()[g];
        }
        return byValue;
    }

    /** The whole table as one class of the requirement: its rows, the population's, each sensitive column's counts. */
    public ClassDetail wholeDetail() {
        int n = schema.quasiIdentifiers().size();
        long[][] histograms = new long[detail.sensitive().size()][];
        for (int i = 0; i < histograms.length; i++) {
            histograms[i] = tableCounts(n + i);
        }
        long population = -1;
        if (detail.population() != null) {
            population = 0;
            for (int g = sampleGroups; g < groups.size(); g++) {
                population += groups.counts()[g];
            }
        }
        return new ClassDetail(rows, population, histograms);
    }

    /**
     * Reads the whole set, for a memory executor asked for by name: more groups than its arrays hold (2^31) are
     * refused with the way out, never a silent switch of executor.
     */
    public static ZeroLevelSet readWhole(DSLContext ctx, StarSchema schema, SensitiveColumn sensitive, Step step) {
        ZeroLevelSet set = read(ctx, schema, sensitive, Long.MAX_VALUE, step);
        if (set == null) {
            throw new InvalidInputException("--executor memory: the zero-level set of "
                    + schema.fact().displayName() + " has more groups than the memory executor's arrays hold; use --executor sql");
        }
        return set;
    }

    /**
     * Reads the set (in a transaction, so PostgreSQL streams it); null when it has more than {@code maxGroups}
     * groups, which are then not read further. {@code sensitive} may be null (k-anonymity). Where the profile says
     * the JVM groups faster than the database (embedded Derby sorts to group), the raw QI columns are streamed and
     * grouped here as they arrive; no row is kept, only the groups' codes and counts.
     */
    public static ZeroLevelSet read(DSLContext ctx, StarSchema schema, SensitiveColumn sensitive, long maxGroups, Step step) {
        LevelVector zero = LevelVector.zero(schema.quasiIdentifiers().size());
        int columns = schema.quasiIdentifiers().size() + (sensitive == null ? 0 : 1);
        boolean inDatabase = !schema.profile().groupsZeroLevelInJvm();
        GroupedCodes groups = ctx.transactionResult(cfg -> {
            // the frequency executors' session settings (PostgreSQL: work_mem for a hash aggregate of millions of groups)
            // (a failed read rolls the transaction back, and with it PostgreSQL undoes the settings)
            schema.profile().tuneFrequencySession(cfg.dsl());
            GroupedCodes read = GroupedCodes.read(query(cfg.dsl(), schema, zero, sensitive, inDatabase), columns, inDatabase, maxGroups, step);
            schema.profile().resetFrequencySession(cfg.dsl());
            return read;
        });
        return groups == null ? null : new ZeroLevelSet(schema, sensitive, groups);
    }

    private static ResultQuery<Record> query(DSLContext ctx, StarSchema schema, LevelVector zero, SensitiveColumn sensitive,
                                             boolean grouped) {
        FrequencySets sets = new FrequencySets(ctx);
        if (grouped) {
            return sensitive == null ? sets.query(schema, zero) : sets.query(schema, zero, sensitive);
        }
        List<Field<?>> columns = new ArrayList<>(schema.generalized(zero));
        if (sensitive != null) {
            columns.add(sensitive.expression(ctx.dialect()));
        }
        return ctx.select(columns).from(schema.fact().table(StarSchema.FACT_ALIAS));
    }

    /** Refuses NULLs in a QI whose hierarchy does not map them, as {@link SourceIntegrity#checkNullsAndCount} does. */
    public ZeroLevelSet requireNullsMapped() {
        long[] nulls = new long[schema.quasiIdentifiers().size()];
        for (int i = 0; i < nulls.length; i++) {
            nulls[i] = groups.nullRows(i);
        }
        SourceIntegrity.refuseUnmappedNulls(schema, nulls);
        return this;
    }

    public StarSchema schema() {
        return schema;
    }

    /** The sensitive column grouped after the QIs, or null. */
    public SensitiveColumn sensitive() {
        return sensitive;
    }

    /** The rows of the table. */
    public long rows() {
        return rows;
    }

    /** Groups: classes under k-anonymity, (class, sensitive value) pairs with a sensitive column. */
    public int groups() {
        return groups.size();
    }

    GroupedCodes codes() {
        return groups;
    }

    /**
     * The whole table as one class under the sensitive column, as {@link FrequencySets#wholeTable} computes it in SQL:
     * its size, the rows of the sensitive class (the indicator's 1s), the rows of the most frequent value, and the
     * number of distinct values (NULL counts as one, as a GROUP BY makes it a group).
     */
    public ClassStatistics wholeTable() {
        if (sensitive == null) {
            return ClassStatistics.ofSize(rows);
        }
        int column = schema.quasiIdentifiers().size();
        int[] codes = groups.codes(column);
        long[] counts = groups.counts();
        List<Object> values = groups.values(column);
        long[] byValue = new long[values.size()];
        for (int g = 0; g < groups.size(); g++) {
            byValue[codes[g]] += counts[g];
        }
        long largest = 0;
        long sensitiveRows = 0;
        for (int v = 0; v < byValue.length; v++) {
            largest = Math.max(largest, byValue[v]);
            if (sensitive.indicator() && values.get(v) instanceof Number n && n.intValue() == 1) {
                sensitiveRows += byValue[v];
            }
        }
        return new ClassStatistics(rows, sensitiveRows, largest, byValue.length);
    }

    /** The sensitive column's code of each group: the 1/0 indicator as it is, else values by first appearance. */
    int[] sensitiveCodes() {
        int column = schema.quasiIdentifiers().size();
        int[] codes = groups.codes(column);
        if (!sensitive.indicator()) {
            return codes;
        }
        List<Object> values = groups.values(column);
        int[] indicator = new int[values.size()];
        for (int v = 0; v < indicator.length; v++) {
            indicator[v] = ((Number) values.get(v)).intValue();
        }
        int[] ones = new int[groups.size()];
        for (int g = 0; g < ones.length; g++) {
            ones[g] = indicator[codes[g]];
        }
        return ones;
    }
}
