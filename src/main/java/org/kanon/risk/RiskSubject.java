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
import org.kanon.frequency.QuasiIdentifier;
import org.kanon.frequency.StarSchema;
import org.kanon.lattice.LevelVector;
import org.kanon.release.ReleaseRecord;
import org.kanon.release.SuppressMode;
import org.kanon.schema.Column;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.schema.TextValues;
import org.kanon.schema.hierarchy.HierarchyCatalog;

/**
 * What a risk analysis measures: a relation, the columns that are its quasi-identifiers there, and the rows it
 * suppressed, which are left out ({@code suppressed}: null when there are none to find). A table at a node of its
 * lattice is the star schema's join (each QI read at its level); a release is its relation as published, so the
 * figures are those of what a reader gets.
 */
public record RiskSubject(String description, List<String> quasiIdentifiers, String levels, Table<?> from,
                          List<Field<?>> columns, Condition suppressed, String note) {

    public RiskSubject {
        quasiIdentifiers = List.copyOf(quasiIdentifiers);
        columns = List.copyOf(columns);
    }

    /** The rows measured: all but the suppressed ones. */
    public Condition where() {
        return suppressed == null ? DSL.noCondition() : DSL.not(suppressed);
    }

    /** The table with every QI at its level of {@code node} (all 0: the raw table). */
    public static RiskSubject node(StarSchema schema, LevelVector node) {
        schema.validate(node);
        boolean raw = node.height() == 0;
        // the levels are a field of their own: in the description too, `risk --levels` printed them twice
        return new RiskSubject("table " + schema.fact().displayName(), schema.names(), raw ? null : node.toCsv(), schema.from(node),
                schema.generalized(node), null, null);
    }

    /**
     * A registered release as published, its suppressed rows left out as ARX does for anonymized data (its issue 259):
     * removed rows are not in the relation; starred rows (a global release's rows of classes too small, every QI
     * {@code *}) are the rows with {@code *} in every QI, counted as the relation holds them now (a view follows its
     * source), unless the release's levels put every QI at its root, where {@code *} is every row's value.
     */
    public static RiskSubject release(Database db, ReleaseRecord release) {
        TableResolver resolver = new TableResolver(db);
        SourceTable released = resolver.find(new TableResolver.TableName(release.relationSchema(), release.relationName(), true))
                .orElseThrow(() -> new InvalidInputException("release " + release.name() + ": its relation " + release.relation()
                        + " no longer exists"));
        DSLContext ctx = db.dsl();
        Table<?> relation = DSL.table(DSL.name(release.relationSchema(), release.relationName())).as(DSL.name("r"));
        List<String> names = release.qiNames();
        List<Field<?>> columns = new ArrayList<>();
        List<Condition> stars = new ArrayList<>();
        for (String name : names) {
            if (!released.hasColumn(name)) {
                throw new InvalidInputException("release " + release.name() + ": its relation " + release.relation()
                        + " has no column " + name + " (quasi-identifier of the release)");
            }
            Column column = released.column(name);
            Field<Object> cell = DSL.field(DSL.name("r", column.name()));
            columns.add(cell);
            stars.add(TextValues.of(cell, column, ctx.dialect()).eq(DSL.inline("*")));
        }
        boolean global = ReleaseRecord.GLOBAL.equals(release.recoding());
        boolean starred = global && SuppressMode.STAR.label().equals(release.suppressMode()) && !everyQiAtRoot(db, release, names);
        String note = release.twoTables() ? "a two-table release publishes its QI values un-generalized (anatomy) or permuted within groups "
                + "(permutation): the classes here are those of its QI table " + release.relation() + "; what it protects is the link to "
                + "the sensitive value, bounded by the groups (see kanon metrics)" : null;
        return new RiskSubject("release " + release.name(), names, global ? release.levels() : null, relation, columns,
                starred ? DSL.and(stars) : null, note);
    }

    private static boolean everyQiAtRoot(Database db, ReleaseRecord release, List<String> names) {
        SourceTable source = new TableResolver(db).find(new TableResolver.TableName(release.sourceSchema(), release.sourceTable(), true))
                .orElseThrow(() -> new InvalidInputException("release " + release.name() + ": its source table " + release.sourceSchema()
                        + "." + release.sourceTable() + " no longer exists"));
        List<QuasiIdentifier> qis = StarSchema.of(source, names, new HierarchyCatalog(db)).quasiIdentifiers();
        int[] levels = release.globalLevels();
        if (levels == null || levels.length != qis.size()) {
            return false;
        }
        for (int i = 0; i < qis.size(); i++) {
            if (levels[i] < qis.get(i).maxLevel()) {
                return false;
            }
        }
        return true;
    }
}
