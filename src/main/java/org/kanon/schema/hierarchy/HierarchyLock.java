package org.kanon.schema.hierarchy;

import org.jooq.DSLContext;
import org.kanon.db.NameLock;
import org.kanon.schema.SourceTable;

/**
 * The lock on one table's hierarchies (PostgreSQL; a no-op on Derby, see {@link NameLock}). A binder holds it
 * exclusively while it replaces dimension tables; a release writer holds it shared while it checks that the
 * hierarchies it was planned with are still bound and builds its relation over them. So a release never reads a
 * dimension table being replaced, and a binder never drops one under a release being made: it waits, then finds the
 * new view release in the register and refuses.
 */
public final class HierarchyLock {
    private HierarchyLock() {
    }

    /** For a binder of {@code table}'s hierarchies: first thing in its transaction. */
    public static void exclusive(DSLContext tx, SourceTable table) {
        NameLock.acquire(tx, NameLock.Kind.HIERARCHY, table.schema(), table.name());
    }

    /** For a reader of {@code table}'s dimension tables that must not change under it: first thing in its transaction. */
    public static void shared(DSLContext tx, SourceTable table) {
        NameLock.acquireShared(tx, NameLock.Kind.HIERARCHY, table.schema(), table.name());
    }
}
