package org.kanon.db;

import java.util.Arrays;
import java.util.regex.Pattern;
import org.jooq.DSLContext;
import org.jooq.Name;
import org.jooq.SQLDialect;
import org.jooq.Select;
import org.jooq.impl.DSL;

/**
 * Views that filter personal data. A reader of such a view must see its rows only, so on PostgreSQL every one is a
 * security barrier: the planner then evaluates the reader's own conditions only on rows the view lets through. A
 * plain view is merged into the reader's query, and a condition the reader wrote (a {@code pg_temp} function that
 * records its arguments, or a cast that fails with the text of the value) may run on the rows the view filters out.
 * Derby has no such option; embedded Derby has no reader role either (whoever opens the database reads every table).
 */
public final class Views {
    /** The end of every release view's definition on PostgreSQL, as pg_views shows it. */
    private static final Pattern OFFSET_FENCE = Pattern.compile("(?i)\\bOFFSET\\s+0[;\\s]*$");

    private Views() {
    }

    /**
     * Creates {@code view} as {@code select}, as a security barrier where the database has them. Called inside the
     * writing transaction, so no reader ever sees the view without its barrier.
     *
     * <p>On PostgreSQL the view is also {@code SELECT * FROM (select) OFFSET 0}. A security barrier still lets the
     * planner push a reader's <em>leakproof</em> conditions ({@code disease = 'Flu'}, {@code fnlwgt < 50000}) below the
     * view's filter, and {@code EXPLAIN ANALYZE} then shows how many of the filtered-out rows matched them: a reader
     * could find the values of suppressed rows by bisection. No condition is pushed into a query with an OFFSET, so
     * every condition of the reader's runs on the released rows only.
     */
    public static void createGuarded(DSLContext tx, Name view, Select<?> select) {
        if (tx.dialect().family() != SQLDialect.POSTGRES) {
            tx.createView(view).as(select).execute();
            return;
        }
        tx.createView(view).as(DSL.selectFrom(select.asTable(DSL.name("released"))).offset(DSL.inline(0))).execute();
        // jOOQ's CREATE VIEW has no WITH (options) clause; a second statement in the same transaction is atomic
        tx.query("ALTER VIEW {0} SET (security_barrier = true)", view).execute();
    }

    /** PostgreSQL: whether the view {@code schema.name} is a security barrier; other databases have none (false). */
    public static boolean isSecurityBarrier(DSLContext ctx, String schema, String name) {
        if (ctx.dialect().family() != SQLDialect.POSTGRES) {
            return false;
        }
        String[] options = ctx.select(DSL.field(DSL.name("c", "reloptions"), String[].class))
                .from(DSL.table(DSL.name("pg_catalog", "pg_class")).as("c"))
                .join(DSL.table(DSL.name("pg_catalog", "pg_namespace")).as("n"))
                .on(DSL.field(DSL.name("n", "oid")).eq(DSL.field(DSL.name("c", "relnamespace"))))
                .where(DSL.field(DSL.name("n", "nspname"), String.class).eq(schema))
                .and(DSL.field(DSL.name("c", "relname"), String.class).eq(name))
                .fetchOne(0, String[].class);
        return options != null && Arrays.asList(options).contains("security_barrier=true");
    }

    /**
     * Whether {@code schema.name} is a view that should be a security barrier and is not: PostgreSQL only (Derby
     * has no such views), e.g. after someone ran {@code ALTER VIEW ... RESET (security_barrier)}.
     */
    public static boolean lacksBarrier(DSLContext ctx, String schema, String name) {
        return isPostgresView(ctx, schema, name) && !isSecurityBarrier(ctx, schema, name);
    }

    /**
     * Whether {@code schema.name} is a PostgreSQL view whose definition does not end in {@code OFFSET 0}, the fence
     * {@link #createGuarded} puts around every release view (e.g. one replaced by hand without it): a reader's
     * leakproof conditions then reach below its filter. The same test as migration V8 and least-privilege.sql.
     */
    public static boolean lacksOffsetFence(DSLContext ctx, String schema, String name) {
        if (!isPostgresView(ctx, schema, name)) {
            return false;
        }
        String definition = ctx.select(DSL.field(DSL.name("definition"), String.class))
                .from(DSL.table(DSL.name("pg_catalog", "pg_views")))
                .where(DSL.field(DSL.name("schemaname"), String.class).eq(schema))
                .and(DSL.field(DSL.name("viewname"), String.class).eq(name))
                .fetchOne(0, String.class);
        return definition == null || !OFFSET_FENCE.matcher(definition).find();
    }

    private static boolean isPostgresView(DSLContext ctx, String schema, String name) {
        return ctx.dialect().family() == SQLDialect.POSTGRES
                && Relations.kind(ctx, schema, name).orElse(null) == Relations.Kind.VIEW;
    }
}
