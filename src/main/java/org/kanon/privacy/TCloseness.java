package org.kanon.privacy;

import org.kanon.schema.hierarchy.Dimension;
import java.util.List;
import java.util.ArrayList;
import org.kanon.InvalidInputException;
import org.jooq.impl.DSL;
import org.jooq.Field;
import org.jooq.Table;
import org.jooq.Select;
import org.jooq.Record;
import java.util.Locale;

/**
 * t-closeness (Li, Li, Venkatasubramanian, ICDE 2007, Definition 2): the Earth Mover's Distance between the
 * sensitive column's distribution in every class and in the whole table is at most t, under the equal,
 * hierarchical or ordered ground distance ({@link EarthMoversDistance}). Monotone under generalization (the EMD is
 * convex in the class's distribution, and a union's distribution is a weighted mean of its parts': the paper's
 * generalization property); not with suppression. Distances are compared with a tolerance of
 * {@value EntropyLDiversity#TOLERANCE}, so a class exactly at t passes whatever order the sums were made in.
 */
public record TCloseness(Share t, EarthMoversDistance.Ground ground, String column) implements AttributeCriterion {

    @Override
    public boolean readsSensitiveHierarchy() {
        return ground == EarthMoversDistance.Ground.HIERARCHICAL;
    }

    @Override
    public String figure() {
        return "earth mover's distance";
    }

    @Override
    public String code() {
        return ModelCode.T_CLOSENESS + ";t=" + t + ";distance=" + ground.label() + ";sensitive=" + ModelCode.text(column);
    }

    @Override
    public ClassTest bind(Domain domain) {
        int a = domain.index(column);
        if (domain.columns().get(a).values().stream().anyMatch(java.util.Objects::isNull)) {
            // the distributions are compared value by value, in SQL by equality: NULL is no value to compare
            throw new InvalidInputException("--t: " + column + " holds NULL; t-closeness compares the distributions of its values, "
                    + "so fill or filter the NULL rows first");
        }
        EarthMoversDistance emd = ground.bind(domain.columns().get(a));
        double most = (double) t.numerator() / t.denominator() + EntropyLDiversity.TOLERANCE;
        return new ClassTest() {
            @Override
            public boolean accepts(ClassDetail c) {
                return emd.distance(c.histogram(a), c.size()) <= most;
            }

            @Override
            public String failure(ClassDetail c) {
                return String.format(Locale.ROOT, "has a distribution of %s at an earth mover's distance of %.4f from the table's, above t = %s",
                        column, emd.distance(c.histogram(a), c.size()), t);
            }

            @Override
            public double measure(ClassDetail c) {
                return emd.distance(c.histogram(a), c.size());
            }

            @Override
            public double deficit(ClassDetail c) {
                return Math.max(0, emd.distance(c.histogram(a), c.size()) - most);
            }
        };
    }

    @Override
    public Select<? extends Record> failingClasses(ClassSql sql) {
        double most = (double) t.numerator() / t.denominator() + EntropyLDiversity.TOLERANCE;
        return switch (ground) {
            case EQUAL -> equalFailing(sql, most);
            case HIERARCHICAL -> hierarchicalFailing(sql, most);
            case ORDERED -> orderedFailing(sql, most);
        };
    }

    /** {@code k1..kn, s, pp, qq}: per (class, value present in it) the class's share p and the table's share q of the value. */
    private Select<? extends Record> shares(ClassSql sql, List<Field<?>> more, Table<?> joined, org.jooq.Condition on) {
        Table<?> v = sql.perValue(column, "v");
        Table<?> z = sql.inner(sql.sizes(), "z");
        Table<?> qd = sql.inner(sql.distribution(column), "qd");
        List<Field<?>> select = new ArrayList<>(sql.keyAs("v"));
        select.add(DSL.field(DSL.name("v", ClassSql.VALUE)).as(DSL.name(ClassSql.VALUE)));
        select.addAll(more);
        select.add(ClassSql.real(ClassSql.bigint("v", ClassSql.COUNT)).div(ClassSql.real(ClassSql.bigint("z", ClassSql.SIZE))).as(DSL.name("pp")));
        select.add(ClassSql.real(ClassSql.bigint("qd", ClassSql.SHARE)).div(ClassSql.real(sql.total())).as(DSL.name("qq")));
        var from = v.join(z).on(sql.sameClass("v", "z")).join(qd).on(DSL.field(DSL.name("qd", ClassSql.VALUE)).eq(DSL.field(DSL.name("v", ClassSql.VALUE))));
        return sql.ctx().select(select).from(joined == null ? from : from.join(joined).on(on));
    }

    /**
     * {@code 1/2 sum |p - q|} above t, over the values a class holds only: each absent value adds its q, so the sum is
     * {@code 1 + sum over present values of (|p - q| - q)}.
     */
    private Select<? extends Record> equalFailing(ClassSql sql, double most) {
        Table<?> e = shares(sql, List.of(), null, null).asTable(DSL.name("e"));
        Field<Double> p = ClassSql.dbl("e", "pp");
        Field<Double> q = ClassSql.dbl("e", "qq");
        return sql.ctx().select(sql.keyAs("e")).from(e).groupBy(sql.key("e"))
                .having(DSL.inline(0.5).mul(DSL.inline(1.0).plus(ClassSql.real(DSL.sum(DSL.abs(p.minus(q)).minus(q))))).gt(DSL.inline(most)));
    }

    /**
     * Level by level up the dimension table of the column, over the nodes a class holds rows under: a node's extra
     * is {@code P(N) - Q(N)}, the class's and the table's shares of its subtree, and its cost is {@code j/H min(pos, neg)}
     * = {@code j/H (pos - max(0, extra))}, pos summing its children's positive extras (only children the class holds
     * can be positive); the costs add up to the EMD at the top.
     */
    private Select<? extends Record> hierarchicalFailing(ClassSql sql, double most) {
        Dimension d = sql.hierarchy(column).orElseThrow(() -> new InvalidInputException("--closeness hierarchical: " + column
                + " has no hierarchy bound; bind one (kanon hierarchy import or build) or use --closeness equal"));
        int height = d.height();
        List<Field<?>> labels = new ArrayList<>();
        for (int j = 1; j <= height; j++) {
            labels.add(d.level("h", j).as(DSL.name("l" + j)));
        }
        Table<?> leaves = shares(sql, labels, d.table("h"), d.key("h").eq(DSL.field(DSL.name("v", ClassSql.VALUE)))).asTable(DSL.name("e0"));
        List<Field<?>> first = new ArrayList<>(sql.keyAs("e0"));
        for (int j = 1; j <= height; j++) {
            first.add(DSL.field(DSL.name("e0", "l" + j)).as(DSL.name("l" + j)));
        }
        first.add(ClassSql.dbl("e0", "pp").as(DSL.name("pp")));
        first.add(ClassSql.dbl("e0", "pp").minus(ClassSql.dbl("e0", "qq")).as(DSL.name("e")));
        first.add(DSL.inline(0.0).as(DSL.name("acc")));
        Table<?> below = sql.ctx().select(first).from(leaves).asTable(DSL.name("n0"));
        for (int j = 1; j <= height; j++) {
            String prev = "n" + (j - 1);
            Field<Double> e = ClassSql.dbl(prev, "e");
            List<Field<?>> grouped = new ArrayList<>(sql.keyAs(prev));
            List<Field<?>> groups = new ArrayList<>(sql.key(prev));
            List<Field<?>> nodeLabels = new ArrayList<>();
            List<Field<?>> nodeGroups = new ArrayList<>();
            org.jooq.Condition sameNode = DSL.noCondition();
            for (int i = j; i <= height; i++) {
                grouped.add(DSL.field(DSL.name(prev, "l" + i)).as(DSL.name("l" + i)));
                groups.add(DSL.field(DSL.name(prev, "l" + i)));
                nodeLabels.add(d.level("h", i).as(DSL.name("l" + i)));
                nodeGroups.add(d.level("h", i));
                sameNode = sameNode.and(DSL.field(DSL.name("a", "l" + i)).eq(DSL.field(DSL.name("b", "l" + i))));
            }
            grouped.add(ClassSql.real(DSL.sum(DSL.when(e.gt(DSL.inline(0.0)), e).else_(DSL.inline(0.0)))).as(DSL.name("pos")));
            grouped.add(ClassSql.real(DSL.sum(ClassSql.dbl(prev, "pp"))).as(DSL.name("pp")));
            grouped.add(ClassSql.real(DSL.sum(ClassSql.dbl(prev, "acc"))).as(DSL.name("acc")));
            Table<?> a = sql.ctx().select(grouped).from(below).groupBy(groups).asTable(DSL.name("a"));
            // the table's share of each node of level j
            Table<?> qd = sql.distribution(column).asTable(DSL.name("qd"));
            List<Field<?>> tableShare = new ArrayList<>(nodeLabels);
            tableShare.add(ClassSql.real(DSL.sum(ClassSql.bigint("qd", ClassSql.SHARE))).as(DSL.name("qn")));
            Table<?> b = sql.inner(sql.ctx().select(tableShare).from(qd).join(d.table("h")).on(d.key("h").eq(DSL.field(DSL.name("qd", ClassSql.VALUE))))
                    .groupBy(nodeGroups), "b");
            // the table's share divided here, outside the GROUP BY: Derby takes no subquery in a grouped select list
            Field<Double> extra = ClassSql.dbl("a", "pp").minus(ClassSql.dbl("b", "qn").div(ClassSql.real(sql.total())));
            List<Field<?>> next = new ArrayList<>(sql.keyAs("a"));
            for (int i = j; i <= height; i++) {
                next.add(DSL.field(DSL.name("a", "l" + i)).as(DSL.name("l" + i)));
            }
            next.add(ClassSql.dbl("a", "pp").as(DSL.name("pp")));
            next.add(extra.as(DSL.name("e")));
            next.add(ClassSql.dbl("a", "acc").plus(DSL.inline((double) j / height).mul(ClassSql.dbl("a", "pos")
                    .minus(DSL.when(extra.gt(DSL.inline(0.0)), extra).else_(DSL.inline(0.0))))).as(DSL.name("acc")));
            below = sql.ctx().select(next).from(a).join(b).on(sameNode).asTable(DSL.name("n" + j));
        }
        String top = "n" + height;
        return sql.ctx().select(sql.keyAs(top)).from(below).where(ClassSql.dbl(top, "acc").gt(DSL.inline(most)));
    }

    /**
     * {@code 1/(m-1) sum_i |P(<= v_i) - Q(<= v_i)|} above t, over all m values of the table in ascending order: every
     * class against every value (joined through a constant, so the values are hashed once), the class's running share
     * by a join to the values it holds up to v_i, the table's by a self-join of the values.
     */
    private Select<? extends Record> orderedFailing(ClassSql sql, double most) {
        Field<Object> s = DSL.field(DSL.name("da", ClassSql.VALUE));
        Table<?> da = sql.distribution(column).asTable(DSL.name("da"));
        Table<?> db = sql.distribution(column).asTable(DSL.name("db"));
        Table<?> running = sql.ctx().select(s.as(DSL.name(ClassSql.VALUE)),
                        ClassSql.real(DSL.sum(ClassSql.bigint("db", ClassSql.SHARE))).as(DSL.name("qn")),
                        DSL.inline(1).as(DSL.name("one")))
                .from(da).join(db).on(DSL.field(DSL.name("db", ClassSql.VALUE)).le(s)).groupBy(s).asTable(DSL.name("c"));
        List<Field<?>> classes = new ArrayList<>(sql.keyAs("z"));
        classes.add(ClassSql.bigint("z", ClassSql.SIZE).as(DSL.name(ClassSql.SIZE)));
        classes.add(DSL.inline(1).as(DSL.name("one")));
        Table<?> z = sql.ctx().select(classes).from(sql.sizes("z")).asTable(DSL.name("zz"));
        Table<?> c = sql.inner(sql.ctx().selectFrom(running), "cc");
        List<Field<?>> pairs = new ArrayList<>(sql.keyAs("zz"));
        pairs.add(ClassSql.bigint("zz", ClassSql.SIZE).as(DSL.name(ClassSql.SIZE)));
        pairs.add(DSL.field(DSL.name("cc", ClassSql.VALUE)).as(DSL.name(ClassSql.VALUE)));
        pairs.add(ClassSql.dbl("cc", "qn").div(ClassSql.real(sql.total())).as(DSL.name("qq")));
        Table<?> x = sql.ctx().select(pairs).from(z).join(c).on(DSL.field(DSL.name("zz", "one")).eq(DSL.field(DSL.name("cc", "one"))))
                .asTable(DSL.name("x"));
        Table<?> v = sql.inner(sql.perValue(column), "v");
        List<Field<?>> cumulative = new ArrayList<>(sql.keyAs("x"));
        cumulative.add(ClassSql.real(DSL.coalesce(DSL.sum(ClassSql.bigint("v", ClassSql.COUNT)), DSL.inline(java.math.BigDecimal.ZERO)))
                .div(ClassSql.real(ClassSql.bigint("x", ClassSql.SIZE))).minus(ClassSql.dbl("x", "qq")).as(DSL.name("d")));
        List<Field<?>> groups = new ArrayList<>(sql.key("x"));
        groups.add(DSL.field(DSL.name("x", ClassSql.VALUE)));
        groups.add(ClassSql.bigint("x", ClassSql.SIZE));
        groups.add(ClassSql.dbl("x", "qq"));
        Table<?> y = sql.ctx().select(cumulative).from(x).leftJoin(v).on(sql.sameClass("x", "v")
                .and(DSL.field(DSL.name("v", ClassSql.VALUE)).le(DSL.field(DSL.name("x", ClassSql.VALUE))))).groupBy(groups).asTable(DSL.name("y"));
        return sql.ctx().select(sql.keyAs("y")).from(y).groupBy(sql.key("y"))
                .having(DSL.count().gt(DSL.inline(1)).and(ClassSql.real(DSL.sum(DSL.abs(ClassSql.dbl("y", "d"))))
                        .gt(DSL.inline(most).mul(ClassSql.real(DSL.count().minus(DSL.inline(1)))))));
    }

    @Override
    public String toString() {
        return t + "-closeness of " + column + " (" + ground.label() + " distance)";
    }
}
