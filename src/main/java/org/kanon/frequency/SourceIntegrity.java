package org.kanon.frequency;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.kanon.InvalidInputException;
import org.kanon.db.dialect.DatabaseProfile;
import org.kanon.db.dialect.DatabaseProfiles;
import org.kanon.schema.hierarchy.Dimension;

/**
 * Guards the joins of the star schema. An inner join silently loses rows whose value is missing from a dimension
 * table, and NULL never joins; both would make a table look more anonymous than it is. So NULLs are refused
 * unless the hierarchy maps them, and a frequency set that covers fewer rows than the table is an error that
 * counts the missing values (and says how to list them: they are data, never part of a message).
 */
public final class SourceIntegrity {
    private final DSLContext ctx;

    public SourceIntegrity(DSLContext ctx) {
        this.ctx = ctx;
    }

    /** Row count of the fact table, after refusing NULLs in quasi-identifiers whose hierarchy does not map them. */
    public long checkNullsAndCount(StarSchema schema) {
        List<Field<?>> select = new ArrayList<>();
        select.add(DSL.count());
        List<QuasiIdentifier> qis = schema.quasiIdentifiers();
        for (int i = 0; i < qis.size(); i++) {
            select.add(DSL.sum(DSL.when(schema.rawField(i).isNull(), DSL.inline(1)).else_(DSL.inline(0))));
        }
        Record r = ctx.select(select).from(schema.fact().table(StarSchema.FACT_ALIAS)).fetchSingle();
        long[] nulls = new long[qis.size()];
        for (int i = 0; i < qis.size(); i++) {
            Number n = (Number) r.get(i + 1);
            nulls[i] = n == null ? 0 : n.longValue();
        }
        refuseUnmappedNulls(schema, nulls);
        return ((Number) r.get(0)).longValue();
    }

    /** Refuses NULLs ({@code nullRows[i]} of QI i) in a quasi-identifier whose hierarchy does not map them. */
    public static void refuseUnmappedNulls(StarSchema schema, long[] nullRows) {
        List<QuasiIdentifier> qis = schema.quasiIdentifiers();
        for (int i = 0; i < qis.size(); i++) {
            QuasiIdentifier qi = qis.get(i);
            boolean mapped = qi.dimension().map(Dimension::mapsNull).orElse(false);
            if (nullRows[i] > 0 && !mapped) {
                throw new InvalidInputException("column " + schema.fact().displayName() + "." + qi.name() + " has "
                        + nullRows[i] + " NULL value(s); a quasi-identifier may hold NULL only when its hierarchy maps"
                        + " NULL (a hierarchy line whose first field is empty)");
            }
        }
    }

    /**
     * Called when a frequency set covers fewer rows than the table: names the attribute that lost rows, how many
     * distinct values and rows have no leaf in its dimension table, and a SELECT that lists those values. The values
     * themselves never go into the message (they are the table's data); the user runs the statement to see them.
     */
    public InvalidInputException missingFromHierarchies(StarSchema schema, long tableRows, long coveredRows) {
        return valuesWithoutLeaf(schema).orElseGet(() -> new InvalidInputException("only " + coveredRows + " of "
                + tableRows + " rows of " + schema.fact().displayName() + " join their hierarchies; bind the hierarchies again"));
    }

    /** The first QI column holding values its dimension table has no leaf for (as the database compares), named. */
    public Optional<InvalidInputException> valuesWithoutLeaf(StarSchema schema) {
        List<QuasiIdentifier> qis = schema.quasiIdentifiers();
        for (int i = 0; i < qis.size(); i++) {
            if (qis.get(i).dimension().isEmpty()) {
                continue;
            }
            Dimension d = qis.get(i).dimension().get();
            Field<Object> raw = schema.rawField(i);
            Table<?> withoutLeaf = withoutLeaf(schema, d, d.key("d").eq(raw));
            Condition missing = raw.isNotNull().and(d.key("d").isNull());
            Record counts = ctx.select(DSL.countDistinct(raw), DSL.count()).from(withoutLeaf).where(missing).fetchSingle();
            long values = ((Number) counts.get(0)).longValue();
            if (values > 0) {
                String listing = ctx.renderInlined(ctx.selectDistinct(raw).from(withoutLeaf).where(missing));
                return Optional.of(new InvalidInputException("column " + schema.fact().displayName() + "." + qis.get(i).name()
                        + " holds " + values + " distinct value(s), in " + ((Number) counts.get(1)).longValue()
                        + " row(s), missing from its hierarchy (" + d.displayName() + "); the data changed since the"
                        + " hierarchy was bound, bind it again (this lists them: " + listing + ")"));
            }
        }
        return Optional.empty();
    }

    /**
     * Refuses a quasi-identifier holding values that the database matches to a leaf of its hierarchy only by ignoring
     * trailing blanks or case ('53715 ' to 53715 on Derby, 'male' to Male under MariaDB's default collations): the
     * check would count both spellings as one class, and the release would show them as two, one of them perhaps a
     * single row. Every release and check asks this, whatever the executor; values with no leaf at all are named as
     * {@link #valuesWithoutLeaf} names them. Nothing to ask where the database compares text as written.
     */
    public void requireExactLeaves(StarSchema schema) {
        DatabaseProfile profile = DatabaseProfiles.of(ctx.dialect());
        if (profile.comparesTextAsWritten()) {
            return;
        }
        List<QuasiIdentifier> qis = schema.quasiIdentifiers();
        for (int i = 0; i < qis.size(); i++) {
            if (qis.get(i).dimension().isEmpty() || !qis.get(i).column().isVaryingText()) {
                continue;
            }
            Dimension d = qis.get(i).dimension().get();
            Field<Object> raw = schema.rawField(i);
            // each spelling once with its rows, then looked up among the leaves: a few values to join, not every row
            // (on Derby the row-by-row join cost 3 s on Adult's 7 text QIs)
            Table<?> spellings = ctx.select(raw.as(DSL.name("v")), DSL.count().as(DSL.name("n")))
                    .from(schema.fact().table(StarSchema.FACT_ALIAS)).where(raw.isNotNull())
                    .groupBy(raw, profile.exactText(raw)).asTable(DSL.name("s"));
            Field<Object> v = DSL.field(DSL.name("s", "v"));
            Field<Object> key = d.key("d");
            // the plain equality first: it finds the leaf as a key, the exact form then confirms it
            Condition exactLeaf = key.eq(v).and(profile.exactText(key).eq(profile.exactText(v)));
            Record counts = ctx.select(DSL.count(), DSL.sum(DSL.field(DSL.name("s", "n"), Long.class)))
                    .from(spellings.leftJoin(d.table("d")).on(exactLeaf)).where(key.isNull()).fetchSingle();
            long rows = counts.get(1) == null ? 0 : ((Number) counts.get(1)).longValue();
            if (rows > 0) {
                int attribute = i;
                throw valuesWithoutLeaf(schema).orElseGet(() ->
                        notExactlyInHierarchy(schema, attribute, ((Number) counts.get(0)).intValue(), rows));
            }
        }
    }

    /**
     * The fact table left-joined to the dimension table {@code d} on {@code leaf}: a row without a leaf has a NULL key
     * (the row a hierarchy maps NULL by never joins a value). Not NOT EXISTS: MariaDB caches a correlated subquery's
     * result per outer value as the outer column's collation compares, so under a case-insensitive one 'male' took
     * the answer found for 'Male'.
     */
    private static Table<?> withoutLeaf(StarSchema schema, Dimension d, Condition leaf) {
        return schema.fact().table(StarSchema.FACT_ALIAS).leftJoin(d.table("d")).on(leaf);
    }

    /**
     * Values the database matches to a leaf of the hierarchy but that differ from it as written (a trailing blank, or
     * case under a case-insensitive collation): a release would show two spellings of one class, which a reader tells
     * apart, so they are refused rather than counted as one.
     */
    public InvalidInputException notExactlyInHierarchy(StarSchema schema, int attribute, int values, long rows) {
        QuasiIdentifier qi = schema.quasiIdentifiers().get(attribute);
        return new InvalidInputException("column " + schema.fact().displayName() + "." + qi.name() + " holds " + values
                + " distinct value(s), in " + rows + " row(s), that equal a leaf of its hierarchy ("
                + qi.dimension().orElseThrow().displayName() + ") only as the database compares (ignoring trailing "
                + "blanks or case), not as written; a release would show both spellings: make the values match the "
                + "leaves as written");
    }
}
