package org.kanon.db;

import org.jooq.DSLContext;
import org.jooq.Name;
import org.jooq.Select;
import org.kanon.db.dialect.DatabaseProfile;
import org.kanon.db.dialect.DatabaseProfiles;

/**
 * Views that filter personal data. A reader of such a view must see its rows only, so on PostgreSQL every one is a
 * security barrier: the planner then evaluates the reader's own conditions only on rows the view lets through. A
 * plain view is merged into the reader's query, and a condition the reader wrote (a {@code pg_temp} function that
 * records its arguments, or a cast that fails with the text of the value) may run on the rows the view filters out.
 * Derby has no such option; embedded Derby has no reader role either (whoever opens the database reads every table).
 */
public final class Views {
    private Views() {
    }

    /**
     * Creates {@code view} as {@code select}, guarded where the database can keep a reader's conditions out of it
     * (on PostgreSQL a security barrier fenced by {@code OFFSET 0}: see {@link DatabaseProfile#createGuardedView}).
     * Called inside the writing transaction, so no reader ever sees the view unguarded.
     */
    public static void createGuarded(DSLContext tx, Name view, Select<?> select) {
        DatabaseProfiles.of(tx.dialect()).createGuardedView(tx, view, select);
    }

    /** Whether the view {@code schema.name} is a security barrier; false where the database has none. */
    public static boolean isSecurityBarrier(DSLContext ctx, String schema, String name) {
        DatabaseProfile profile = DatabaseProfiles.of(ctx.dialect());
        return profile.hasViewBarriers() && profile.isSecurityBarrier(ctx, schema, name);
    }

    /**
     * Whether {@code schema.name} is a view that should be a security barrier and is not (where views can be), e.g.
     * after someone ran {@code ALTER VIEW ... RESET (security_barrier)}.
     */
    public static boolean lacksBarrier(DSLContext ctx, String schema, String name) {
        DatabaseProfile profile = DatabaseProfiles.of(ctx.dialect());
        return guardedView(profile, ctx, schema, name) && !profile.isSecurityBarrier(ctx, schema, name);
    }

    /**
     * Whether {@code schema.name} is a view whose definition lacks the fence {@link #createGuarded} puts around every
     * release view (where views are guarded; e.g. one replaced by hand without it): a reader's leakproof conditions
     * then reach below its filter.
     */
    public static boolean lacksOffsetFence(DSLContext ctx, String schema, String name) {
        DatabaseProfile profile = DatabaseProfiles.of(ctx.dialect());
        return profile.viewFence().isPresent() && Relations.kind(ctx, schema, name).orElse(null) == Relations.Kind.VIEW
                && !profile.hasFencedDefinition(ctx, schema, name);
    }

    private static boolean guardedView(DatabaseProfile profile, DSLContext ctx, String schema, String name) {
        return profile.hasViewBarriers() && Relations.kind(ctx, schema, name).orElse(null) == Relations.Kind.VIEW;
    }
}
