package org.kanon.privacy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Name;
import org.jooq.Record;
import org.jooq.Select;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.kanon.schema.hierarchy.Dimension;

/**
 * The building blocks of a criterion's verdict in SQL ({@link Criterion#failingClasses}): over rows that carry a class
 * key (the generalized QIs) and the sensitive columns — a release relation for the stored re-check, the generalized
 * rows for a release view — the counts per (class, value) of a sensitive column, the class sizes, the table's
 * distribution, the population's rows per class and the sensitive column's dimension table. Every block is a derived
 * table of its own alias; class keys come out as {@code k1..kn} and are compared null-safely.
 */
public final class ClassSql {
    static final String SIZE = "n";
    static final String VALUE = "s";
    static final String COUNT = "c";
    static final String SHARE = "q";
    static final String TOTAL = "t";
    static final String POPULATION = "p";

    private final DSLContext ctx;
    private final Function<String, Table<?>> rows;
    private final List<Name> key;
    private final List<Boolean> nullable;
    private final Map<String, Name> sensitive;
    private final Function<String, Table<?>> population;
    private final Map<String, Dimension> hierarchies;
    private final BiFunction<Select<?>, Name, Table<?>> hashJoined;

    /**
     * {@code rows} gives the rows under an alias; {@code key} names their class-key columns ({@code nullable}: which may
     * hold NULL, a hierarchy mapping NULL at level 0), {@code sensitive} the column of each sensitive column the criteria
     * name; {@code population} gives the population's rows per class under an alias (columns {@code k1..kn} and
     * {@value #POPULATION}), or is null; {@code hierarchies} the sensitive columns' dimension tables by the criteria's
     * names; {@code hashJoined} makes a derived table the inner side of a hash join where the database needs telling
     * (Derby would evaluate it again for every outer row).
     */
    public ClassSql(DSLContext ctx, Function<String, Table<?>> rows, List<Name> key, List<Boolean> nullable, Map<String, Name> sensitive,
                    Function<String, Table<?>> population, Map<String, Dimension> hierarchies,
                    BiFunction<Select<?>, Name, Table<?>> hashJoined) {
        this.ctx = ctx;
        this.rows = rows;
        this.key = List.copyOf(key);
        this.nullable = List.copyOf(nullable);
        this.sensitive = Map.copyOf(sensitive);
        this.population = population;
        this.hierarchies = Map.copyOf(hierarchies);
        this.hashJoined = hashJoined;
    }

    DSLContext ctx() {
        return ctx;
    }

    /** The output name of class-key column i (0-based). */
    public static String keyName(int i) {
        return "k" + (i + 1);
    }

    /** The class key of derived table {@code alias}. */
    public List<Field<?>> key(String alias) {
        List<Field<?>> fields = new ArrayList<>();
        for (int i = 0; i < key.size(); i++) {
            fields.add(DSL.field(DSL.name(alias, keyName(i))));
        }
        return fields;
    }

    /** The class key of {@code alias}, named {@code k1..kn}. */
    List<Field<?>> keyAs(String alias) {
        List<Field<?>> fields = new ArrayList<>();
        for (int i = 0; i < key.size(); i++) {
            fields.add(DSL.field(DSL.name(alias, keyName(i))).as(DSL.name(keyName(i))));
        }
        return fields;
    }

    /** Rows {@code a} and {@code b} are of one class: equal keys, NULL-safe only in a column that may hold NULL. */
    public Condition sameClass(String a, String b) {
        Condition same = DSL.noCondition();
        for (int i = 0; i < key.size(); i++) {
            Field<Object> x = DSL.field(DSL.name(a, keyName(i)));
            Field<Object> y = DSL.field(DSL.name(b, keyName(i)));
            same = same.and(nullable.get(i) ? x.isNotDistinctFrom(y) : x.eq(y));
        }
        return same;
    }

    /** {@code select} as a derived table on the inner side of a join: hashed once, not evaluated again per outer row. */
    public Table<?> inner(Select<?> select, String alias) {
        return hashJoined.apply(select, DSL.name(alias));
    }

    private List<Field<?>> rawKey(String alias, boolean named) {
        List<Field<?>> fields = new ArrayList<>();
        for (int i = 0; i < key.size(); i++) {
            Field<Object> f = DSL.field(DSL.name(alias, key.get(i).last()));
            fields.add(named ? f.as(DSL.name(keyName(i))) : f);
        }
        return fields;
    }

    private Field<Object> sensitiveField(String alias, String column) {
        Name name = sensitive.get(column);
        if (name == null) {
            throw new IllegalArgumentException("no sensitive column " + column);
        }
        return DSL.field(DSL.name(alias, name.last()));
    }

    /** {@code k1..kn, s, c}: the rows per (class, value of {@code column}). */
    Select<?> perValue(String column) {
        String r = "pv";
        List<Field<?>> select = new ArrayList<>(rawKey(r, true));
        select.add(sensitiveField(r, column).as(DSL.name(VALUE)));
        select.add(DSL.count().cast(SQLDataType.BIGINT).as(DSL.name(COUNT)));
        List<Field<?>> groups = new ArrayList<>(rawKey(r, false));
        groups.add(sensitiveField(r, column));
        return ctx.select(select).from(rows.apply(r)).groupBy(groups);
    }

    Table<?> perValue(String column, String alias) {
        return perValue(column).asTable(DSL.name(alias));
    }

    /** {@code k1..kn, n}: the rows per class. */
    public Select<?> sizes() {
        String r = "sz";
        List<Field<?>> select = new ArrayList<>(rawKey(r, true));
        select.add(DSL.count().cast(SQLDataType.BIGINT).as(DSL.name(SIZE)));
        return ctx.select(select).from(rows.apply(r)).groupBy(rawKey(r, false));
    }

    public Table<?> sizes(String alias) {
        return sizes().asTable(DSL.name(alias));
    }

    /** {@code s, q}: the rows per value of {@code column} in all rows (the table's distribution). */
    Select<?> distribution(String column) {
        String r = "ds";
        return ctx.select(sensitiveField(r, column).as(DSL.name(VALUE)), DSL.count().cast(SQLDataType.BIGINT).as(DSL.name(SHARE)))
                .from(rows.apply(r)).groupBy(sensitiveField(r, column));
    }

    /** All rows, as a scalar subquery (evaluated once: it refers to nothing outside). */
    Field<Long> total() {
        return DSL.field(ctx.select(DSL.count().cast(SQLDataType.BIGINT)).from(rows.apply("tt")));
    }

    /** {@code k1..kn, p}: the population's rows per class. */
    Table<?> population(String alias) {
        if (population == null) {
            throw new IllegalStateException("no population");
        }
        return population.apply(alias);
    }

    Optional<Dimension> hierarchy(String column) {
        return Optional.ofNullable(hierarchies.get(column));
    }

    static Field<Long> bigint(String alias, String column) {
        return DSL.field(DSL.name(alias, column), SQLDataType.BIGINT);
    }

    /**
     * {@code f} as a floating-point number: times the literal 1E0, not a CAST, which jOOQ spells DECIMAL for MariaDB
     * (DECIMAL(10,0) there: every share rounded to a whole number).
     */
    @SuppressWarnings("unchecked")
    public static Field<Double> real(Field<?> f) {
        return ((Field<Number>) f).mul(DSL.inline(1.0)).coerce(SQLDataType.DOUBLE);
    }

    static Field<Double> dbl(String alias, String column) {
        return DSL.field(DSL.name(alias, column), SQLDataType.DOUBLE);
    }

    /** The failing classes of every criterion and of k, as one statement: {@code criterion, k1..kn}. */
    public Select<? extends Record> failing(Requirement requirement) {
        Select<? extends Record> union = belowK(requirement.k());
        for (Criterion c : requirement.criteria()) {
            String label = c.toString();
            Table<?> f = c.failingClasses(this).asTable(DSL.name("f"));
            List<Field<?>> select = new ArrayList<>();
            select.add(DSL.inline(label).cast(SQLDataType.VARCHAR(200)).as(DSL.name("criterion")));
            select.addAll(key("f"));
            union = union.unionAll((Select) ctx.select(select).from(f));
        }
        return union;
    }

    private Select<? extends Record> belowK(int k) {
        Table<?> n = sizes("z");
        List<Field<?>> select = new ArrayList<>();
        select.add(DSL.inline(k + "-anonymity").cast(SQLDataType.VARCHAR(200)).as(DSL.name("criterion")));
        select.addAll(key("z"));
        return ctx.select(select).from(n).where(bigint("z", SIZE).lt(DSL.inline((long) k)));
    }
}
