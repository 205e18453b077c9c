package org.kanon.db;

import java.util.List;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.SQLDialect;
import org.jooq.Table;
import org.jooq.impl.DSL;

/**
 * The views that read a table directly, as the database itself records them: the views that make it refuse to drop
 * the table (PostgreSQL 2BP01, Derby X0Y23). Asked of the system catalog rather than inferred from kanon's own
 * records, so a view kanon did not make counts too, and no name is ever parsed out of a stored list.
 */
public final class DependentViews {
    /** A view, by its schema and name as the database stores them. */
    public record View(String schema, String name) {
    }

    private DependentViews() {
    }

    /** The views that read {@code schema.table}, by schema and name; empty when there are none (or no such table). */
    public static List<View> of(DSLContext ctx, String schema, String table) {
        return ctx.dialect().family() == SQLDialect.DERBY ? derby(ctx, schema, table) : postgres(ctx, schema, table);
    }

    /** SYS.SYSDEPENDS: a view's row has the view's TABLEID as dependent and each table it reads as provider. */
    private static List<View> derby(DSLContext ctx, String schema, String table) {
        Table<?> depends = DSL.table(DSL.name("SYS", "SYSDEPENDS")).as("d");
        Table<?> views = DSL.table(DSL.name("SYS", "SYSTABLES")).as("v");
        Table<?> viewSchemas = DSL.table(DSL.name("SYS", "SYSSCHEMAS")).as("vs");
        Table<?> tables = DSL.table(DSL.name("SYS", "SYSTABLES")).as("t");
        Table<?> tableSchemas = DSL.table(DSL.name("SYS", "SYSSCHEMAS")).as("ts");
        Field<String> viewSchema = field("vs", "SCHEMANAME");
        Field<String> viewName = field("v", "TABLENAME");
        return ctx.selectDistinct(viewSchema, viewName)
                .from(depends)
                .join(views).on(field("v", "TABLEID").eq(field("d", "DEPENDENTID")))
                .join(viewSchemas).on(field("vs", "SCHEMAID").eq(field("v", "SCHEMAID")))
                .join(tables).on(field("t", "TABLEID").eq(field("d", "PROVIDERID")))
                .join(tableSchemas).on(field("ts", "SCHEMAID").eq(field("t", "SCHEMAID")))
                .where(field("ts", "SCHEMANAME").eq(schema))
                .and(field("t", "TABLENAME").eq(table))
                .and(field("v", "TABLETYPE").eq("V"))
                .orderBy(viewSchema, viewName)
                .fetch(r -> new View(r.value1(), r.value2()));
    }

    /**
     * pg_depend: a view reads through its rewrite rule (pg_rewrite), which depends on each table it reads; the rule
     * also depends on its own view, which is left out.
     */
    private static List<View> postgres(DSLContext ctx, String schema, String table) {
        Table<?> depend = pg("pg_depend", "d");
        Table<?> rewrite = pg("pg_rewrite", "r");
        Table<?> views = pg("pg_class", "v");
        Table<?> viewSchemas = pg("pg_namespace", "vn");
        Table<?> tables = pg("pg_class", "t");
        Table<?> tableSchemas = pg("pg_namespace", "tn");
        Field<String> viewSchema = field("vn", "nspname");
        Field<String> viewName = field("v", "relname");
        return ctx.selectDistinct(viewSchema, viewName)
                .from(depend)
                .join(rewrite).on(field("r", "oid").eq(field("d", "objid")).and(field("d", "classid").eq(regclass("pg_rewrite"))))
                .join(views).on(field("v", "oid").eq(field("r", "ev_class")))
                .join(viewSchemas).on(field("vn", "oid").eq(field("v", "relnamespace")))
                .join(tables).on(field("t", "oid").eq(field("d", "refobjid")).and(field("d", "refclassid").eq(regclass("pg_class"))))
                .join(tableSchemas).on(field("tn", "oid").eq(field("t", "relnamespace")))
                .where(field("tn", "nspname").eq(schema))
                .and(field("t", "relname").eq(table))
                .and(field("v", "oid").ne(field("t", "oid")))
                .orderBy(viewSchema, viewName)
                .fetch(r -> new View(r.value1(), r.value2()));
    }

    private static Table<?> pg(String catalogTable, String alias) {
        return DSL.table(DSL.name("pg_catalog", catalogTable)).as(alias);
    }

    /** The oid of a system catalog, as pg_depend's classid and refclassid hold it. */
    private static Field<Object> regclass(String catalogTable) {
        return DSL.field("{0}::regclass", DSL.inline("pg_catalog." + catalogTable));
    }

    private static <T> Field<T> field(String alias, String column) {
        @SuppressWarnings("unchecked")
        Field<T> f = (Field<T>) DSL.field(DSL.name(alias, column));
        return f;
    }
}
