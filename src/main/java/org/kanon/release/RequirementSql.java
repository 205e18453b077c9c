package org.kanon.release;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Name;
import org.jooq.Record;
import org.jooq.Select;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.kanon.db.Database;
import org.kanon.frequency.StarSchema;
import org.kanon.lattice.LevelVector;
import org.kanon.privacy.ClassSql;
import org.kanon.privacy.Requirement;
import org.kanon.schema.SourceTable;
import org.kanon.schema.hierarchy.Dimension;
import org.kanon.schema.hierarchy.HierarchyCatalog;

/**
 * A {@link Requirement}'s class verdicts in SQL for a full-domain release: the blocks of {@link ClassSql} over some
 * rows (the release relation for the stored re-check, the generalized rows for the release view), with the
 * population table generalized by the source's hierarchies at the release's node and the sensitive columns'
 * dimension tables where a criterion reads them. The population table is resolved before a release's transaction
 * (Derby's metadata, read on another connection, waits for the transaction's DDL).
 */
final class RequirementSql {
    private RequirementSql() {
    }

    /**
     * {@code rows} gives the rows under an alias, their class key in columns {@code key}; the sensitive columns keep
     * the source's names.
     */
    static ClassSql blocks(Database db, DSLContext ctx, StarSchema schema, LevelVector node, Requirement requirement,
                           SourceTable populationTable, Function<String, Table<?>> rows, List<Name> key) {
        Function<String, Table<?>> population = java.util.Optional.ofNullable(populationTable).map(table -> {
            StarSchema people = schema.over(table, "--population");
            return (Function<String, Table<?>>) alias -> {
                List<Field<?>> generalized = people.generalized(node);
                List<Field<?>> select = new ArrayList<>();
                for (int i = 0; i < generalized.size(); i++) {
                    select.add(generalized.get(i).as(DSL.name(ClassSql.keyName(i))));
                }
                select.add(DSL.count().cast(org.jooq.impl.SQLDataType.BIGINT).as(DSL.name("p")));
                return ctx.select(select).from(people.from(node)).groupBy(generalized).asTable(DSL.name(alias));
            };
        }).orElse(null);
        List<Boolean> nullable = new ArrayList<>();
        for (int i = 0; i < schema.quasiIdentifiers().size(); i++) {
            // only a raw value can be NULL: a hierarchy that maps NULL gives it a label above level 0
            nullable.add(node.level(i) == 0 && schema.quasiIdentifiers().get(i).dimension().map(Dimension::mapsNull).orElse(true));
        }
        return classSql(db, ctx, schema.fact(), requirement, population, rows, key, nullable);
    }

    private static ClassSql classSql(Database db, DSLContext ctx, SourceTable source, Requirement requirement,
                                     Function<String, Table<?>> population, Function<String, Table<?>> rows, List<Name> key,
                                     List<Boolean> nullable) {
        Map<String, Name> sensitive = new HashMap<>();
        Map<String, Dimension> hierarchies = new HashMap<>();
        for (String named : requirement.sensitiveColumns()) {
            var column = source.column(named);
            sensitive.put(named, DSL.name(column.name()));
            if (requirement.readsSensitiveHierarchy(named)) {
                new HierarchyCatalog(db).find(source, column).ifPresent(d -> hierarchies.put(named, d));
            }
        }
        return new ClassSql(ctx, rows, key, nullable, sensitive, population, hierarchies, db.profile()::hashJoined);
    }

    /**
     * The stored re-check of a local recoding under a requirement of its table's rows alone (no population): every
     * class of the release relation, keyed by its QI cells (text), that fails a criterion. A cell can be NULL only
     * where a row keeps a raw NULL: a QI without hierarchy or whose hierarchy maps NULL; the other keys are compared
     * by plain equality, which Derby's optimizer needs to hash-join the blocks.
     */
    static Select<? extends Record> localRecheck(Database db, DSLContext ctx, String relationSchema, String relationName, SourceTable source,
                                                 List<String> qiNames, Requirement requirement) {
        requirement.refuseForLocalRecoding("the re-check of a local recoding"); // a register that says otherwise was altered
        StarSchema schema = StarSchema.of(source, qiNames, new HierarchyCatalog(db));
        List<Name> key = new ArrayList<>();
        List<Boolean> nullable = new ArrayList<>();
        for (int i = 0; i < qiNames.size(); i++) {
            key.add(DSL.name(qiNames.get(i)));
            nullable.add(schema.quasiIdentifiers().get(i).dimension().map(Dimension::mapsNull).orElse(true));
        }
        return classSql(db, ctx, source, requirement, null, alias -> DSL.table(DSL.name(relationSchema, relationName)).as(alias), key, nullable)
                .failing(requirement);
    }

    /**
     * The stored re-check of a release under a requirement: {@code criterion, k1..kn} of every class the release
     * relation holds (or, for delta-presence, the generalized population holds) that fails a criterion. No row: the
     * release meets the requirement.
     */
    static Select<? extends Record> recheck(Database db, DSLContext ctx, String relationSchema, String relationName, StarSchema schema,
                                            LevelVector node, Requirement requirement, SourceTable population) {
        List<Name> key = new ArrayList<>();
        for (String q : schema.names()) {
            key.add(DSL.name(q));
        }
        return blocks(db, ctx, schema, node, requirement, population, alias -> DSL.table(DSL.name(relationSchema, relationName)).as(alias), key)
                .failing(requirement);
    }
}
