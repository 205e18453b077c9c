package org.kanon.release;

import java.util.ArrayList;
import java.util.List;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Name;
import org.jooq.Record2;
import org.jooq.Select;
import org.jooq.SelectFieldOrAsterisk;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.kanon.schema.Column;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TextValues;

/**
 * The statement that re-checks a two-table release (permutation anonymization or Anatomy); it must return no row.
 * Each row it returns names the failed check and the group:
 * <ul>
 *   <li>{@code l-diversity}: a group of the sensitive table in which one value holds more than |G| / l rows;</li>
 *   <li>{@code <attribute>}: a group whose multiset of that QI attribute's values in the QI table differs from the
 *       partition's (a permutation moves values only within a group);</li>
 *   <li>{@code sensitive}: the same for the sensitive table;</li>
 *   <li>{@code source}: a (QI tuple, sensitive value) whose count in the partition record differs from the source's
 *       (a row lost, invented or changed).</li>
 * </ul>
 * Multisets are compared by {@code SUM(+1 / -1) ... GROUP BY ... HAVING SUM <> 0} over a UNION ALL, which runs on
 * Derby and PostgreSQL alike. Values are inlined when stored, so the statement can be pasted into any SQL client.
 */
public final class TwoTableRecheckQuery {
    /** The group id column of both tables of a two-table release and of its partition record. */
    public static final String GID = "GID";
    private static final String SIDE = "kanon side";

    private TwoTableRecheckQuery() {
    }

    public static Select<? extends Record2<String, Integer>> build(DSLContext ctx, SourceTable source, List<Column> qis, Column sensitive,
                                                                   Name qiTable, Name sensitiveTable, Name partition, int l) {
        Table<?> q = DSL.table(qiTable);
        Table<?> s = DSL.table(sensitiveTable);
        Table<?> p = DSL.table(partition);
        Field<Integer> gid = DSL.field(DSL.name(GID), Integer.class);
        Field<Object> value = DSL.field(DSL.name(sensitive.name()));

        // l-diversity: per group, the count of its most frequent value times l must not exceed its size
        Table<?> counts = ctx.select(gid, value, DSL.count().as(DSL.name("m"))).from(s).groupBy(gid, value).asTable(DSL.name("v"));
        Table<?> sizes = ctx.select(gid, DSL.count().as(DSL.name("n"))).from(s).groupBy(gid).asTable(DSL.name("g"));
        Select<Record2<String, Integer>> diversity = ctx.select(DSL.inline("l-diversity").as(DSL.name("check")),
                        DSL.field(DSL.name("v", GID), Integer.class).as(DSL.name(GID)))
                .from(counts).join(sizes).on(DSL.field(DSL.name("v", GID)).eq(DSL.field(DSL.name("g", GID))))
                .where(DSL.field(DSL.name("v", "m"), Long.class).mul(DSL.inline(l)).gt(DSL.field(DSL.name("g", "n"), Long.class)));

        Select<Record2<String, Integer>> all = diversity;
        for (Column c : qis) {
            all = all.unionAll(sameValues(ctx, c.name(), DSL.field(DSL.name(c.name())), q, p, gid));
        }
        all = all.unionAll(sameValues(ctx, "sensitive", value, s, p, gid));
        all = all.unionAll(sameAsSource(ctx, source, qis, sensitive, p));
        return all;
    }

    /** Groups whose multiset of this column differs between the released table and the partition record. */
    private static Select<Record2<String, Integer>> sameValues(DSLContext ctx, String label, Field<Object> column, Table<?> released,
                                                               Table<?> partition, Field<Integer> gid) {
        Field<Integer> side = DSL.field(DSL.name(SIDE), Integer.class);
        Table<?> both = ctx.select(gid, column, DSL.inline(1).as(DSL.name(SIDE))).from(released)
                .unionAll(ctx.select(gid, column, DSL.inline(-1).as(DSL.name(SIDE))).from(partition))
                .asTable(DSL.name("u"));
        Field<Integer> ugid = DSL.field(DSL.name("u", GID), Integer.class);
        Field<Object> ucol = DSL.field(DSL.name("u", column.getName()));
        return ctx.select(DSL.inline(label).as(DSL.name("check")), ugid.as(DSL.name(GID)))
                .from(both).groupBy(ugid, ucol).having(DSL.sum(DSL.field(DSL.name("u", SIDE), Integer.class)).ne(DSL.inline(java.math.BigDecimal.ZERO)));
    }

    /** (QI tuple, sensitive text) whose count differs between the partition record and the source. */
    private static Select<Record2<String, Integer>> sameAsSource(DSLContext ctx, SourceTable source, List<Column> qis, Column sensitive,
                                                                 Table<?> partition) {
        List<SelectFieldOrAsterisk> fromPartition = new ArrayList<>();
        List<SelectFieldOrAsterisk> fromSource = new ArrayList<>();
        List<Field<?>> group = new ArrayList<>();
        int i = 0;
        for (Column c : qis) {
            String alias = "c" + i++;
            fromPartition.add(DSL.field(DSL.name(c.name())).as(DSL.name(alias)));
            fromSource.add(DSL.field(DSL.name("f", c.name())).as(DSL.name(alias)));
            group.add(DSL.field(DSL.name("u", alias)));
        }
        fromPartition.add(DSL.field(DSL.name(sensitive.name())).as(DSL.name("s")));
        fromSource.add(TextValues.of(DSL.field(DSL.name("f", sensitive.name())), sensitive, ctx.dialect()).as(DSL.name("s")));
        group.add(DSL.field(DSL.name("u", "s")));
        fromPartition.add(DSL.inline(1).as(DSL.name(SIDE)));
        fromSource.add(DSL.inline(-1).as(DSL.name(SIDE)));
        Table<?> both = ctx.select(fromPartition).from(partition).unionAll(ctx.select(fromSource).from(source.table("f"))).asTable(DSL.name("u"));
        return ctx.select(DSL.inline("source").as(DSL.name("check")), DSL.inline((Integer) null, SQLDataType.INTEGER).as(DSL.name(GID)))
                .from(both).groupBy(group).having(DSL.sum(DSL.field(DSL.name("u", SIDE), Integer.class)).ne(DSL.inline(java.math.BigDecimal.ZERO)));
    }
}
