package org.kanon.risk;

import java.util.ArrayList;
import java.util.List;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.frequency.StarSchema;
import org.kanon.lattice.LevelVector;
import org.kanon.release.ReleaseRecord;
import org.kanon.release.SuppressMode;
import org.kanon.schema.Column;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.schema.TextValues;

/**
 * What a risk analysis measures: a relation, the columns that are its quasi-identifiers there, and the suppressed
 * rows to leave out. A table at a node of its lattice is the star schema's join (each QI read at its level); a
 * release is its relation as published, so the figures are those of what a reader gets.
 */
public record RiskSubject(String description, List<String> quasiIdentifiers, String levels, Table<?> from,
                          List<Field<?>> columns, Condition where, List<Field<String>> texts, long starredRows, String note) {

    public RiskSubject {
        quasiIdentifiers = List.copyOf(quasiIdentifiers);
        columns = List.copyOf(columns);
        texts = texts == null ? null : List.copyOf(texts);
    }

    /** The table with every QI at its level of {@code node} (all 0: the raw table). */
    public static RiskSubject node(StarSchema schema, LevelVector node) {
        schema.validate(node);
        boolean raw = node.height() == 0;
        String description = "table " + schema.fact().displayName() + (raw ? "" : " at levels " + node.toCsv());
        return new RiskSubject(description, schema.names(), raw ? null : node.toCsv(), schema.from(node),
                schema.generalized(node), DSL.noCondition(), null, 0, null);
    }

    /**
     * A registered release as published. Rows it suppressed are excluded, as ARX does for anonymized data (its issue
     * 259): removed rows are not in the relation; starred rows (every QI {@code *}) are taken out of the one class
     * they share with rows generalized to {@code *} everywhere.
     */
    public static RiskSubject release(Database db, ReleaseRecord release) {
        TableResolver resolver = new TableResolver(db);
        SourceTable released = resolver.find(new TableResolver.TableName(release.relationSchema(), release.relationName(), true))
                .orElseThrow(() -> new InvalidInputException("release " + release.name() + ": its relation " + release.relation()
                        + " no longer exists"));
        DSLContext ctx = db.dsl();
        Table<?> relation = DSL.table(DSL.name(release.relationSchema(), release.relationName())).as(DSL.name("r"));
        List<String> names = List.of(release.quasiIdentifiers().split(","));
        List<Field<?>> columns = new ArrayList<>();
        List<Field<String>> texts = new ArrayList<>();
        for (String name : names) {
            if (!released.hasColumn(name)) {
                throw new InvalidInputException("release " + release.name() + ": its relation " + release.relation()
                        + " has no column " + name + " (quasi-identifier of the release)");
            }
            Column column = released.column(name);
            Field<Object> cell = DSL.field(DSL.name("r", column.name()));
            columns.add(cell);
            texts.add(TextValues.of(cell, column, ctx.dialect()));
        }
        boolean starred = SuppressMode.STAR.label().equals(release.suppressMode());
        String levels = ReleaseRecord.GLOBAL.equals(release.recoding()) ? release.levels() : null;
        String note = release.twoTables() ? "a two-table release publishes its QI values un-generalized (anatomy) or permuted within groups "
                + "(permutation): the classes here are those of its QI table " + release.relation() + "; what it protects is the link to "
                + "the sensitive value, bounded by the groups (see kanon metrics)" : null;
        return new RiskSubject("release " + release.name(), names, levels, relation, columns, DSL.noCondition(), texts,
                starred ? release.rowsSuppressed() : 0, note);
    }
}
